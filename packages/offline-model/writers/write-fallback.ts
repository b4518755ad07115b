// Prompts without our TASK header (another caller, or a plain chat): answer with
// something useful from the text instead of failing.
import { detectDomain } from "../knowledge/detect-domain";
import { applicableRegulations } from "../knowledge/regulations";
import { joinList, truncate } from "../text-utils";

export function writeFallback(promptText: string, lastUserText: string): string {
  const text = lastUserText || promptText;
  const traits = detectDomain(text);
  const regs = applicableRegulations(traits).filter((r) => r.legal).map((r) => r.name.split(" (")[0]);
  const labels = [...traits.ids].slice(0, 4).map((id) => id.replace(/_/g, " "));
  const lines = [
    "This is the built-in offline model. It answers the structured turns of an Inception Party (prompts with TASK and AGENT headers); this request has none, so here is a short reading of it.",
  ];
  if (text.trim()) lines.push(`You wrote: “${truncate(text.trim().replace(/\s+/g, " "), 200)}”`);
  if (labels.length) lines.push(`It touches ${joinList(labels)}.${regs.length ? ` Rules that likely apply: ${joinList(regs)}.` : ""}`);
  lines.push("Start a party with a project description to get questions from the team, a debated tech stack and the design documents.");
  return lines.join("\n\n");
}
