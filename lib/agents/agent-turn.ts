// One agent turn in three steps (docs/models.md, "One agent turn"): Discuss (the message
// streams to the person; no tools, one step: the party runs in direct mode, so the
// discussion ends when the model stops) → Summarize (one line) → Serialize (the
// finalization tool only, forced, validated by zod, up to 3 retries fed compact
// feedback). No free-text fallback: a turn that never validates is an agent failure.
//
// What each call is sent: Discuss gets the whole prompt, the parts other calls share
// first (rules, party context, the material the task works on) so a provider's prompt
// cache serves them, then the agent and its task; Summarize and Serialize get only
// what converting the message needs — a short system, the task's instruction without
// its input sections, and the message itself — so a turn does not pay for its context
// three times. A failed serialize stays in the history as the model's own tool call,
// answered by a tool result marked as an error that carries the feedback.
import type { AssistantModelMessage, LanguageModel, ModelMessage, SystemModelMessage, ToolSet } from "ai";
import { jsonSchema, streamText, tool, ToolChoiceViolationError } from "ai";
import type { SharedV4ProviderOptions } from "@ai-sdk/provider";
import { z } from "zod";
import type { TaskDef } from "@inception-party/protocol";
import { backoffDelay, DEFAULT_RETRY, isTransient, sleep, type RetryPolicy } from "./provider-retry";
import type { WarmupRelease } from "./prefix-warmup";
import { addUsage, CHARS_PER_TOKEN, emptyUsage, estimateTokens, type TurnUsage } from "./turn-usage";
import { toolErrorFeedback, unparsableInputFeedback, validationFeedback, type ValidationFeedback } from "./validation-feedback";

export type { TurnUsage } from "./turn-usage";
export { unparsableInputFeedback } from "./validation-feedback";

export const VALIDATION_RETRIES = 3;

/**
 * `cancelled` is an external abort (the party was cancelled or the runner is shutting
 * down): not the agent's fault, so callers must not retry it or record it as a failure.
 * `timeout` is the first-token or idle limit running out.
 */
export type AgentFailureKind = "error" | "timeout" | "cancelled" | "no_output" | "invalid_output";

export class AgentTurnError extends Error {
  constructor(
    readonly kind: AgentFailureKind,
    message: string,
    readonly feedback?: ValidationFeedback[],
    /** What the turn's calls cost before it failed (recorded like any usage). */
    readonly usage: TurnUsage = emptyUsage(),
  ) {
    super(message);
    this.name = "AgentTurnError";
  }
}

export interface TurnPrompt {
  /** The rules: the same for every call of the party. */
  system: string;
  /** The party context (a digest of earlier phases): the same for every agent's turns in a phase. */
  context?: string;
  /** What the task works on that other agents' calls share (the artifact under critique, the debate so far). */
  material?: string;
  /** This agent and task: persona, header, instruction, its own input sections, the reminder. */
  task: string;
  /** For Summarize and Serialize: a short system line (who speaks). */
  followUpSystem: string;
  /** For Summarize and Serialize: the header lines that name the task (no input sections). */
  taskBrief: string;
  /** The task's instruction (the message format), repeated in the Serialize request. */
  instruction: string;
}

export interface Timeouts {
  /** Longest wait for the first token of a call. */
  firstTokenMs: number;
  /** Longest silence between tokens once a call streams. */
  idleMs: number;
}

export interface AgentTurnInput<S extends z.ZodType> {
  model: LanguageModel;
  task: TaskDef<S>;
  prompt: TurnPrompt;
  /** Called with each streamed piece of the Discuss text. */
  onDelta?: (text: string) => void;
  /** A transient fault cut the Discuss stream after some text: what streamed so far is void. */
  onRestart?: () => Promise<void> | void;
  /** Called after every model call, with what it cost (successful or not). */
  onUsage?: (u: TurnUsage) => void;
  /**
   * Before Discuss: waits while a concurrent call with the same shared prefix (system,
   * context, material) has not begun, so this one reads it from the provider's cache.
   */
  warmup?: (prefix: string) => Promise<WarmupRelease>;
  /** The shortest prefix the model's provider caches, in tokens; absent when it caches nothing. */
  cacheMinTokens?: number;
  timeouts: Timeouts;
  retry?: RetryPolicy;
  maxOutputTokens?: number;
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

export const SUMMARIZE_REQUEST = "Summarize the message you just wrote in ONE short line (under 100 characters), for a message list. Reply with that line only.";

export function serializeRequest(tool: string, instruction: string): string {
  return `Now call ${tool}() with the structured form of the message you wrote above: every field of its schema, taken from that message, and nothing else. The task and the message format were:\n${instruction}`;
}

// Prompt caching: Anthropic caches up to a marked block; OpenAI caches prefixes by itself.
const CACHE: SharedV4ProviderOptions = { anthropic: { cacheControl: { type: "ephemeral" } } };

export async function runAgentTurn<S extends z.ZodType>(input: AgentTurnInput<S>): Promise<AgentTurnResult<z.infer<S>>> {
  const usage = emptyUsage();
  const { prompt, task } = input;

  // Discuss: the whole prompt, shared parts first, no tools.
  const system: SystemModelMessage = { role: "system", content: prompt.system, providerOptions: CACHE };
  const shared = [prompt.context, prompt.material].filter((x): x is string => !!x);
  const discussMessages: ModelMessage[] = [...shared.map((content) => ({ role: "user" as const, content, providerOptions: CACHE })), { role: "user", content: prompt.task }];
  const began = shared.length && input.warmup ? await input.warmup([prompt.system, ...shared].join("\n\n")) : undefined;
  let discussed: CallResult;
  try {
    discussed = await call({ input, system, messages: discussMessages, usage, onDelta: input.onDelta, onBegin: began });
  } finally {
    began?.();
  }
  const text = discussed.text;

  // Summarize and Serialize: the message, no input sections. Summarize offers no tools,
  // except where its prompt is long enough for the provider to cache: then it carries
  // Serialize's tool list (not callable) so that Serialize, which extends it, is served
  // from the cache.
  const schemaJson = z.toJSONSchema(task.schema, { io: "input", unrepresentable: "any" });
  const finalTool = tool({
    description: input.task.toolDescription,
    // The model sees the real JSON schema; we validate ourselves so that a failure
    // becomes feedback instead of an exception inside the SDK. Not OpenAI strict mode:
    // the schemas use optional fields and length limits strict mode does not take.
    inputSchema: jsonSchema(schemaJson as never),
    strict: false,
  });
  const tools: ToolSet = { [task.tool]: finalTool };
  const followUp: SystemModelMessage = { role: "system", content: prompt.followUpSystem };
  const history: ModelMessage[] = [
    { role: "user", content: prompt.taskBrief },
    { role: "assistant", content: text || "(no text)" },
    { role: "user", content: SUMMARIZE_REQUEST },
  ];
  const summarizeChars = JSON.stringify({ name: task.tool, description: task.toolDescription, parameters: schemaJson }).length + followUp.content.length + JSON.stringify(history).length;
  const cacheable = input.cacheMinTokens !== undefined && summarizeChars / CHARS_PER_TOKEN >= input.cacheMinTokens;
  // Anthropic caches only up to a marked block: mark the end of Summarize's prompt.
  if (cacheable) history[2] = { ...history[2], providerOptions: CACHE } as ModelMessage;
  const summary = (await call({ input, system: followUp, messages: history, tools: cacheable ? tools : undefined, toolChoice: cacheable ? "none" : undefined, usage })).text.trim().split("\n")[0].slice(0, 160);
  history.push({ role: "assistant", content: summary || "(no summary)" }, { role: "user", content: serializeRequest(task.tool, prompt.instruction) });

  const feedback: ValidationFeedback[] = [];
  for (let attempt = 1; attempt <= 1 + VALIDATION_RETRIES; attempt++) {
    const r = await call({ input, system: followUp, messages: history, tools, toolChoice: { type: "tool", toolName: task.tool }, usage });
    const tc = r.toolCalls.find((c) => c.toolName === task.tool);
    let fb: ValidationFeedback;
    if (!tc) {
      fb = toolErrorFeedback(task.tool, r.text.trim() ? "you answered in text instead of calling the tool" : "no call to the finalization tool was made");
    } else if (tc.invalid && typeof tc.input === "string") {
      // The SDK could not parse the arguments (InvalidToolInputError): the raw text comes back.
      fb = unparsableInputFeedback(task.tool, tc.input, tc.error);
    } else {
      const parsed = task.schema.safeParse(tc.input);
      if (parsed.success) {
        const problems = input.refine?.(parsed.data) ?? [];
        if (problems.length === 0) return { output: parsed.data, text, summary, usage, serializeAttempts: attempt };
        fb = {
          result: "validation_failed",
          issues: {
            invalid: problems.map((p) => ({ field: "markdown", provided: "[document]", problem: p, requirement: "every required `## ` section, named exactly" })),
            missing: [],
            unknown: [],
          },
          issue_count: problems.length,
          action: `Call ${task.tool}() with corrected data. Unknown fields may be typos.`,
        };
      } else {
        fb = validationFeedback(parsed.error, tc.input, task.tool);
      }
    }
    feedback.push(fb);
    history.push(...feedbackMessages(r, tc, fb));
  }
  const last = feedback[feedback.length - 1];
  throw new AgentTurnError(
    last.result === "tool_error" ? "no_output" : "invalid_output",
    `${task.tool}() did not validate after ${1 + VALIDATION_RETRIES} attempts (${last.issue_count} issue(s) left)`,
    feedback,
    usage,
  );
}

/**
 * The native retry pattern: the model's own call stays in the history, answered by a
 * tool result marked as an error. A text answer instead of the call gets the feedback
 * as the next user message (there is no call to answer).
 */
function feedbackMessages(r: CallResult, tc: CallResult["toolCalls"][number] | undefined, fb: ValidationFeedback): ModelMessage[] {
  const value = JSON.stringify(fb);
  if (!tc) return [{ role: "assistant", content: r.text.trim() || "(no answer)" }, { role: "user", content: value }];
  const assistant: AssistantModelMessage = {
    role: "assistant",
    content: [
      ...(r.text.trim() ? [{ type: "text" as const, text: r.text }] : []),
      // Unparsable arguments cannot be sent back as a call's input (providers want an
      // object); the feedback quotes them instead.
      { type: "tool-call", toolCallId: tc.toolCallId, toolName: tc.toolName, input: tc.input !== null && typeof tc.input === "object" ? tc.input : {} },
    ],
  };
  return [assistant, { role: "tool", content: [{ type: "tool-result", toolCallId: tc.toolCallId, toolName: tc.toolName, output: { type: "error-text", value } }] }];
}

interface CallResult {
  text: string;
  /** `invalid`: the SDK could not parse or validate the input; `input` is then the raw text when unparsable. */
  toolCalls: Array<{ toolCallId: string; toolName: string; input: unknown; invalid?: boolean; error?: unknown }>;
}

type ToolChoice = "none" | { type: "tool"; toolName: string } | undefined;

/** One model call's arguments: the turn, the prompt, the tools offered, the accounting, and the progress hooks. */
interface CallArgs {
  input: AgentTurnInput<z.ZodType>;
  system: SystemModelMessage;
  messages: ModelMessage[];
  tools?: ToolSet;
  toolChoice?: ToolChoice;
  usage: TurnUsage;
  onDelta?: (t: string) => void;
  /** Called when the response begins producing (the provider has cached the prompt by then). */
  onBegin?: () => void;
}

/** One model call, with transient faults retried inside it (backoff, Retry-After) up to a time bound. */
async function call(args: CallArgs): Promise<CallResult> {
  const { input, usage } = args;
  const policy = input.retry ?? DEFAULT_RETRY;
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    const streamed = { any: false };
    try {
      return await attemptCall(streamed, args);
    } catch (e) {
      if (!(e instanceof TransientFault)) throw e;
      const wait = backoffDelay(policy, attempt, e.cause);
      if (Date.now() - started + wait > policy.maxElapsedMs) {
        throw new AgentTurnError("error", `the provider kept failing for ${Math.round((Date.now() - started) / 1000)} s (${attempt} attempts): ${e.message}`, undefined, usage);
      }
      if (streamed.any) await input.onRestart?.();
      try {
        await sleep(wait, input.abortSignal);
      } catch {
        // The wait only rejects when the turn is aborted.
        throw new AgentTurnError("cancelled", "the turn was cancelled", undefined, usage);
      }
    }
  }
}

class TransientFault extends Error {
  constructor(readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : typeof cause === "object" ? JSON.stringify(cause) : String(cause));
  }
}

// Stream parts that show the model is producing (reset the idle timer).
const PROGRESS = new Set(["text-delta", "reasoning-delta", "tool-input-start", "tool-input-delta", "tool-call", "finish-step"]);

async function attemptCall(streamed: { any: boolean }, { input, system, messages, tools, toolChoice, usage, onDelta, onBegin }: CallArgs): Promise<CallResult> {
  const cancelled = () => new AgentTurnError("cancelled", "the turn was cancelled", undefined, usage);
  if (input.abortSignal?.aborted) throw cancelled();
  const { firstTokenMs, idleMs } = input.timeouts;
  const watchdog = new AbortController();
  let timedOut: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (ms: number, what: string) => {
    clearTimeout(timer);
    const due = Date.now() + ms;
    const fire = (recheck: boolean) => () => {
      // Fired late: this process was busy (its event loop blocked), so tokens may be waiting
      // unread in the socket. Timers run before sockets are read: look once more after that,
      // instead of calling the model silent and cutting a stream it already sent.
      if (recheck && Date.now() - due > LATE_TIMER_MS) {
        timer = setTimeout(fire(false), Math.min(ms, 1_000));
        return;
      }
      timedOut = what;
      watchdog.abort(new Error(what));
    };
    timer = setTimeout(fire(true), ms);
  };
  arm(firstTokenMs, `the model sent no first token within ${firstTokenMs} ms`);
  const signal = input.abortSignal ? AbortSignal.any([input.abortSignal, watchdog.signal]) : watchdog.signal;

  let text = "";
  let reported: TurnUsage | null = null;
  let received = false;
  let httpStatus: number | undefined;
  // The response began (the provider answered with a stream): not a connection failure.
  let responded = false;
  let streamError: unknown;
  const calls: CallResult["toolCalls"] = [];
  const promptChars = system.content.length + JSON.stringify(messages).length + (tools ? JSON.stringify(Object.keys(tools)).length + 400 : 0);
  try {
    const result = streamText({
      model: input.model,
      system,
      messages,
      tools,
      toolChoice: toolChoice as never,
      // Retries are ours (above): bounded by time, jittered, honouring Retry-After.
      maxRetries: 0,
      maxOutputTokens: input.maxOutputTokens,
      abortSignal: signal,
      onError: ({ error }) => {
        streamError ??= error;
      },
    });
    for await (const part of result.fullStream) {
      if (part.type === "start-step") responded = true;
      if (PROGRESS.has(part.type)) {
        if (!received) onBegin?.();
        received = true;
        arm(idleMs, `the model stopped sending tokens for ${idleMs} ms`);
      }
      if (part.type === "text-delta") {
        text += part.text;
        streamed.any = true;
        onDelta?.(part.text);
      } else if (part.type === "tool-call") {
        calls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input, ...("invalid" in part && part.invalid ? { invalid: true, error: part.error } : {}) });
      } else if (part.type === "tool-error") {
        // An input the SDK could not parse arrives as a tool error with the raw text.
        if (!calls.some((c) => c.toolCallId === part.toolCallId)) calls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input, invalid: true, error: part.error });
      } else if (part.type === "finish-step") {
        reported = fromSdkUsage(part.usage);
      } else if (part.type === "error") {
        streamError ??= part.error;
      }
    }
    if (input.abortSignal?.aborted) throw cancelled();
    if (timedOut) throw new AgentTurnError("timeout", timedOut, undefined, usage);
    // The SDK enforces a forced tool choice itself; a model that answered in text instead
    // is a validation problem for the retry loop (tool_error feedback), not a failure.
    if (streamError && !ToolChoiceViolationError.isInstance(streamError)) throw streamError;
    if (ToolChoiceViolationError.isInstance(streamError)) calls.length = 0;
    return { text, toolCalls: calls };
  } catch (e) {
    if (e instanceof AgentTurnError) throw e;
    // An external abort wins over a timeout that fired at about the same moment.
    if (input.abortSignal?.aborted) throw cancelled();
    if (timedOut) throw new AgentTurnError("timeout", timedOut, undefined, usage);
    httpStatus = (e as { statusCode?: number }).statusCode;
    if (isTransient(e)) throw new TransientFault(e);
    throw new AgentTurnError("error", e instanceof Error ? e.message : typeof e === "object" ? JSON.stringify(e) : String(e), undefined, usage);
  } finally {
    clearTimeout(timer);
    // Every call is counted: what the provider reported, else an estimate (flagged).
    // A call refused with an HTTP error cost nothing; a request that never reached the
    // provider (a connection error) is no call; one that timed out or broke mid-stream
    // is estimated.
    const unreached = !responded && !received && !timedOut && httpStatus === undefined;
    const refused = !received && !timedOut && httpStatus !== undefined;
    const u: TurnUsage =
      reported ?? (unreached ? emptyUsage() : refused ? { ...emptyUsage(), calls: 1 } : estimateTokens(promptChars, text.length + JSON.stringify(calls.map((c) => c.input)).length));
    addUsage(usage, u);
    input.onUsage?.(u);
  }
}

/** How late a timeout may fire before the lateness is this process's own, not the model's. */
const LATE_TIMER_MS = 250;

function fromSdkUsage(u: { inputTokens: number | undefined; outputTokens: number | undefined; inputTokenDetails?: { cacheReadTokens?: number; cacheWriteTokens?: number } }): TurnUsage | null {
  if (u.inputTokens == null && u.outputTokens == null) return null;
  return {
    inputTokens: u.inputTokens ?? 0,
    outputTokens: u.outputTokens ?? 0,
    cacheReadTokens: u.inputTokenDetails?.cacheReadTokens ?? 0,
    cacheWriteTokens: u.inputTokenDetails?.cacheWriteTokens ?? 0,
    calls: 1,
    estimatedCalls: 0,
  };
}
