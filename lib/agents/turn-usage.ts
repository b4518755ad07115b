// What model calls cost, as the turn counts it: tokens the provider reported, cached
// prompt tokens read and written, and how many calls there were and how many of them
// the provider sent no usage for (those are estimated at four characters a token).

export interface TurnUsage {
  inputTokens: number;
  outputTokens: number;
  /** Prompt tokens served from the provider's prompt cache (part of inputTokens). */
  cacheReadTokens: number;
  /** Prompt tokens written to the provider's prompt cache (part of inputTokens). */
  cacheWriteTokens: number;
  calls: number;
  /** Calls whose tokens are an estimate: the provider reported none. */
  estimatedCalls: number;
}

export const CHARS_PER_TOKEN = 4;

export function emptyUsage(): TurnUsage {
  return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, calls: 0, estimatedCalls: 0 };
}

export function estimateTokens(promptChars: number, outputChars: number): TurnUsage {
  return {
    inputTokens: Math.ceil(promptChars / CHARS_PER_TOKEN),
    outputTokens: Math.ceil(outputChars / CHARS_PER_TOKEN),
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    calls: 1,
    estimatedCalls: 1,
  };
}

export function addUsage(into: TurnUsage, u: TurnUsage): TurnUsage {
  into.inputTokens += u.inputTokens;
  into.outputTokens += u.outputTokens;
  into.cacheReadTokens += u.cacheReadTokens;
  into.cacheWriteTokens += u.cacheWriteTokens;
  into.calls += u.calls;
  into.estimatedCalls += u.estimatedCalls;
  return into;
}
