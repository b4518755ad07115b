import type { Recommendation, Verdict } from "./consensus";
import { formatAverage } from "./discussion-record";
import type { DivergentPoint, Severity } from "./divergence";
import type { ActionItem } from "./synthesize";
import { oneLine } from "./text-similarity";

export interface SummaryInput {
  role: string;
  taskId: string;
  roundId: string;
  artifactPath: string;
  recordPath: string;
  verdict: Verdict;
  severity: Severity;
  treatAsReached: boolean;
  averageRating: number;
  recommendation: Recommendation;
  divergentViews: DivergentPoint[];
  actionItems: ActionItem[];
  /** Degraded-run notes (fallbacks, failures); appended as a last `Notes:` line. */
  notes: string[];
}

const TOP = 3;

const numberedInline = (items: string[]) =>
  items.length === 0 ? "none" : items.map((item, i) => `${i + 1}. ${oneLine(item)}`).join("; ");

const divergencesInline = (points: DivergentPoint[]) =>
  points.length === 0
    ? "none"
    : points
        .slice(0, TOP)
        .map((p) => `${oneLine(p.topic)} (${p.severity}): ${oneLine(p.description)}`)
        .join("; ");

/**
 * 003 "Return Value". Blocked HIGH/MEDIUM uses the calling role's SendMessage format line
 * for line, so the role can forward it unchanged. LOW is "treat as reached with notes"
 * (003 integration table), so it uses the reached layout plus its divergences.
 */
export function formatCritiqueSummary(input: SummaryInput): string {
  const notes = input.notes.length === 0 ? [] : [`Notes: ${input.notes.map(oneLine).join("; ")}`];
  const keyActions = numberedInline(input.actionItems.slice(0, TOP).map((a) => a.text));

  if (input.verdict === "consensus_reached") {
    return [
      "Verdict: consensus_reached",
      `Average rating: ${formatAverage(input.averageRating)}/5`,
      `Key action items: ${keyActions}`,
      `Discussion: ${input.recordPath}`,
      ...notes,
    ].join("\n");
  }

  if (input.treatAsReached) {
    return [
      `Verdict: consensus_blocked (severity=${input.severity}), treated as consensus_reached with notes`,
      `Average rating: ${formatAverage(input.averageRating)}/5`,
      `Key action items: ${keyActions}`,
      `Divergences: ${divergencesInline(input.divergentViews)}`,
      `Discussion: ${input.recordPath}`,
      ...notes,
    ].join("\n");
  }

  const header = `[${oneLine(input.role)}] ${oneLine(input.taskId)} complete.`;
  return [
    `${header} Discuss ${input.roundId}: consensus_blocked (severity=${input.severity})`,
    `Divergences: ${divergencesInline(input.divergentViews)}`,
    `Action items: ${numberedInline(input.actionItems.map((a) => a.text))}`,
    `Recommendation: ${input.recommendation}`,
    `Artifact: ${oneLine(input.artifactPath)}`,
    `Discussion: ${input.recordPath}`,
    ...notes,
  ].join("\n");
}
