import { jsonSchema, streamText, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ARTIFACT_KINDS, formatHeader, missingSections, TASKS } from "@inception-party/protocol";
import { createScriptedModel } from "./scripted-model";

const schema = z.strictObject({ questions: z.array(z.strictObject({ text: z.string().min(1).max(300), topic: z.string().min(1).max(60) })).min(2).max(3) });
const docSchema = z.strictObject({ markdown: z.string().min(200) });
const header = formatHeader({ task: "vision.questions", agent: "nadia" });

async function run(model: ReturnType<typeof createScriptedModel>, forced: z.ZodType | null, prompt = header) {
  const tools = forced ? { finalize: tool({ inputSchema: jsonSchema(z.toJSONSchema(forced) as never), strict: false }) } : undefined;
  const r = streamText({ model, prompt, tools, toolChoice: forced ? { type: "tool", toolName: "finalize" } : undefined, maxRetries: 0, onError: () => {} });
  const deltas: string[] = [];
  const calls: unknown[] = [];
  let usage: unknown;
  let error: unknown;
  for await (const p of r.fullStream) {
    if (p.type === "text-delta") deltas.push(p.text);
    else if (p.type === "tool-call") calls.push(p.input);
    else if (p.type === "finish-step") usage = p.usage;
    else if (p.type === "error") error = p.error;
  }
  return { deltas, text: deltas.join(""), calls, usage, error };
}

describe("the scripted model", () => {
  it("answers a forced tool with one call whose input the tool's schema accepts", async () => {
    const r = await run(createScriptedModel(), schema);
    expect(r.text).toBe("");
    expect(r.calls).toHaveLength(1);
    expect(schema.safeParse(r.calls[0]).success).toBe(true);
    expect(r.usage).toMatchObject({ inputTokens: expect.any(Number), outputTokens: expect.any(Number) });
  });

  it("writes a document with every `## ` section its kind requires", async () => {
    const r = await run(createScriptedModel(), docSchema, formatHeader({ task: "doc.draft", agent: "liam", artifact: ARTIFACT_KINDS["data-model"].path }));
    const md = docSchema.parse(r.calls[0]).markdown;
    expect(missingSections("data-model", md)).toEqual([]);
  });

  it("otherwise streams, in a few deltas, the task's message rendered from the value it serializes, and reports usage", async () => {
    const m = createScriptedModel();
    const r = await run(m, null);
    expect(r.calls).toEqual([]);
    expect(r.deltas.length).toBeGreaterThan(2);
    const value = (await run(m, TASKS["vision.questions"].schema)).calls[0];
    expect(r.text).toBe(TASKS["vision.questions"].render(TASKS["vision.questions"].schema.parse(value)));
    expect(r.text).toContain("nadia on vision.questions");
    expect((r.usage as { outputTokens: number }).outputTokens).toBeGreaterThan(0);
  });

  it("names the agent and task in one line when the prompt's task is not one it knows", async () => {
    const r = await run(createScriptedModel(), null, formatHeader({ task: "ping", agent: "probe" }));
    expect(r.text).toMatch(/^probe here, on ping: [^\n]+$/);
  });

  it("is deterministic per seed, whatever the order of calls", async () => {
    const a = createScriptedModel({ seed: 1 });
    const first = await run(a, null);
    await run(a, schema);
    expect((await run(a, null)).text).toBe(first.text);
    expect((await run(createScriptedModel({ seed: 1 }), null)).text).toBe(first.text);
    expect((await run(createScriptedModel({ seed: 2 }), null)).text).not.toBe(first.text);
  });

  it("plays the offline model's faults: throw, invalid arguments, a broken stream, a hang", async () => {
    const m = createScriptedModel({ faults: "throw:nadia:1,invalid-args:nadia:1,stream-error:nadia:1" });
    expect(String((await run(m, null)).error)).toContain("injected failure");
    expect(schema.safeParse((await run(m, schema)).calls[0]).success).toBe(false);
    const broken = await run(m, null);
    expect(String(broken.error)).toContain("injected stream failure");
    expect(broken.deltas.length).toBeGreaterThan(0);
    expect((await run(m, null)).error).toBeUndefined();

    const hung = createScriptedModel({ faults: "hang:nadia" });
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error("gave up")), 20);
    const r = streamText({ model: hung, prompt: header, abortSignal: ac.signal, maxRetries: 0 });
    await expect(r.text).rejects.toThrow();
  });
});
