// The TECH STACK RECOMMENDATION card, used by both modes. Re-presented after the person's
// changes, it shows each row that changed as before → after, and what was removed.
import type { ProposalOutput } from "@inception-party/protocol";

type Choice = { choice: string; rationale: string };

export function stackCard(p: ProposalOutput, consensus: string | null, notes: string[], previous?: ProposalOutput): string {
  const row = (label: string, c: Choice, before?: Choice) =>
    `  ${label.padEnd(13)}${before && before.choice !== c.choice ? `${before.choice} → ${c.choice}` : c.choice}\n               ${c.rationale}`;
  const removed = previous ? previous.additional.filter((a) => !p.additional.some((b) => b.choice === a.choice)) : [];
  const isNew = (a: Choice) => Boolean(previous) && !previous!.additional.some((b) => b.choice === a.choice);
  return [
    "Your team has evaluated options and recommends:",
    "",
    row("Language:", p.language, previous?.language),
    "",
    row("Framework:", p.framework, previous?.framework),
    "",
    row("Database:", p.database, previous?.database),
    "",
    ...p.additional.map((a) => `  ${isNew(a) ? "(new) " : ""}${a.choice} — ${a.rationale}`),
    ...removed.map((a) => `  (removed) ${a.choice}`),
    ...(consensus ? ["", `CONSENSUS: ${consensus}`] : []),
    ...notes,
    "",
    "[Y] Yes, proceed with this stack",
    "[C] I have changes",
  ].join("\n");
}

export const STACK_OPTIONS = [
  { key: "Y", label: "Yes, proceed with this stack" },
  { key: "C", label: "I have changes" },
];
