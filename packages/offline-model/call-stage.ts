// Which step of an agent turn a call is: Discuss offers the
// `ready_to_summarize` tool, Summarize offers no tools, Serialize forces the
// finalization tool. Anything else is answered as plain text.
import type { LanguageModelV4CallOptions, LanguageModelV4FunctionTool } from "@ai-sdk/provider";
import { TASKS, isTaskKey, taskForTool } from "@inception-party/protocol";

export const READY_TOOL = "ready_to_summarize";

export type Stage =
  | { kind: "discuss"; readyTool: boolean }
  | { kind: "summarize" }
  | { kind: "serialize"; tool: LanguageModelV4FunctionTool }
  | { kind: "json" }
  | { kind: "plain" };

export function detectStage(opts: LanguageModelV4CallOptions, task: string | undefined): Stage {
  const fns = (opts.tools ?? []).filter((t): t is LanguageModelV4FunctionTool => t.type === "function");
  const choice = opts.toolChoice ?? { type: "auto" as const };
  const ready = fns.some((t) => t.name === READY_TOOL);
  const taskTool = task && isTaskKey(task) ? TASKS[task].tool : undefined;

  if (choice.type === "tool") {
    const forced = fns.find((t) => t.name === choice.toolName);
    if (forced) return forced.name === READY_TOOL ? { kind: "discuss", readyTool: true } : { kind: "serialize", tool: forced };
  }
  if (choice.type !== "none") {
    const finalizer = fns.find((t) => t.name !== READY_TOOL && (t.name === taskTool || taskForTool(t.name)));
    if (choice.type === "required") {
      const tool = finalizer ?? fns.find((t) => t.name !== READY_TOOL);
      if (tool) return { kind: "serialize", tool };
    }
    if (ready) return { kind: "discuss", readyTool: true };
    if (finalizer) return { kind: "serialize", tool: finalizer };
  }
  if (opts.responseFormat?.type === "json") return { kind: "json" };
  if (!task || !isTaskKey(task)) return { kind: "plain" };
  // The first call of a turn (nothing said yet) writes the message, tools or not.
  if (!opts.prompt.some((m) => m.role === "assistant")) return { kind: "discuss", readyTool: false };
  // Tools we do not know (research tools) but no signal tool: answer the discussion in text.
  if (fns.length && choice.type !== "none") return { kind: "discuss", readyTool: false };
  return { kind: "summarize" };
}
