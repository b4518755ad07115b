// The walkthrough's one answer: Confirm alone is every recommendation; the JSON in `text`
// overrides them step by step; a bad field is named (relative to `text`) for the 422.
import { describe, expect, it } from "vitest";
import { fromZodError } from "../errors/app-error";
import { reviewSteps } from "../party/walkthrough";
import type { ProposalOutput } from "@inception-party/protocol";
import { parseInputDetails, parseWalkthroughAnswer } from "./input-kinds";
import { encodeWalkthroughAnswer, recommendedChoices, type WalkthroughChoices } from "./walkthrough-review";

const stack = {
  architecture_pattern: "modular monolith",
  language: { choice: "TypeScript", rationale: "" },
  runtime: "Node.js 22",
  framework: { choice: "Next.js", rationale: "" },
  database: { choice: "PostgreSQL", rationale: "" },
  additional: [],
  test_runner: "vitest",
  package_manager: "npm",
} as unknown as ProposalOutput;
const steps = reviewSteps(stack, ["No CI pipeline is described."], { allow: ["npm test", "npm run lint"], review: ["curl *"] }, ["Checkout", "Sign-up"]);

/** The 422's fields for `text`, as the API names them. */
const fieldsOf = (text: string) => {
  const r = parseWalkthroughAnswer(steps, text);
  if (r.success) throw new Error("expected a refusal");
  return fromZodError(r.error, "text").fields;
};

describe("the walkthrough's review", () => {
  it("is a details shape of its own, and the per-step requests of older logs still parse", () => {
    expect(parseInputDetails("walkthrough", { step: "review", steps })).toEqual({ step: "review", steps });
    expect(parseInputDetails("walkthrough", { step: "review", steps: [] })).toBeNull();
    expect(parseInputDetails("walkthrough", { step: "architecture", concerns: [] })).toEqual({ step: "architecture", concerns: [] });
    expect(parseInputDetails("walkthrough", { step: "permissions", command: "npm test", index: 1, of: 3 })).not.toBeNull();
  });

  it("Confirm alone takes every step's recommended choice", () => {
    const rec = recommendedChoices(steps);
    expect(parseWalkthroughAnswer(steps, null)).toEqual({ success: true, data: rec });
    expect(parseWalkthroughAnswer(steps, "  ")).toEqual({ success: true, data: rec });
    expect(rec).toEqual({
      architecture: { choice: "1", note: null },
      permissions: { choice: "1", commands: { "npm test": "allow", "npm run lint": "allow", "curl *": "ask" }, note: null },
      coverage: { choice: "1", planTests: true, note: null },
      iteration: { choice: "1", config: null },
      next: { choice: "1", note: null },
    });
    expect(encodeWalkthroughAnswer(steps, rec)).toBeNull();
  });

  it("sends what differs and reads it back as the whole answer", () => {
    const mine: WalkthroughChoices = {
      architecture: { choice: "2", note: "  Add a read replica.  " },
      permissions: { choice: "2", commands: { "npm test": "allow", "npm run lint": "ask", "curl *": "ask" }, note: null },
      coverage: { choice: "1", planTests: false, note: "" },
      iteration: { choice: "2", config: { implementation: 8, testing: 6, circuit_breaker: 3 } },
      next: { choice: "2", note: "Which feature first?" },
    };
    const text = encodeWalkthroughAnswer(steps, mine)!;
    expect(JSON.parse(text)).toEqual({
      architecture: { choice: "2", note: "Add a read replica." },
      permissions: { choice: "2", commands: { "npm test": "allow", "npm run lint": "ask", "curl *": "ask" } },
      coverage: { planTests: false },
      iteration: { choice: "2", config: { implementation: 8, testing: 6, circuit_breaker: 3 } },
      next: { choice: "2", note: "Which feature first?" },
    });
    expect(parseWalkthroughAnswer(steps, text)).toEqual({ success: true, data: { ...mine, architecture: { choice: "2", note: "Add a read replica." }, coverage: { choice: "1", planTests: false, note: null } } });
    // A command left out of "Review each" keeps its recommendation.
    const some = parseWalkthroughAnswer(steps, JSON.stringify({ permissions: { choice: "2", commands: { "curl *": "allow" } } }));
    expect(some.success && some.data.permissions!.commands).toEqual({ "npm test": "allow", "npm run lint": "allow", "curl *": "allow" });
  });

  it("names the field and the rule of a bad answer", () => {
    expect(fieldsOf("walk me through it")).toEqual({ text: expect.stringMatching(/^must be a JSON object of per-step choices/) });
    expect(fieldsOf("[1, 2]")).toEqual({ text: "must be a JSON object of per-step choices" });
    expect(fieldsOf(JSON.stringify({ deploy: { choice: "1" } }))).toEqual({ "text.deploy": "unknown field(s): deploy" });
    expect(fieldsOf(JSON.stringify({ permissions: { choice: "4" } }))).toEqual({ "text.permissions.choice": "must be one of 1, 2, 3" });
    expect(fieldsOf(JSON.stringify({ permissions: { choice: "2", commands: { "rm -rf *": "allow" } } }))).toEqual({ "text.permissions.commands.rm -rf *": "unknown field(s): rm -rf *" });
    expect(fieldsOf(JSON.stringify({ permissions: { choice: "2", commands: { "npm test": "yes" } } }))).toEqual({ "text.permissions.commands.npm test": 'must be "allow" or "ask"' });
    expect(fieldsOf(JSON.stringify({ permissions: { commands: { "npm test": "ask" } } }))).toEqual({ "text.permissions.commands": "only with choice 2 (Review each)" });
    expect(fieldsOf(JSON.stringify({ coverage: { choice: "2", planTests: true } }))).toEqual({ "text.coverage.planTests": "only with choice 1 (Show me)" });
    expect(fieldsOf(JSON.stringify({ iteration: { choice: "2" } }))).toEqual({ "text.iteration.config": "is required with choice 2 (Customize)" });
    expect(fieldsOf(JSON.stringify({ iteration: { choice: "2", config: { implementation: 30, testing: 2.5, circuit_breaker: 0 } } }))).toEqual({
      "text.iteration.config.implementation": "must be at most 20",
      "text.iteration.config.testing": "must be a whole number",
      "text.iteration.config.circuit_breaker": "must be at least 1",
    });
    expect(fieldsOf(JSON.stringify({ iteration: { note: "more" } }))).toEqual({ "text.iteration.note": "this step takes no note" });
    expect(fieldsOf(JSON.stringify({ next: { note: "x".repeat(1501) } }))).toEqual({ "text.next.note": "must be at most 1500 characters" });
  });
});
