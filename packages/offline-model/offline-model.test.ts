// The offline model driven through the real AI SDK, one agent turn at a time
// (docs/protocols.md, "One agent turn"): Discuss streams the message and calls ready_to_summarize, Summarize streams
// one line, Serialize calls the finalization tool with the same output.
import { generateText, jsonSchema, stepCountIs, streamText, tool, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { TASKS, formatHeader, formatSections, type TaskKey } from "@inception-party/protocol";
import { createOfflineModel } from "./index";

const food = {
  project_description:
    "A marketplace app that connects home cooks with neighbours who want to order home-made meals. Cooks list dishes with photos and pickup times; buyers pay in the app; the platform takes a 12% commission. Launching in Lisbon and Porto.",
  user_response:
    "Buyers are office workers aged 25-45; cooks are often retirees who are not very technical. The main problem is trust: food safety and reliable pickup. Success is 500 weekly orders after three months. Payments by card and MB Way. Two full-stack developers, strong in React. Personal data of EU residents, so GDPR applies.",
};

function turnPrompt(task: TaskKey, agent: string) {
  return {
    system: `${formatHeader({ task, agent })}\nYou are ${agent}.`,
    prompt: formatSections(food),
  };
}

const finalizationTool = (task: TaskKey) =>
  tool({ description: TASKS[task].toolDescription, inputSchema: jsonSchema(z.toJSONSchema(TASKS[task].schema as z.ZodType) as never) });

describe("offline model through the AI SDK", () => {
  it("identifies itself as a v4 model of the offline provider", () => {
    const m = createOfflineModel();
    expect(m.specificationVersion).toBe("v4");
    expect(m.provider).toBe("offline");
    expect(m.modelId).toBe("offline-1");
  });

  it("plays Discuss → Summarize → Serialize with one consistent output", async () => {
    const model = createOfflineModel({ seed: 7 });
    const { system, prompt } = turnPrompt("vision.interpretation", "nadia");

    // Discuss: streamed text in several deltas, then the signal tool.
    const discuss = streamText({
      model,
      system,
      prompt,
      tools: { ready_to_summarize: tool({ description: "Signal that the discussion is complete", inputSchema: jsonSchema({ type: "object", properties: {} }) }) },
      stopWhen: stepCountIs(1),
    });
    const deltas: string[] = [];
    for await (const d of discuss.textStream) deltas.push(d);
    const discussText = await discuss.text;
    const calls = await discuss.toolCalls;
    const after = (ask: string): ModelMessage[] => [
      { role: "user", content: prompt },
      { role: "assistant", content: discussText },
      { role: "user", content: ask },
    ];
    expect(deltas.length).toBeGreaterThan(10);
    expect(calls.map((c) => c.toolName)).toEqual(["ready_to_summarize"]);
    expect(await discuss.finishReason).toBe("tool-calls");

    // Summarize: one short line in the spec's style.
    const summary = await generateText({
      model,
      system,
      messages: after("Summarize your message in one line."),
    });
    expect(summary.text).toBe("Nadia's vision interpretation");
    expect(summary.text.length).toBeLessThanOrEqual(100);

    // Serialize: the finalization tool is forced; its input validates and renders to the discuss text.
    const serialize = await generateText({
      model,
      system,
      messages: after("Submit your interpretation."),
      tools: { submit_interpretation: finalizationTool("vision.interpretation") },
      toolChoice: "required",
    });
    const call = serialize.toolCalls[0];
    expect(call.toolName).toBe("submit_interpretation");
    const out = TASKS["vision.interpretation"].schema.parse(call.input);
    expect(TASKS["vision.interpretation"].render(out)).toBe(discussText);
    expect(serialize.finishReason).toBe("tool-calls");
  });

  it("does not loop when the caller executes ready_to_summarize and continues", async () => {
    const { system, prompt } = turnPrompt("vision.questions", "tessa");
    const r = await generateText({
      model: createOfflineModel(),
      system,
      prompt,
      tools: { ready_to_summarize: tool({ inputSchema: jsonSchema({ type: "object", properties: {} }), execute: async () => "ok" }) },
      stopWhen: stepCountIs(5),
    });
    expect(r.steps.length).toBe(2);
    expect(r.steps[0].toolCalls.map((c) => c.toolName)).toEqual(["ready_to_summarize"]);
    expect(r.steps[1].toolCalls).toEqual([]);
  });

  it("streams the serialize tool input in pieces", async () => {
    const model = createOfflineModel();
    const { system, prompt } = turnPrompt("stack.proposal", "liam");
    const r = streamText({ model, system, prompt, tools: { submit_proposal: finalizationTool("stack.proposal") }, toolChoice: { type: "tool", toolName: "submit_proposal" } });
    const kinds: string[] = [];
    for await (const part of r.fullStream) kinds.push(part.type);
    expect(kinds.filter((k) => k === "tool-input-delta").length).toBeGreaterThan(5);
    expect(kinds).toContain("tool-call");
    const [call] = await r.toolCalls;
    expect(TASKS["stack.proposal"].schema.safeParse(call.input).success).toBe(true);
  });

  it("reports usage in the v4 shape", async () => {
    const model = createOfflineModel();
    const { system, prompt } = turnPrompt("vision.questions", "oscar");
    const r = await generateText({ model, system, prompt });
    expect(r.usage.inputTokens).toBeGreaterThan(50);
    expect(r.usage.outputTokens).toBeGreaterThan(0);
  });

  it("summarizes every task in one short line", async () => {
    const model = createOfflineModel();
    const agents: Partial<Record<TaskKey, string>> = { "stack.proposal": "liam", "stack.security_critique": "zara", "stack.ops_critique": "felix", "blueprint.review": "test_strategist", "critique.perspective": "critic", "constitution.draft": "constitution_generator" };
    for (const task of Object.keys(TASKS) as TaskKey[]) {
      const { system, prompt } = turnPrompt(task, agents[task] ?? "nadia");
      // A summary follows the message: the prompt carries what the agent said.
      const r = await generateText({ model, system, messages: [{ role: "user", content: prompt }, { role: "assistant", content: "(the message)" }, { role: "user", content: "Summarize it in one line." }] });
      expect(r.text.length, task).toBeGreaterThan(5);
      expect(r.text.length, task).toBeLessThanOrEqual(100);
      expect(r.text, task).not.toContain("\n");
    }
  });

  it("answers a prompt without our header in plain text", async () => {
    const r = await generateText({ model: createOfflineModel(), prompt: "What should I consider for a patient portal in Berlin?" });
    expect(r.text).toMatch(/offline model/i);
    expect(r.text).toMatch(/GDPR/);
  });
});
