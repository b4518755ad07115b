// What a revision may change. A model asked to add four entities can hand back a document
// that only lost twenty lines; the person asked for none of that. The guard compares the
// draft with the version it revises: lines the draft dropped that the feedback did not ask
// to remove are put back where they were, and a draft that, once restored, changes nothing
// (or adds none of the things the person named) is refused, so no empty version is made.
import { diffLines } from "diff";

export interface RevisionCheck {
  /** The version being revised (without its provenance line). */
  base: string;
  /** What the model wrote. */
  draft: string;
  /** What the person asked for. */
  feedback: string;
}

export type GuardVerdict =
  | {
      kind: "accept";
      /** The draft, with every unasked deletion put back. */
      content: string;
      /** How many non-blank lines were put back. */
      restored: number;
      /** Names the person asked to add that the draft still lacks (some were added). */
      notApplied: string[];
    }
  | {
      kind: "reject";
      /** unchanged: nothing left once the deletions are restored; nothing-applied: none of the named things was added. */
      why: "unchanged" | "nothing-applied";
      restored: number;
      notApplied: string[];
    };

// Words that ask for lines to go. "Rewrite", "shorten" and the like consent to any deletion.
const REMOVAL = /\b(?:remove[sd]?|removing|delete[sd]?|deleting|drop(?:s|ped|ping)?|get rid of|take out|leave out|without|no longer|instead of|replace[sd]?|replacing|rename[sd]?|cut|strip|exclude[sd]?|(?:don't|do not|doesn't|does not) need|not needed|unnecessary|redundant)\b/i;
const BROAD = /\b(?:rewrite|rewritten|shorten|shorter|simplify|simpler|trim|condense|concise|restructure|reorgani[sz]e|consolidate|merge|from scratch|start over|clean up|tidy)\b/i;

const STOP = new Set(
  "a an the and or but of to in on at for by with from into onto as is are be been it its this that these those there their them they we our you your i me my please also just only all any each every some more less much many one two three four five six seven eight nine ten new add adds added adding include includes including introduce put make should must need needs want wants would could can will use using keep so then than not no do does don't entity entities table tables field fields column columns section sections line lines part parts document doc item items thing things row rows list model data".split(" "),
);

const words = (s: string): string[] => s.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
const stem = (w: string) => (w.length > 4 && w.endsWith("es") && /(?:ch|sh|x|s|z)es$/.test(w) ? w.slice(0, -2) : w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w);
const contentWords = (s: string) => words(s).filter((w) => w.length >= 3 && !STOP.has(w)).map(stem);

/** The clauses of the feedback that ask for something to go, and their content words. */
function removalTerms(feedback: string): Set<string> {
  const clauses = feedback.split(/[.;!?\n]+|,\s*(?:and|but)\s+|\s+(?:and then|but)\s+/i);
  return new Set(clauses.filter((c) => REMOVAL.test(c)).flatMap((c) => contentWords(c.replace(REMOVAL, " "))));
}

const isHeading = (line: string) => /^#{1,6}\s/.test(line);
const headingLevel = (line: string) => line.match(/^(#+)/)![1].length;

/** Each base line's enclosing headings by line index (its own, if it is one): "remove the Coupon entity" takes its table too. */
function sectionsOf(lines: string[]): number[][] {
  const stack: number[] = [];
  return lines.map((l, i) => {
    if (isHeading(l)) {
      while (stack.length && headingLevel(lines[stack[stack.length - 1]]) >= headingLevel(l)) stack.pop();
      stack.push(i);
    }
    return [...stack];
  });
}

function counts(lines: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const l of lines) if (l.trim()) m.set(l.trim(), (m.get(l.trim()) ?? 0) + 1);
  return m;
}

const similar = (a: string, b: string): boolean => {
  const x = new Set(words(a));
  const y = new Set(words(b));
  if (!x.size || !y.size) return false;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / Math.min(x.size, y.size) >= 0.5;
};

/**
 * The things the person named that the base does not have yet: capitalised or code-like
 * names ("Voucher", "DriverShift", "SMS", `audit_log`). A name the base already holds is
 * not evidence either way; plain words ("shorter", "an article on accessibility") never are.
 */
export function requestedNames(feedback: string, base: string): string[] {
  const baseWords = new Set(words(base).map(stem));
  const out: string[] = [];
  for (const sentence of feedback.split(/(?<=[.!?;])\s+|\n+/)) {
    const tokens = sentence.match(/`[^`]+`|"[^"]+"|[\p{L}\p{N}_][\p{L}\p{N}_.+#-]*/gu) ?? [];
    tokens.forEach((t, i) => {
      const quoted = /^[`"]/.test(t);
      const name = t.replace(/^[`"]|[`"]$/g, "").replace(/[.-]+$/, "");
      const codeLike = /[a-z][A-Z]|_/.test(name) || /^[A-Z0-9]{2,}$/.test(name);
      const capitalised = /^\p{Lu}/u.test(name) && (i > 0 || codeLike);
      if (!quoted && !codeLike && !capitalised) return;
      const ws = words(name).map(stem);
      if (!ws.length || ws.every((w) => STOP.has(w) || baseWords.has(w))) return;
      if (!out.some((o) => o.toLowerCase() === name.toLowerCase())) out.push(name);
    });
  }
  return out;
}

function mentions(text: string, name: string): boolean {
  const have = new Set(words(text).map(stem));
  const flat = words(text).join("").replace(/_/g, "");
  return words(name).map(stem).every((w) => have.has(w)) || flat.includes(words(name).join("").replace(/_/g, ""));
}

const normal = (s: string) => s.replace(/[ \t]+$/gm, "").replace(/\n{3,}/g, "\n\n").trim();

/** Compares a revision's draft with its base; see the file's opening comment. */
export function guardRevision({ base, draft, feedback }: RevisionCheck): GuardVerdict {
  const baseLines = base.replace(/\n$/, "").split("\n");
  const sections = sectionsOf(baseLines);
  const removable = removalTerms(feedback);
  const broad = BROAD.test(feedback);
  const inBase = counts(baseLines);
  const inDraft = counts(draft.split("\n"));
  const asked = (at: number) => broad || [baseLines[at], ...sections[at].map((h) => baseLines[h])].flatMap(contentWords).some((t) => removable.has(t));

  // The diff as runs, each removed run knowing where it sat in the base and what replaced it.
  const parts = diffLines(base.replace(/\n$/, "") + "\n", draft.replace(/\n$/, "") + "\n");
  const runs: Array<{ kind: "same" | "added" | "removed"; lines: string[]; from: number; beside: string[] }> = [];
  let at = 0;
  parts.forEach((part, i) => {
    const lines = part.value.replace(/\n$/, "").split("\n");
    const kind = part.added ? "added" : part.removed ? "removed" : "same";
    const beside = kind === "removed" ? [parts[i - 1], parts[i + 1]].filter((p) => p?.added).flatMap((p) => p!.value.split("\n")) : [];
    runs.push({ kind, lines, from: at, beside });
    if (kind !== "added") at += lines.length;
  });

  // A removed line is lost unless it was asked for, moved (the draft holds it as often as the
  // base), or changed in place (a like line replaced it). A lost heading loses its whole section.
  const lost = new Set<number>();
  for (const r of runs.filter((r) => r.kind === "removed")) {
    r.lines.forEach((line, k) => {
      const t = line.trim();
      if (!t || asked(r.from + k)) return;
      if ((inDraft.get(t) ?? 0) >= (inBase.get(t) ?? 0)) return;
      if (r.beside.some((b) => similar(t, b))) return;
      lost.add(r.from + k);
    });
  }
  const lostHeadings = new Set([...lost].filter((i) => isHeading(baseLines[i])));
  const inBlock = (i: number) => sections[i].some((h) => lostHeadings.has(h));
  for (const r of runs.filter((r) => r.kind === "removed")) {
    r.lines.forEach((line, k) => {
      const i = r.from + k;
      if (line.trim() && !asked(i) && inBlock(i)) lost.add(i);
    });
  }
  // A lost section comes back whole at its heading's place, as the base had it: the diff may
  // have paired its generic lines (a table's header) with a new section's, which keeps them.
  const blockEnd = (h: number) => {
    let e = h + 1;
    while (e < baseLines.length && !(isHeading(baseLines[e]) && headingLevel(baseLines[e]) <= headingLevel(baseLines[h]))) e++;
    return e;
  };

  const out: string[] = [];
  let restored = 0;
  for (const r of runs) {
    if (r.kind !== "removed") {
      out.push(...r.lines);
      continue;
    }
    const own = r.lines.map((_, k) => r.from + k).filter((i) => !inBlock(i));
    const filled = own.filter((i) => baseLines[i].trim());
    // A run lost whole comes back whole, blank lines included, so its layout stays.
    const whole = filled.length > 0 && filled.every((i) => lost.has(i));
    r.lines.forEach((_, k) => {
      const i = r.from + k;
      if (lostHeadings.has(i) && !sections[i].some((h) => h !== i && lostHeadings.has(h))) {
        const block = baseLines.slice(i, blockEnd(i));
        out.push(...block);
        restored += block.filter((l) => l.trim()).length;
      } else if (!inBlock(i) && (whole || lost.has(i))) {
        out.push(baseLines[i]);
        if (lost.has(i)) restored++;
      }
    });
  }

  const content = out.join("\n") + (draft.endsWith("\n") ? "\n" : "");
  const names = requestedNames(feedback, base);
  const notApplied = names.filter((n) => !mentions(content, n));
  if (normal(content) === normal(base)) return { kind: "reject", why: "unchanged", restored, notApplied };
  if (names.length && notApplied.length === names.length) return { kind: "reject", why: "nothing-applied", restored, notApplied };
  return { kind: "accept", content, restored, notApplied };
}
