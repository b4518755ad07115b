import { describe, expect, it } from "vitest";
import type { InputRequestData } from "../wire/events";
import { reviewSteps } from "../party/walkthrough";
import type { ProposalOutput } from "@inception-party/protocol";
import { parseWalkthroughAnswer } from "../vocabulary/input-kinds";
import { askPerson, PromptAborted, type LineSource } from "./prompt";
import { parseLimits } from "./review-prompt";

const stack = {
  architecture_pattern: "modular monolith",
  language: { choice: "TypeScript", rationale: "" },
  runtime: "Node.js",
  framework: { choice: "Next.js", rationale: "" },
  database: { choice: "PostgreSQL", rationale: "" },
  additional: [],
} as unknown as ProposalOutput;
const steps = reviewSteps(stack, ["No CI pipeline is described."], { allow: ["npm test", "npm run lint"], review: ["curl *"] }, ["Checkout", "Sign-up"]);
const review: InputRequestData = { requestId: "r1", key: "k", kind: "walkthrough", title: "Walkthrough — review and confirm", body: "", options: [{ key: "1", label: "Confirm" }], allowsText: true, details: { step: "review", steps } };

function scripted(lines: string[]): LineSource & { prompts: string[] } {
  const prompts: string[] = [];
  return {
    prompts,
    line(prompt) {
      prompts.push(prompt);
      const l = lines.shift();
      return l === undefined ? Promise.reject(new PromptAborted("eof")) : Promise.resolve(l);
    },
  };
}

describe("the walkthrough's review at the terminal", () => {
  it("walks the steps one by one, Enter taking the recommended choice, and answers once: Confirm", async () => {
    let out = "";
    // Per step: a choice, what it needs (planning the tests), its note (none for the iteration step).
    const lines = scripted(Array(10).fill(""));
    expect(await askPerson(review, { lines, write: (s) => (out += s) })).toEqual({ selection: "1", text: null });
    // In the seed's order, each with what it means and its recommended choice marked.
    const at = steps.map((s) => out.indexOf(s.title));
    expect(at.every((i, n) => i >= 0 && (n === 0 || i > at[n - 1]))).toBe(true);
    for (const s of steps) expect(out).toContain(s.meaning);
    expect(out).toContain("  [1] Yes, walk me through it (Recommended)\n  [2] Skip\n");
    expect(out).toContain("    - No CI pipeline is described.");
    expect(out).toContain("    curl * — ask first");
    expect(out).toContain("    2. Sign-up");
    expect(lines.prompts.filter((p) => p.startsWith("Enter selection"))).toHaveLength(6);
  });

  it("asks what a choice needs — each command, planning tests, three limits — and re-asks a bad one", async () => {
    let out = "";
    const lines = scripted([
      "2", "Add a read replica.", // architecture: skip, a correction
      "2", "", "2", "1", "", // permissions: review each; npm test as recommended, npm run lint ask first, curl allow; no note
      "1", "2", "", // coverage: show me, not plan tests, no note
      "3", "2", "8, 30, 3", "8 6 3", // iteration: a bad key, customize; out-of-range limits, then good ones
      "", "Which feature first?", // next: recommended, a question
    ]);
    const a = await askPerson(review, { lines, write: (s) => (out += s) });
    expect(a.selection).toBe("1");
    expect(out).toContain('"3" is not one of the choices: enter 1, 2 (or nothing for 1).');
    expect(out).toContain("testing must be a whole number from 1 to 20.");
    expect(out).toContain("Command 2 of 3: may an assistant run `npm run lint` without asking?");
    const parsed = parseWalkthroughAnswer(steps, a.text);
    expect(parsed).toEqual({
      success: true,
      data: {
        architecture: { choice: "2", note: "Add a read replica." },
        permissions: { choice: "2", commands: { "npm test": "allow", "npm run lint": "ask", "curl *": "allow" }, note: null },
        coverage: { choice: "1", planTests: false, note: null },
        iteration: { choice: "2", config: { implementation: 8, testing: 6, circuit_breaker: 3 } },
        next: { choice: "1", note: "Which feature first?" },
      },
    });
  });

  it("reads three limits within their bounds", () => {
    const L = { implementation: 20, testing: 20, circuit_breaker: 10 };
    expect(parseLimits("8, 6, 3", L)).toEqual({ ok: true, config: { implementation: 8, testing: 6, circuit_breaker: 3 } });
    expect(parseLimits("8, 6", L)).toMatchObject({ ok: false });
    expect(parseLimits("8, 6, 11", L)).toEqual({ ok: false, error: "circuit breaker must be a whole number from 1 to 10." });
    expect(parseLimits("0, 6, 3", L)).toEqual({ ok: false, error: "implementation must be a whole number from 1 to 20." });
  });
});
