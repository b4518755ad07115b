// One agent turn, seed 002: Discuss (the message streams to the person; only the
// research tools and `ready_to_summarize`) → Summarize (no tools; one line) →
// Serialize (the finalization tool only, tool choice required, validated by zod, up to
// 3 retries fed compact feedback). No free-text fallback: a turn that never validates
// is an agent failure.
import type { LanguageModel, ModelMessage, ToolSet } from "ai";
import { jsonSchema, streamText, tool } from "ai";
import { z } from "zod";
import type { TaskDef } from "../protocol/tasks";
import { toolErrorFeedback, validationFeedback, type ValidationFeedback } from "./validation-feedback";

export const VALIDATION_RETRIES = 3;

export type AgentFailureKind = "error" | "timeout" | "no_output" | "invalid_output";

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
  const discussTools: ToolSet = {
    ...input.researchTools,
    ready_to_summarize: tool({
      description: "Call when your message is complete.",
      inputSchema: jsonSchema({ type: "object", properties: {}, additionalProperties: false }),
    }),
  };
  const text = await call(input, history, discussTools, "auto", usage, input.onDelta);
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

interface CallResult {
  text: string;
  toolCalls: Array<{ toolName: string; input: unknown }>;
}

async function call(
  input: AgentTurnInput<z.ZodType>,
  messages: ModelMessage[],
  tools: ToolSet | undefined,
  toolChoice: "auto" | { type: "tool"; toolName: string } | undefined,
  usage: TurnUsage,
  onDelta?: (t: string) => void,
): Promise<CallResult> {
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
      onError: ({ error }) => {
        streamError ??= error;
      },
    });
    let text = "";
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") {
        text += part.text;
        onDelta?.(part.text);
      } else if (part.type === "error") {
        streamError ??= part.error;
      }
    }
    if (streamError) throw streamError;
    const [calls, u] = await Promise.all([result.toolCalls, result.usage]);
    usage.inputTokens += u.inputTokens ?? 0;
    usage.outputTokens += u.outputTokens ?? 0;
    return { text, toolCalls: calls.map((c) => ({ toolName: c.toolName, input: c.input })) };
  } catch (e) {
    if (timeout.aborted && !input.abortSignal?.aborted) {
      throw new AgentTurnError("timeout", `the model did not answer within ${input.timeoutMs} ms`);
    }
    if (e instanceof AgentTurnError) throw e;
    throw new AgentTurnError("error", e instanceof Error ? e.message : String(e));
  }
}
