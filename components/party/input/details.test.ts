import { describe, expect, it } from "vitest";
import { reviewSteps as buildReview } from "@/lib/party/walkthrough";
import type { ProposalOutput } from "@/lib/protocol/outputs";
import { articles, questionGroups, reviewSteps, stackDetails, textRequired, textVisible } from "./details";

const stack = { architecture_pattern: "monolith", language: { choice: "Go", rationale: "" }, framework: { choice: "Echo", rationale: "" }, database: { choice: "PostgreSQL", rationale: "" }, additional: [] } as unknown as ProposalOutput;

describe("input details readers", () => {
  it("reads vision question groups and rejects other shapes", () => {
    const g = questionGroups({ groups: [{ agent: "nadia", name: "Nadia", title: "Product Analyst", questions: [{ n: 1, text: "Who?" }] }] });
    expect(g).toEqual([{ agent: "nadia", name: "Nadia", title: "Product Analyst", questions: [{ n: 1, text: "Who?" }] }]);
    expect(questionGroups(null)).toBeNull();
    expect(questionGroups({ groups: "x" })).toBeNull();
  });

  it("reads the walkthrough's review as the engine writes it, and nothing else", () => {
    const steps = buildReview(stack, ["No CI pipeline is described."], { allow: ["go test ./..."], review: ["curl *"] }, ["Checkout"]);
    expect(reviewSteps({ step: "review", steps })).toEqual(steps);
    // A step whose recommendation is not one of its options is not a review to show.
    expect(reviewSteps({ step: "review", steps: [{ ...steps[0], recommended: "9" }] })).toBeNull();
    // An older log's per-step requests show as their body and options.
    expect(reviewSteps({ step: "permissions", allow: ["npm test"], review: [] })).toBeNull();
    expect(reviewSteps(undefined)).toBeNull();
  });

  it("reads the stack card and needs language, framework and database", () => {
    const c = (choice: string) => ({ choice, rationale: `why ${choice}` });
    const d = stackDetails({ stack: { architecture_pattern: "Modular monolith", language: c("TypeScript"), framework: c("Next.js"), database: c("PostgreSQL"), additional: [c("Redis"), 5] }, consensus: "unanimous", notes: ["n", 1] });
    expect(d?.stack.additional).toEqual([c("Redis")]);
    expect(d?.notes).toEqual(["n"]);
    expect(d?.consensus).toBe("unanimous");
    expect(stackDetails({ stack: { language: c("x") } })).toBeNull();
  });

  it("reads constitution articles", () => {
    expect(articles({ articles: [{ title: "T", summary: "S", body: "B", domain_specific: true }] })).toEqual([{ title: "T", summary: "S", body: "B", domain_specific: true }]);
    expect(articles({ articles: [] })).toBeNull();
  });

  it("asks for text when there are no options or the choice means changes", () => {
    expect(textRequired("vision_questions", [], true, null)).toBe(true);
    expect(textRequired("stack_approval", [{ key: "Y" }, { key: "C" }], true, "Y")).toBe(false);
    expect(textRequired("stack_approval", [{ key: "Y" }, { key: "C" }], true, "C")).toBe(true);
    expect(textRequired("constitution_review", [{ key: "1" }, { key: "2" }], true, "2")).toBe(true);
    expect(textRequired("walkthrough", [{ key: "1" }], true, "1")).toBe(false);
    expect(textVisible("walkthrough", [{ key: "1" }], true, null)).toBe(true);
    expect(textVisible("stack_approval", [{ key: "Y" }], true, "Y")).toBe(false);
    expect(textVisible("mode", [{ key: "1" }], false, null)).toBe(false);
  });
});
