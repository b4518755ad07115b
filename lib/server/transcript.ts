// The party's conversation as one markdown file: every finished message in order (the
// person's own included), the notes, revisions, the walkthrough's outcomes, and the
// next-steps blocks shown at each phase end, in their canonical text.
import type { StoredEvent } from "../wire/events";
import { PERSON } from "../vocabulary";

const fence = (s: string) => "```text\n" + s.replaceAll("```", "'''") + "\n```";

export function transcriptMarkdown(events: StoredEvent[]): string {
  const out: string[] = ["# Inception Party transcript", ""];
  // The walkthrough review's answer text is its per-step choices (JSON); each step's outcome follows.
  const reviews = new Set<string>();
  for (const e of events) {
    switch (e.type) {
      case "party-start":
        out.push(`**${e.data.title}**`, "", e.data.description, "");
        break;
      case "phase-start":
        out.push(`## Phase ${e.data.phase}: ${e.data.name}`, "");
        break;
      case "message-end": {
        const who = (k: string | null) => (k === PERSON ? "you" : (k ?? "all"));
        out.push(`### ${who(e.data.sender)} → ${who(e.data.recipient)} · ${e.data.label}`, "", fence(e.data.content), "");
        break;
      }
      case "artifact-missing":
        out.push(`> **Missing**: ${e.data.reason}`, "");
        break;
      case "revision-start":
        out.push(`**${e.data.missing ? "Writing" : "Revising"} ${e.data.artifactPath}** (${e.data.agent}${e.data.source === "walkthrough" ? ", from the walkthrough" : e.data.source === "stack" ? ", for your stack change" : ""}): ${e.data.feedback.replaceAll("\n", " ")}`, "");
        break;
      case "revision-result":
        out.push(e.data.status === "completed" ? `**${e.data.artifactPath} is now version ${e.data.version}**${e.data.changesSummary ? `: ${e.data.changesSummary}` : ""}` : `**${e.data.artifactPath} was not revised**: ${e.data.reason}`, "");
        break;
      case "walkthrough-step":
        out.push(`**${e.data.title}**: ${e.data.outcome}`, "");
        break;
      case "note":
        out.push(`> ${e.data.text.replaceAll("\n", "\n> ")}`, "");
        break;
      case "input-request":
        if (e.data.kind === "walkthrough" && (e.data.details as { step?: unknown } | undefined)?.step === "review") reviews.add(e.data.requestId);
        break;
      case "input-response":
        if (reviews.has(e.data.requestId)) out.push("**You confirmed the walkthrough review**", "");
        else out.push(`**You answered**: ${[e.data.selection, e.data.text].filter(Boolean).join(" — ")}`, "");
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
