// The prompt as plain text: every text part of every message (system, user,
// assistant, tool results) joined, which is what `parsePrompt` reads. Also finds the
// validation feedback the engine sends back after a bad serialize.
import type { LanguageModelV4Prompt, LanguageModelV4ToolResultPart } from "@ai-sdk/provider";
import { parsePrompt, SECTION, type ParsedPrompt } from "@inception-party/protocol";

function toolResultText(part: LanguageModelV4ToolResultPart): string {
  const o = part.output;
  switch (o.type) {
    case "text":
    case "error-text":
      return o.value;
    case "json":
    case "error-json":
      return JSON.stringify(o.value);
    case "content":
      return o.value.map((v) => ("text" in v && typeof v.text === "string" ? v.text : "")).join("\n");
    default:
      return "";
  }
}

function messageText(m: LanguageModelV4Prompt[number]): string {
  if (m.role === "system") return m.content;
  return m.content
    .map((p) => (p.type === "text" ? p.text : p.type === "tool-result" ? toolResultText(p) : ""))
    .filter(Boolean)
    .join("\n");
}

export function promptToText(prompt: LanguageModelV4Prompt): string {
  return prompt.map(messageText).filter(Boolean).join("\n\n");
}

/** Text of the last user or tool message: where feedback and follow-ups arrive. */
export function lastInputText(prompt: LanguageModelV4Prompt): string {
  const last = [...prompt].reverse().find((m) => m.role === "user" || m.role === "tool");
  return last ? messageText(last) : "";
}

/** True when the discussion already ended: the last message answers a ready_to_summarize call. */
export function afterReadySignal(prompt: LanguageModelV4Prompt, readyTool: string): boolean {
  const last = prompt[prompt.length - 1];
  return last?.role === "tool" && last.content.some((p) => p.type === "tool-result" && p.toolName === readyTool);
}

export function hasValidationFeedback(prompt: LanguageModelV4Prompt): boolean {
  return /"result"\s*:\s*"validation_failed"/.test(lastInputText(prompt));
}

/** The header and sections wherever they are: a section may sit in the system message, in a user message, or appear in several messages (a digest first, the latest turn later). The last occurrence is the freshest; what the person said into the room is every occurrence together, oldest first, each message once. */
export function readPrompt(text: string): ParsedPrompt {
  const parsed = parsePrompt(text);
  for (const name of Object.values(SECTION)) {
    const all = [...text.matchAll(new RegExp(`<${name}>\\n([\\s\\S]*?)\\n</${name}>`, "g"))].map((m) => m[1].replaceAll(`<\\/${name}>`, `</${name}>`));
    if (all.length < 2) continue;
    parsed.sections[name] = name === SECTION.personMessages ? [...new Set(all.flatMap((b) => b.split(/\n(?=THE PERSON \()/).map((x) => x.trim())))].join("\n\n") : all[all.length - 1];
  }
  return parsed;
}
