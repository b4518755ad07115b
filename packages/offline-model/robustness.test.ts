// Prompts the engine did not shape: no header, an unknown task, a tool we have no
// writer for, JSON mode, later phases that carry only the brief.
import type { LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ARTIFACT_KINDS, TASKS, missingSections } from "@inception-party/protocol";
import { detectStage } from "./call-stage";
import { createOfflineModel } from "./index";
import { promptFor, serializeCall } from "./testing/party-fixtures";

const user = (text: string): LanguageModelV4CallOptions["prompt"] => [{ role: "user", content: [{ type: "text", text }] }];
const fn = (name: string, inputSchema: object = { type: "object", properties: {} }) => ({ type: "function" as const, name, inputSchema: inputSchema as never });

describe("stage detection", () => {
  it("reads the three steps of a turn from the tools offered", () => {
    expect(detectStage({ prompt: [], tools: [fn("ready_to_summarize")] }, "vision.questions").kind).toBe("discuss");
    // The first call of a turn writes the message, tools or not; once it is said, a call without a forced tool summarizes.
    expect(detectStage({ prompt: [] }, "vision.questions").kind).toBe("discuss");
    expect(detectStage({ prompt: [{ role: "assistant", content: [{ type: "text", text: "QUESTIONS: …" }] }] }, "vision.questions").kind).toBe("summarize");
    expect(detectStage({ prompt: [{ role: "assistant", content: [{ type: "text", text: "QUESTIONS: …" }] }], tools: [fn("submit_questions")], toolChoice: { type: "none" } }, "vision.questions").kind).toBe("summarize");
    expect(detectStage({ prompt: [], tools: [fn("submit_questions")], toolChoice: { type: "required" } }, "vision.questions")).toMatchObject({ kind: "serialize" });
    expect(detectStage({ prompt: [], tools: [fn("ready_to_summarize"), fn("submit_questions")], toolChoice: { type: "tool", toolName: "submit_questions" } }, "vision.questions")).toMatchObject({ kind: "serialize" });
    expect(detectStage({ prompt: [], responseFormat: { type: "json" } }, "vision.questions").kind).toBe("json");
    expect(detectStage({ prompt: [] }, undefined).kind).toBe("plain");
  });
});

describe("unusual prompts", () => {
  it("answers a header-less prompt with plain text", async () => {
    const r = await createOfflineModel().doGenerate({ prompt: user("hello there") });
    expect(r.content[0]).toMatchObject({ type: "text" });
    expect(r.finishReason.unified).toBe("stop");
  });

  it("an unknown task gets plain text, not a crash", async () => {
    const r = await createOfflineModel().doGenerate({ prompt: user("TASK: party.dance\nAGENT: nadia\n\nDo something new.") });
    expect(r.content.some((c) => c.type === "text" && c.text.length > 20)).toBe(true);
  });

  it("fills a simple unknown finalization tool from its JSON schema", async () => {
    const schema = { type: "object", properties: { title: { type: "string", maxLength: 40 }, score: { type: "integer", minimum: 1, maximum: 5 }, tags: { type: "array", items: { type: "string" }, minItems: 2 }, ok: { type: "boolean" } }, required: ["title", "score", "tags", "ok"], additionalProperties: false };
    const r = await createOfflineModel().doGenerate({ prompt: user("Rate this."), tools: [fn("submit_rating", schema)], toolChoice: { type: "required" } });
    const call = r.content.find((c) => c.type === "tool-call");
    expect(call).toBeDefined();
    const value = JSON.parse(call!.type === "tool-call" ? call!.input : "{}");
    expect(value.title.length).toBeLessThanOrEqual(40);
    expect(value.score).toBe(1);
    expect(value.tags).toHaveLength(2);
    expect(value.ok).toBe(true);
  });

  it("emits an error part for a tool schema it cannot fill", async () => {
    const model = createOfflineModel();
    const { stream } = await model.doStream({ prompt: user("Go."), tools: [fn("submit_tree", { $ref: "#/definitions/node", definitions: {} })], toolChoice: { type: "required" } });
    const parts = [];
    for await (const p of stream as unknown as AsyncIterable<{ type: string }>) parts.push(p.type);
    expect(parts).toContain("error");
    await expect(model.doGenerate({ prompt: user("Go."), tools: [fn("submit_tree", { $ref: "#/x" })], toolChoice: { type: "required" } })).rejects.toThrow(/cannot fill tool "submit_tree"/);
  });

  it("uses the writer of a known finalization tool even without a header", async () => {
    const def = TASKS["stack.proposal"];
    const r = await createOfflineModel().doGenerate({
      prompt: user("<project_description>\nA small online shop for handmade ceramics in Lyon; customers pay by card.\n</project_description>"),
      tools: [fn(def.tool, z.toJSONSchema(def.schema))],
      toolChoice: { type: "required" },
    });
    const call = r.content.find((c) => c.type === "tool-call");
    expect(def.schema.safeParse(JSON.parse(call!.type === "tool-call" ? call!.input : "{}")).success).toBe(true);
  });

  it("returns the structured output as JSON in JSON mode", async () => {
    const r = await createOfflineModel().doGenerate({ prompt: promptFor("vision.questions", "tessa", { project_description: "A parking-spot sharing app for neighbours in Dublin." }), responseFormat: { type: "json" } });
    const text = r.content.map((c) => (c.type === "text" ? c.text : "")).join("");
    expect(TASKS["vision.questions"].schema.safeParse(JSON.parse(text)).success).toBe(true);
  });

  it("writes the blueprint from the brief alone when the description is not passed", async () => {
    const brief = "# Project Brief\n\n## 1. Problem Statement\nA tool for independent bike shops in Ghent to book repairs online and send customers SMS reminders.\n\n## 3. Core Features\n- Customers book a repair slot\n- Mechanics update the repair status\n- SMS reminders before the appointment";
    const model = createOfflineModel();
    for (const kind of ["architecture-overview", "data-model", "test-strategy-outline"] as const) {
      const r = await model.doGenerate(serializeCall("blueprint.produce", "architect", { project_brief: brief }, ARTIFACT_KINDS[kind].path));
      const call = r.content.find((c) => c.type === "tool-call");
      const { markdown } = JSON.parse(call!.type === "tool-call" ? call!.input : "{}");
      expect(missingSections(kind, markdown)).toEqual([]);
      expect(markdown).toMatch(/Ghent|bike|repair/i);
    }
  });

  it("survives an empty prompt", async () => {
    const r = await createOfflineModel().doGenerate({ prompt: [{ role: "system", content: "TASK: vision.questions\nAGENT: nadia" }] });
    expect(r.content.length).toBeGreaterThan(0);
    const s = await createOfflineModel().doGenerate(serializeCall("vision.questions", "oscar", {}));
    const call = s.content.find((c) => c.type === "tool-call");
    expect(TASKS["vision.questions"].schema.safeParse(JSON.parse(call!.type === "tool-call" ? call!.input : "{}")).success).toBe(true);
  });
});

describe("sections wherever the prompt puts them", () => {
  it("reads sections from the system message, from several user messages, and takes every remark the person made", async () => {
    const model = createOfflineModel({ seed: 42, tokensPerSecond: 0, firstTokenMs: 0 });
    const runbooks = "An internal runbook tool for a 30-person SRE team: searchable runbooks in markdown, step checklists executed during incidents with timestamps.";
    const r = await model.doGenerate({
      prompt: [
        { role: "system", content: `TASK: stack.proposal\nAGENT: liam\n\n<project_description>\n${runbooks}\n</project_description>\n\n<person_messages>\nTHE PERSON (to everyone):\nPlease use Python.\n</person_messages>` },
        { role: "user", content: [{ type: "text", text: "<project_title>\nRunwell\n</project_title>" }] },
        { role: "user", content: [{ type: "text", text: "<person_messages>\nTHE PERSON (to everyone):\nPlease use Python.\n\nTHE PERSON (to Liam):\nNo Kubernetes.\n</person_messages>" }] },
      ],
      tools: [{ type: "function", name: TASKS["stack.proposal"].tool, description: "", inputSchema: z.toJSONSchema(TASKS["stack.proposal"].schema) as never }],
      toolChoice: { type: "required" },
    });
    const call = r.content.find((c) => c.type === "tool-call");
    const out = JSON.parse(call && call.type === "tool-call" ? call.input : "{}");
    expect(out.language.choice).toMatch(/Python/);
    expect(JSON.stringify(out.additional)).not.toMatch(/Kubernetes/);
    expect(out.architecture_pattern).toMatch(/ruled out by you: Kubernetes/);
  });
});
