import { describe, expect, it } from "vitest";
import { textRequired } from "@/lib/vocabulary/input-rules";
import { reviewSteps as buildReview } from "@/lib/party/walkthrough";
import type { ProposalOutput } from "@inception-party/protocol";
import { readInputRequest } from "@/lib/wire/events";
import { articles, followUpQuestions, questionGroups, reviewSteps, stackDetails, textVisible } from "./details";

const stack = { architecture_pattern: "monolith", language: { choice: "Go", rationale: "" }, framework: { choice: "Echo", rationale: "" }, database: { choice: "PostgreSQL", rationale: "" }, additional: [] } as unknown as ProposalOutput;

/** A request as the view holds it: read at the edge, as the stream's parser and the snapshot do. */
const read = (kind: string, details: unknown) => readInputRequest({ requestId: "r", key: "k", kind, title: "T", body: "B", options: [], allowsText: true, details });

describe("input details, read at the edge and narrowed by kind", () => {
  it("reads vision question groups and rejects other shapes", () => {
    const groups = [{ agent: "nadia", name: "Nadia", title: "Product Analyst", questions: [{ n: 1, text: "Who?" }] }];
    expect(questionGroups(read("vision_questions", { groups }))).toEqual(groups);
    expect(questionGroups(read("vision_questions", null))).toBeNull();
    expect(questionGroups(read("vision_questions", { groups: "x" }))).toBeNull();
    expect(questionGroups(read("vision_questions", { groups: [{ questions: [{ n: 1, text: "no agent" }] }] }))).toBeNull();
    // Another kind's details are never taken for this one.
    expect(questionGroups(read("stack_approval", { groups }))).toBeNull();
  });

  it("reads the walkthrough's review as the engine writes it, and nothing else", () => {
    const steps = buildReview(stack, ["No CI pipeline is described."], { allow: ["go test ./..."], review: ["curl *"] }, ["Checkout"]);
    expect(reviewSteps(read("walkthrough", { step: "review", steps }))).toEqual(steps);
    // A step whose recommendation is not one of its options is not a review to show.
    expect(reviewSteps(read("walkthrough", { step: "review", steps: [{ ...steps[0], recommended: "9" }] }))).toBeNull();
    // An older log's per-step requests show as their body and options.
    expect(reviewSteps(read("walkthrough", { step: "permissions", allow: ["npm test"], review: [] }))).toBeNull();
    expect(reviewSteps(read("walkthrough", undefined))).toBeNull();
  });

  it("reads the stack card and needs the whole proposal", () => {
    const c = (choice: string) => ({ choice, rationale: `why ${choice}` });
    const proposal = { architecture_pattern: "Modular monolith", language: c("TypeScript"), runtime: "Node 22", framework: c("Next.js"), database: c("PostgreSQL"), additional: [c("Redis")], test_runner: "vitest", package_manager: "npm" };
    const followUps = [{ id: "f1", agent: "nadia", name: "Nadia", text: "Which region?" }];
    const req = read("stack_approval", { stack: proposal, consensus: "unanimous", notes: ["n"], followUps });
    expect(stackDetails(req)).toEqual({ stack: proposal, consensus: "unanimous", notes: ["n"], followUps });
    expect(followUpQuestions(req)).toEqual(followUps);
    expect(stackDetails(read("stack_approval", { stack: { language: c("x") }, consensus: null, notes: [] }))).toBeNull();
    expect(followUpQuestions(read("mode", undefined))).toEqual([]);
  });

  it("reads constitution articles", () => {
    const list = Array.from({ length: 5 }, (_, i) => ({ title: `T${i}`, summary: "S", body: "B", domain_specific: i === 4 }));
    expect(articles(read("constitution_review", { articles: list }))).toEqual(list);
    expect(articles(read("constitution_review", { articles: [] }))).toBeNull();
  });

  it("drops the details of an unknown kind", () => {
    expect(read("elsewhere", { groups: [] })).not.toHaveProperty("details");
  });

  it("shows the text box when text may be written for the choice", () => {
    expect(textRequired({ kind: "stack_approval", options: [{ key: "Y" }, { key: "C" }] }, "C")).toBe(true);
    expect(textVisible("walkthrough", [{ key: "1" }], true, null)).toBe(true);
    expect(textVisible("stack_approval", [{ key: "Y" }], true, "Y")).toBe(false);
    expect(textVisible("stack_approval", [{ key: "Y" }, { key: "C" }], true, "C")).toBe(true);
    expect(textVisible("constitution_review", [{ key: "1" }, { key: "2" }], true, "2")).toBe(true);
    expect(textVisible("mode", [{ key: "1" }], false, null)).toBe(false);
  });
});
