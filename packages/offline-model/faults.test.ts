// Fault injection (OFFLINE_MODEL_FAULTS): each rule does what it says, counts per
// model instance, and a bad rule fails with a message naming it and the grammar.
import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { TASKS, type TaskKey } from "@inception-party/protocol";
import { HOSTILE_PARTS } from "./hostile";
import { FAULT_GRAMMAR, FaultSpecError, createOfflineModel, parseFaults } from "./index";
import { promptFor, serializeCall } from "./testing/party-fixtures";

const sections = {
  project_description: "A booking app for a chain of climbing gyms in Vienna: members reserve time slots, pay by card and get reminders.",
};
const discussCall = (task: TaskKey, agent: string) => ({
  prompt: promptFor(task, agent, sections),
  tools: [{ type: "function" as const, name: "ready_to_summarize", inputSchema: { type: "object" as const, properties: {} } }],
});

async function collect(stream: ReadableStream<LanguageModelV4StreamPart>): Promise<LanguageModelV4StreamPart[]> {
  const parts: LanguageModelV4StreamPart[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

describe("parseFaults", () => {
  it("reads every rule kind, optional counts and the wildcard", () => {
    expect(parseFaults(" throw:nadia:2, hang:*, invalid-args:tessa:1,stream-error:oscar , hostile-markdown")).toEqual({
      hostileMarkdown: true,
      rules: [
        { kind: "throw", agent: "nadia", count: 2 },
        { kind: "hang", agent: "*", count: Infinity },
        { kind: "invalid-args", agent: "tessa", count: 1 },
        { kind: "stream-error", agent: "oscar", count: Infinity },
      ],
    });
    expect(parseFaults("")).toEqual({ rules: [], hostileMarkdown: false });
    expect(parseFaults(undefined)).toEqual({ rules: [], hostileMarkdown: false });
  });

  it.each(["explode:nadia", "throw", "throw:nadia:0", "throw:nadia:two", "throw:na dia", "throw:nadia:1:2", "hostile"])("rejects %j with the rule and the grammar", (spec) => {
    expect(() => parseFaults(spec)).toThrow(FaultSpecError);
    try {
      parseFaults(spec);
    } catch (e) {
      expect((e as Error).message).toContain(`"${spec}"`);
      expect((e as Error).message).toContain(FAULT_GRAMMAR);
    }
  });

  it("makes the factory fail fast on a bad rule", () => {
    expect(() => createOfflineModel({ faults: "throw:nadia:-1" })).toThrow(/Invalid offline model fault rule "throw:nadia:-1"/);
  });
});

describe("fault behaviour", () => {
  it("throw: the first n calls of that agent reject, others are untouched", async () => {
    const model = createOfflineModel({ faults: "throw:nadia:2" });
    await expect(model.doStream(discussCall("vision.questions", "nadia"))).rejects.toThrow(/injected failure.*nadia/);
    await expect(model.doGenerate(discussCall("vision.questions", "oscar"))).resolves.toBeDefined();
    await expect(model.doGenerate(discussCall("vision.questions", "nadia"))).rejects.toThrow(/throw fault/);
    await expect(model.doGenerate(discussCall("vision.questions", "nadia"))).resolves.toBeDefined();
  });

  it("throw:* affects every agent and never runs out without a count", async () => {
    const model = createOfflineModel({ faults: "throw:*" });
    for (const a of ["nadia", "liam", "critic"]) await expect(model.doGenerate(discussCall("vision.questions", a))).rejects.toThrow();
  });

  it("counters are per model instance", async () => {
    const spec = "throw:nadia:1";
    const a = createOfflineModel({ faults: spec });
    const b = createOfflineModel({ faults: spec });
    await expect(a.doGenerate(discussCall("vision.questions", "nadia"))).rejects.toThrow();
    await expect(b.doGenerate(discussCall("vision.questions", "nadia"))).rejects.toThrow();
    await expect(a.doGenerate(discussCall("vision.questions", "nadia"))).resolves.toBeDefined();
  });

  it("hang: nothing arrives until the call is aborted, then it fails with an AbortError", async () => {
    const model = createOfflineModel({ faults: "hang:oscar" });
    const ac = new AbortController();
    const { stream } = await model.doStream({ ...discussCall("vision.questions", "oscar"), abortSignal: ac.signal });
    const reader = stream.getReader();
    const first = reader.read();
    const raced = await Promise.race([first.then(() => "data"), new Promise((r) => setTimeout(() => r("silent"), 150))]);
    expect(raced).toBe("silent");
    const t0 = Date.now();
    ac.abort();
    await expect(first).rejects.toMatchObject({ name: "AbortError" });
    expect(Date.now() - t0).toBeLessThan(100);

    const ac2 = new AbortController();
    const gen = model.doGenerate({ ...discussCall("vision.questions", "oscar"), abortSignal: ac2.signal });
    setTimeout(() => ac2.abort(), 30);
    await expect(gen).rejects.toMatchObject({ name: "AbortError" });
  });

  it("invalid-args: the first n serialize calls send input that violates the schema", async () => {
    const model = createOfflineModel({ faults: "invalid-args:tessa:2" });
    const schema = TASKS["vision.questions"].schema;
    // A discuss call does not use up the count.
    await model.doGenerate(discussCall("vision.questions", "tessa"));
    const inputs: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await model.doGenerate(serializeCall("vision.questions", "tessa", sections));
      const call = r.content.find((c) => c.type === "tool-call");
      inputs.push(call && call.type === "tool-call" ? JSON.parse(call.input) : undefined);
    }
    expect(schema.safeParse(inputs[0]).success).toBe(false);
    expect(inputs[0]).toHaveProperty("unexpected_field");
    expect(inputs[0]).not.toHaveProperty("questions");
    expect(schema.safeParse(inputs[1]).success).toBe(false);
    expect(schema.safeParse(inputs[2]).success).toBe(true);
  });

  it("stream-error: some text arrives, then an error part", async () => {
    const model = createOfflineModel({ faults: "stream-error:nadia:1" });
    const parts = await collect((await model.doStream(discussCall("vision.questions", "nadia"))).stream);
    const deltas = parts.filter((p) => p.type === "text-delta");
    expect(deltas.length).toBeGreaterThan(0);
    const errAt = parts.findIndex((p) => p.type === "error");
    expect(errAt).toBeGreaterThan(parts.findIndex((p) => p.type === "text-delta"));
    expect(parts.some((p) => p.type === "tool-call")).toBe(false);
    const again = await collect((await model.doStream(discussCall("vision.questions", "nadia"))).stream);
    expect(again.some((p) => p.type === "error")).toBe(false);
    expect(again.some((p) => p.type === "tool-call")).toBe(true);
  });

  it("hostile-markdown: every message and document carries the hostile payload and still validates", async () => {
    const model = createOfflineModel({ faults: "hostile-markdown" });
    for (const [task, agent, artifact] of [
      ["vision.questions", "nadia", undefined],
      ["stack.position", "zara", undefined],
      ["blueprint.produce", "architect", "docs/architecture/architecture-overview.md"],
    ] as const) {
      const discuss = await model.doGenerate({ ...discussCall(task, agent), prompt: promptFor(task, agent, sections, artifact) });
      const text = discuss.content.map((c) => (c.type === "text" ? c.text : "")).join("");
      for (const part of HOSTILE_PARTS) expect(text, `${task} ${part}`).toContain(part);
      const r = await model.doGenerate(serializeCall(task, agent, sections, artifact));
      const call = r.content.find((c) => c.type === "tool-call");
      const out = JSON.parse(call && call.type === "tool-call" ? call.input : "null");
      expect(TASKS[task].schema.safeParse(out).success).toBe(true);
      expect((TASKS[task].render as (o: unknown) => string)(out)).toBe(text);
    }
  });
});
