// Row 8 — prompt tokens per party on the real-provider path: one whole party in memory
// against a scripted OpenAI-compatible server started here (answers from the offline
// model, well-behaved), counting what the server received: prompt and output tokens,
// calls, the share of prompt tokens a provider's prefix cache serves (prefixes of 1,024
// tokens or more, written by an earlier request whose response had begun), the share in
// a prefix any earlier request sent (the structural bound), and serialize retries.
import { createModelRegistry } from "../../lib/ai/model-registry";
import { startScriptedOpenAIServer } from "../../lib/ai/testing/scripted-openai-server";
import { driveInMemory } from "./drive";
import { judge, type Row } from "./report";
import { defineRow } from "./row";

export interface PromptTokensResult {
  outcome: string;
  calls: number;
  promptTokens: number;
  outputTokens: number;
  cachedTokens: number;
  cachedShare: number;
  /** Prompt tokens in a prefix an earlier request sent, at any length and time. */
  repeatedShare: number;
  /** Serialize calls after the first of a turn (validation retries). */
  serializeRetries: number;
  documents: number;
  byTool: Record<string, { calls: number; promptTokens: number }>;
}

export async function benchPromptTokens(o: { seed?: number } = {}): Promise<PromptTokensResult> {
  const server = await startScriptedOpenAIServer({ seed: o.seed ?? 7 });
  try {
    const models = createModelRegistry({
      defaultModel: "openai-compatible:scripted",
      openaiCompatibleBaseUrl: server.url,
      offline: { seed: 7, tokensPerSecond: 0, firstTokenMs: 0 },
    });
    const d = await driveInMemory({ partyId: "bench-prompt-tokens", models });
    const reqs = server.requests;
    const used = server.reportedUsage();
    const byTool: PromptTokensResult["byTool"] = {};
    let serializeRetries = 0;
    for (const r of reqs) {
      const forced = typeof r.body.tool_choice === "object" ? r.body.tool_choice.function.name : r.body.tools?.length ? "discuss" : "summarize";
      const k = forced;
      byTool[k] = { calls: (byTool[k]?.calls ?? 0) + 1, promptTokens: (byTool[k]?.promptTokens ?? 0) + r.promptTokens };
      const last = r.body.messages[r.body.messages.length - 1];
      if (typeof r.body.tool_choice === "object" && (last.role === "tool" || /validation_failed|tool_error/.test(typeof last.content === "string" ? last.content : ""))) serializeRetries++;
    }
    const events = d.store.events.get("bench-prompt-tokens") ?? [];
    const documents = new Set(events.flatMap((e) => (e.type === "artifact-write" && e.data.path.startsWith("docs/") ? [e.data.path] : []))).size;
    return {
      outcome: d.outcome.status,
      calls: reqs.length,
      promptTokens: used.prompt,
      outputTokens: used.completion,
      cachedTokens: used.cached,
      cachedShare: used.prompt ? used.cached / used.prompt : 0,
      repeatedShare: used.prompt ? reqs.reduce((t, r) => t + r.repeatedTokens, 0) / used.prompt : 0,
      serializeRetries,
      documents,
      byTool,
    };
  } finally {
    await server.close();
  }
}

export function promptTokenRows(p: PromptTokensResult): Row[] {
  const ok = p.outcome === "completed" && p.documents === 6;
  return [
    {
      id: "8",
      measure: "Prompt tokens per party, real-provider path (scripted OpenAI-compatible server, offline-model answers)",
      value: `${p.promptTokens.toLocaleString("en-US")} in ${p.calls} calls (${p.outputTokens.toLocaleString("en-US")} output)`,
      goal: "≤ 120,000",
      verdict: ok ? judge(p.promptTokens, 120_000) : "error",
      measured: p.promptTokens,
      note: ok ? `${p.documents} documents` : `party ${p.outcome}, ${p.documents} documents`,
    },
    {
      id: "8b",
      measure: "  share of prompt tokens a provider's prefix cache serves (≥ 1,024-token prefixes)",
      value: `${(p.cachedShare * 100).toFixed(0)}% (${p.cachedTokens.toLocaleString("en-US")})`,
      goal: "≥ 70%",
      verdict: p.cachedShare >= 0.7 ? "pass" : "miss",
      measured: p.cachedShare,
      note: `${(p.repeatedShare * 100).toFixed(0)}% in a prefix sent before, at any length (docs/models.md: what bounds it)`,
    },
    { id: "8c", measure: "  serialize retries (validation feedback sent)", value: String(p.serializeRetries), goal: "0", verdict: p.serializeRetries === 0 ? "pass" : "miss", measured: p.serializeRetries },
  ];
}

export const promptTokensRow = defineRow<PromptTokensResult>({
  id: "8",
  title: () => "one party on the real-provider path against a scripted OpenAI-compatible server",
  deadlineMs: (o) => (o.quick ? 240_000 : 600_000),
  run: () => benchPromptTokens(),
  table: (r) => promptTokenRows(r),
});
