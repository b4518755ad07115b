import {
  detectDivergence,
  isCriticalIssue,
  stripCriticalPrefix,
  type DivergentPoint,
  type PerspectiveOutcome,
  type Severity,
} from "./divergence";
import { areSimilar, oneLine } from "./text-similarity";

export interface ConvergentTheme {
  kind: "strength" | "weakness";
  /** The first-seen wording of the theme. */
  text: string;
  /** Two or more perspectives, in input order. */
  perspectives: string[];
}

export interface ActionItem {
  text: string;
  perspectives: string[];
  /** Resolving a `CRITICAL:` weakness: always ranked first. */
  fromCriticalIssue: boolean;
}

export interface Synthesis {
  severity: Severity;
  /** A perspective marked a weakness `CRITICAL:`: consensus is blocked whatever the ratings. */
  hasCriticalIssue: boolean;
  convergentThemes: ConvergentTheme[];
  divergentViews: DivergentPoint[];
  actionItems: ActionItem[];
}

interface Cluster {
  text: string;
  perspectives: string[];
  firstIndex: number;
}

/**
 * Greedy single pass: each point joins the first cluster holding a similar point, else
 * starts one. Order-dependent but deterministic, and small enough to read at a glance.
 */
function cluster(points: ReadonlyArray<{ perspective: string; text: string }>): Cluster[] {
  const clusters: Array<Cluster & { members: string[] }> = [];
  points.forEach(({ perspective, text }, index) => {
    const clean = oneLine(text);
    const home = clusters.find((c) => c.members.some((m) => areSimilar(m, clean)));
    if (home === undefined) {
      clusters.push({ text: clean, perspectives: [perspective], firstIndex: index, members: [clean] });
      return;
    }
    home.members.push(clean);
    if (!home.perspectives.includes(perspective)) home.perspectives.push(perspective);
  });
  return clusters.map(({ text, perspectives, firstIndex }) => ({ text, perspectives, firstIndex }));
}

function themes(outcomes: readonly PerspectiveOutcome[], kind: ConvergentTheme["kind"]): ConvergentTheme[] {
  const points = outcomes.flatMap(({ name, result }) =>
    (kind === "strength" ? result.strengths : result.weaknesses).map((text) => ({
      perspective: name,
      text: stripCriticalPrefix(text),
    })),
  );
  return cluster(points)
    .filter((c) => c.perspectives.length >= 2)
    .map((c) => ({ kind, text: c.text, perspectives: c.perspectives }));
}

/**
 * Critical issues first, then suggestions from perspectives that raised a critical issue,
 * then by the lowest rating among a suggestion's supporters (the harshest critic's fixes
 * matter most for consensus), then by how many perspectives share it, then first-seen.
 */
function actionItems(outcomes: readonly PerspectiveOutcome[]): ActionItem[] {
  const ratingOf = new Map(outcomes.map((o) => [o.name, o.result.rating]));
  const raisedCritical = new Set(
    outcomes.filter((o) => o.result.weaknesses.some(isCriticalIssue)).map((o) => o.name),
  );

  const critical = cluster(
    outcomes.flatMap(({ name, result }) =>
      result.weaknesses.filter(isCriticalIssue).map((w) => ({ perspective: name, text: stripCriticalPrefix(w) })),
    ),
  ).map((c) => ({ text: `Resolve critical issue: ${c.text}`, perspectives: c.perspectives, fromCriticalIssue: true }));

  const suggestions = cluster(
    outcomes.flatMap(({ name, result }) => result.suggestions.map((text) => ({ perspective: name, text }))),
  );
  const key = (c: Cluster) => ({
    critical: c.perspectives.some((p) => raisedCritical.has(p)) ? 0 : 1,
    minRating: Math.min(...c.perspectives.map((p) => ratingOf.get(p) ?? 5)),
    support: c.perspectives.length,
  });
  const ranked = [...suggestions].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (
      ka.critical - kb.critical ||
      ka.minRating - kb.minRating ||
      kb.support - ka.support ||
      a.firstIndex - b.firstIndex
    );
  });

  return [
    ...critical,
    ...ranked.map((c) => ({ text: c.text, perspectives: c.perspectives, fromCriticalIssue: false })),
  ];
}

/** Convergent themes, divergent views, action items, and the overall severity. */
export function synthesize(outcomes: readonly PerspectiveOutcome[]): Synthesis {
  const divergence = detectDivergence(outcomes);
  return {
    severity: divergence.severity,
    hasCriticalIssue: divergence.hasCriticalIssue,
    convergentThemes: [...themes(outcomes, "strength"), ...themes(outcomes, "weakness")],
    divergentViews: divergence.points,
    actionItems: actionItems(outcomes),
  };
}
