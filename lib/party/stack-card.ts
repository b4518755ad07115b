// The TECH STACK RECOMMENDATION card of 000 §3.5, used by both modes.
import type { ProposalOutput } from "../protocol/outputs";

export function stackCard(p: ProposalOutput, consensus: string | null, notes: string[]): string {
  const row = (label: string, c: { choice: string; rationale: string }) => `  ${label.padEnd(13)}${c.choice}\n               ${c.rationale}`;
  return [
    "Your team has evaluated options and recommends:",
    "",
    row("Language:", p.language),
    "",
    row("Framework:", p.framework),
    "",
    row("Database:", p.database),
    "",
    ...p.additional.map((a) => `  ${a.choice} — ${a.rationale}`),
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
