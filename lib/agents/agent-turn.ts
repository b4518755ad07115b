// One agent turn, seed 002: Discuss (the message streams to the person; only the
// research tools and `ready_to_summarize`) → Summarize (no tools; one line) →
// Serialize (the finalization tool only, tool choice required, validated by zod, up to
// 3 retries fed compact feedback). No free-text fallback: a turn that never validates
// is an agent failure.
import type { LanguageModel, ModelMessage, StopCondition, ToolSet } from "ai";
import { hasToolCall, jsonSchema, stepCountIs, streamText, tool, ToolChoiceViolationError } from "ai";
import { z } from "zod";
import type { TaskDef } from "../protocol/tasks";
import { toolErrorFeedback, validationFeedback, type ValidationFeedback } from "./validation-feedback";

export const VALIDATION_RETRIES = 3;
/** Discuss may run research tools for a few steps; `ready_to_summarize` ends it sooner. */
export const MAX_DISCUSS_STEPS = 5;
export const READY_TOOL = "ready_to_summarize";

/**
 * `cancelled` is an external abort (the party was cancelled or the runner is shutting
 * down): not the agent's fault, so callers must not retry it or record it as a failure.
 * `timeout` is the per-call limit running out.
 */
export type AgentFailureKind = "error" | "timeout" | "cancelled" | "no_output" | "invalid_output";

export class AgentTurnError extends Error {
  constructor(
    readonly kind: AgentFailureKind,
    message: string,
    readonly feedback?: ValidationFeedback[],
  ) {
    super(message);
    this.name = "AgentTurnError";
  }
}

export interface TurnUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface AgentTurnInput<S extends z.ZodType> {
  model: LanguageModel;
  task: TaskDef<S>;
  system: string;
  prompt: string;
  /** Called with each streamed piece of the Discuss text. */
  onDelta?: (text: string) => void;
  /** Research tools, offered during Discuss only. */
  researchTools?: ToolSet;
  timeoutMs: number;
  abortSignal?: AbortSignal;
  /** Validates beyond the schema (e.g. required artifact sections); returns problems. */
  refine?: (out: z.infer<S>) => string[];
}

export interface AgentTurnResult<T> {
  output: T;
  /** What streamed during Discuss. */
  text: string;
  summary: string;
  usage: TurnUsage;
  serializeAttempts: number;
}

const SUMMARIZE = "Summarize what you just said in ONE short line (under 100 characters), for a message list.";

export async function runAgentTurn<S extends z.ZodType>(input: AgentTurnInput<S>): Promise<AgentTurnResult<z.infer<S>>> {
  const usage: TurnUsage = { inputTokens: 0, outputTokens: 0 };
  const history: ModelMessage[] = [{ role: "user", content: input.prompt }];

  // Discuss.
  // Research tools execute and the loop goes on; the signal tool has no execute and the
  // loop stops on it (and after MAX_DISCUSS_STEPS at the latest).
  const discussTools: ToolSet = {
    ...input.researchTools,
    [READY_TOOL]: tool({
      description: "Call when your message is complete.",
      inputSchema: jsonSchema({ type: "object", properties: {}, additionalProperties: false }),
    }),
  };
  const text = await call(input, history, discussTools, "auto", usage, input.onDelta, [hasToolCall(READY_TOOL), stepCountIs(MAX_DISCUSS_STEPS)]);
  history.push({ role: "assistant", content: text.text || "(no text)" });

  // Summarize.
  history.push({ role: "user", content: SUMMARIZE });
  const summary = (await call(input, history, undefined, undefined, usage)).text.trim().split("\n")[0].slice(0, 160);
  history.push({ role: "assistant", content: summary || "(no summary)" });

  // Serialize, with the validation-retry loop.
  const finalTool = tool({
    description: input.task.toolDescription,
    // The model sees the real JSON schema; we validate ourselves so that a failure
    // becomes feedback instead of an exception inside the SDK.
    inputSchema: jsonSchema(z.toJSONSchema(input.task.schema, { io: "input", unrepresentable: "any" }) as never),
  });
  const tools: ToolSet = { [input.task.tool]: finalTool };
  const feedback: ValidationFeedback[] = [];
  history.push({
    role: "user",
    content: `Now call ${input.task.tool}() with the structured form of your message. Use only the fields of its schema.`,
  });
  for (let attempt = 1; attempt <= 1 + VALIDATION_RETRIES; attempt++) {
    const r = await call(input, history, tools, { type: "tool", toolName: input.task.tool }, usage);
    const tc = r.toolCalls.find((c) => c.toolName === input.task.tool);
    let fb: ValidationFeedback;
    if (!tc) {
      fb = toolErrorFeedback(input.task.tool, "no call to the finalization tool was made");
    } else if (tc.invalid && typeof tc.input === "string") {
      // The SDK could not parse the arguments (InvalidToolInputError): the raw text comes back.
      fb = unparsableInputFeedback(input.task.tool, tc.input, tc.error);
    } else {
      const parsed = input.task.schema.safeParse(tc.input);
      if (parsed.success) {
        const problems = input.refine?.(parsed.data) ?? [];
        if (problems.length === 0) {
          return { output: parsed.data, text: text.text, summary, usage, serializeAttempts: attempt };
        }
        fb = {
          result: "validation_failed",
          issues: {
            invalid: problems.map((p) => ({ field: "markdown", provided: "[document]", problem: p, requirement: "every required section" })),
            missing: [],
            unknown: [],
          },
          issue_count: problems.length,
          action: `Call ${input.task.tool}() with corrected data. Unknown fields may be typos.`,
        };
      } else {
        fb = validationFeedback(parsed.error, tc.input, input.task.tool);
      }
    }
    feedback.push(fb);
    history.push({ role: "user", content: JSON.stringify(fb, null, 2) });
  }
  const last = feedback[feedback.length - 1];
  throw new AgentTurnError(
    last.result === "tool_error" ? "no_output" : "invalid_output",
    `${input.task.tool}() did not validate after ${1 + VALIDATION_RETRIES} attempts (${last.issue_count} issue(s) left)`,
    feedback,
  );
}

/** Feedback for tool input that is not JSON at all; same shape and key order as validationFeedback. */
export function unparsableInputFeedback(tool: string, raw: string, error?: unknown): ValidationFeedback {
  const why = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "not valid JSON";
  return {
    result: "validation_failed",
    issues: {
      invalid: [{ field: "(input)", provided: raw.length > 80 ? `${raw.slice(0, 77)}...` : raw, problem: `the arguments are not valid JSON: ${why.slice(0, 200)}`, requirement: `one JSON object matching the ${tool}() schema` }],
      missing: [],
      unknown: [],
    },
    issue_count: 1,
    action: `Call ${tool}() with corrected data. Unknown fields may be typos.`,
  };
}

interface CallResult {
  text: string;
  /** `invalid`: the SDK could not parse or validate the input; `input` is then the raw text when unparsable. */
  toolCalls: Array<{ toolName: string; input: unknown; invalid?: boolean; error?: unknown }>;
}

async function call(
  input: AgentTurnInput<z.ZodType>,
  messages: ModelMessage[],
  tools: ToolSet | undefined,
  toolChoice: "auto" | { type: "tool"; toolName: string } | undefined,
  usage: TurnUsage,
  onDelta?: (t: string) => void,
  stopWhen?: StopCondition<ToolSet>[],
): Promise<CallResult> {
  const cancelled = () => new AgentTurnError("cancelled", "the turn was cancelled");
  if (input.abortSignal?.aborted) throw cancelled();
  const timeout = AbortSignal.timeout(input.timeoutMs);
  const signal = input.abortSignal ? AbortSignal.any([input.abortSignal, timeout]) : timeout;
  let streamError: unknown;
  try {
    const result = streamText({
      model: input.model,
      system: input.system,
      messages,
      tools,
      toolChoice: toolChoice as never,
      maxRetries: 0,
      abortSignal: signal,
      ...(stopWhen ? { stopWhen } : {}),
      onError: ({ error }) => {
        streamError ??= error;
      },
    });
    let text = "";
    let aborted = false;
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") {
        text += part.text;
        onDelta?.(part.text);
      } else if (part.type === "error") {
        streamError ??= part.error;
      } else if (part.type === "abort") {
        aborted = true;
      }
    }
    if (aborted || signal.aborted) throw signal.reason ?? new Error("aborted");
    // The SDK enforces a forced tool choice itself; a model that answered in text instead
    // is a validation problem for the retry loop (tool_error feedback), not a failure.
    if (ToolChoiceViolationError.isInstance(streamError)) return { text, toolCalls: [] };
    if (streamError) throw streamError;
    const [calls, u] = await Promise.all([result.toolCalls, result.usage]);
    usage.inputTokens += u.inputTokens ?? 0;
    usage.outputTokens += u.outputTokens ?? 0;
    return {
      text,
      toolCalls: calls.map((c) => ({ toolName: c.toolName, input: c.input, ...("invalid" in c && c.invalid ? { invalid: true, error: c.error } : {}) })),
    };
  } catch (e) {
    // An external abort wins over a timeout that fired at about the same moment.
    if (input.abortSignal?.aborted) throw cancelled();
    if (timeout.aborted) throw new AgentTurnError("timeout", `the model did not answer within ${input.timeoutMs} ms`);
    if (e instanceof AgentTurnError) throw e;
    throw new AgentTurnError("error", e instanceof Error ? e.message : String(e));
  }
}
