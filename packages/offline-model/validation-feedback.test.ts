// After a bad serialize the engine sends validation feedback; the
// next serialize call returns corrected, valid data.
import type { LanguageModelV4Prompt } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { TASKS } from "@inception-party/protocol";
import { createOfflineModel } from "./index";
import { hasValidationFeedback } from "./prompt-text";
import { serializeCall } from "./testing/party-fixtures";

const sections = { project_description: "A shared car-pool planner for parents at a primary school in Utrecht." };

function toolInput(r: Awaited<ReturnType<ReturnType<typeof createOfflineModel>["doGenerate"]>>): unknown {
  const call = r.content.find((c) => c.type === "tool-call");
  return call && call.type === "tool-call" ? JSON.parse(call.input) : undefined;
}

describe("validation feedback", () => {
  it("corrects the tool input on the retry", async () => {
    const model = createOfflineModel({ faults: "invalid-args:nadia:1" });
    const first = serializeCall("vision.final_position", "nadia", sections);
    const bad = toolInput(await model.doGenerate(first));
    const schema = TASKS["vision.final_position"].schema;
    const check = schema.safeParse(bad);
    expect(check.success).toBe(false);

    const feedback = {
      result: "validation_failed",
      issues: { invalid: [], missing: [{ field: "project_vision", requirement: "non-empty string" }], unknown: ["unexpected_field"] },
      issue_count: 2,
      action: "Call submit_final_position() with corrected data. Unknown fields may be typos.",
    };
    const retryPrompt: LanguageModelV4Prompt = [
      ...first.prompt,
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "submit_final_position", input: bad }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "submit_final_position", output: { type: "json", value: feedback } }] },
    ];
    expect(hasValidationFeedback(retryPrompt)).toBe(true);
    const retry = await model.doGenerate({ ...first, prompt: retryPrompt });
    expect(schema.safeParse(toolInput(retry)).success).toBe(true);
    expect(retry.providerMetadata?.offline).toMatchObject({ afterValidationFeedback: true, stage: "serialize" });
  });

  it("recognises feedback sent as a user message too", () => {
    const prompt: LanguageModelV4Prompt = [{ role: "user", content: [{ type: "text", text: '{\n  "result": "validation_failed",\n  "issues": {}\n}' }] }];
    expect(hasValidationFeedback(prompt)).toBe(true);
    expect(hasValidationFeedback([{ role: "user", content: [{ type: "text", text: "all good" }] }])).toBe(false);
  });
});
