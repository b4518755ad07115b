// The party's conversation as one markdown file: every finished message in order, the
// notes, and the next-steps blocks shown at each phase end.
import type { StoredEvent } from "../party/events";

const fence = (s: string) => "```text\n" + s.replaceAll("```", "'''") + "\n```";

export function transcriptMarkdown(events: StoredEvent[]): string {
  const out: string[] = ["# Inception Party transcript", ""];
  for (const e of events) {
    switch (e.type) {
      case "party-start":
        out.push(`**${e.data.title}**`, "", e.data.description, "");
        break;
      case "phase-start":
        out.push(`## Phase ${e.data.phase}: ${e.data.name}`, "");
        break;
      case "message-end":
        out.push(`### ${e.data.sender} → ${e.data.recipient ?? "all"} · ${e.data.label}`, "", fence(e.data.content), "");
        break;
      case "note":
        out.push(`> ${e.data.text.replaceAll("\n", "\n> ")}`, "");
        break;
      case "input-response":
        out.push(`**You answered**: ${[e.data.selection, e.data.text].filter(Boolean).join(" — ")}`, "");
        break;
      case "phase-end":
        if (e.data.nextSteps) out.push(fence(e.data.nextSteps), "");
        break;
      case "party-end":
        out.push(`**Party ${e.data.status}**${e.data.reason ? `: ${e.data.reason}` : ""}`, "");
        if (e.data.nextSteps) out.push(fence(e.data.nextSteps), "");
        break;
      default:
        break;
    }
  }
  return out.join("\n");
}
