import { describe, expect, it } from "vitest";
import type { InputRequestData } from "../wire/events";
import { DirectAnswerer, visionAnswer } from "./direct-answers";
import { reviewSteps } from "../party/walkthrough";
import type { ProposalOutput } from "@inception-party/protocol";
import { parseWalkthroughAnswer } from "../vocabulary/input-kinds";

const GYMS =
  "A booking app for independent climbing gyms in Austria: members reserve time slots, gyms manage capacity and route setting, and payments go through the app. Must be GDPR compliant and work on phones.";
const FOOD =
  "We need a tool for volunteer food banks to track donations and schedule pickups. Drivers see their route on a phone; coordinators plan the week. About 40 volunteers, budget is tiny, it should run on a cheap VPS.";

describe("visionAnswer", () => {
  const groups = [
    { agent: "nadia", name: "Nadia", title: "Product Analyst", questions: [{ n: 1, text: "Who are the drivers and coordinators?" }, { n: 2, text: "How many volunteers at launch?" }] },
    { agent: "tessa", name: "Tessa", title: "Technical Scout", questions: [{ n: 3, text: "Where should it run?" }] },
  ];

  it("writes nothing in the person's name: every line is a sentence of the description, verbatim", () => {
    const text = visionAnswer(FOOD, groups);
    const lines = text.split("\n");
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(FOOD).toContain(line);
    expect(text).toContain("Drivers see their route on a phone; coordinators plan the week.");
    expect(text).toContain("About 40 volunteers, budget is tiny, it should run on a cheap VPS.");
  });

  it("is deterministic, and without a matching question takes the description's first sentence", () => {
    expect(visionAnswer(FOOD, groups)).toBe(visionAnswer(FOOD, groups));
    expect(visionAnswer(GYMS, [])).toBe(GYMS.split(": members")[0] + ": members reserve time slots, gyms manage capacity and route setting, and payments go through the app.");
  });

  it("stays within the answer limit", () => {
    const many = [{ questions: Array.from({ length: 200 }, (_, i) => ({ n: i + 1, text: "Which personal data do you keep, and for how long?" })) }];
    expect(visionAnswer(GYMS, many).length).toBeLessThanOrEqual(8000);
  });
});

const STACK = {
  architecture_pattern: "modular monolith",
  language: { choice: "TypeScript", rationale: "" },
  runtime: "Node.js",
  framework: { choice: "Next.js", rationale: "" },
  database: { choice: "PostgreSQL", rationale: "" },
  additional: [],
} as unknown as ProposalOutput;

const req = (kind: string, options: Array<[string, string]>, extra: Partial<InputRequestData> = {}): InputRequestData => ({
  requestId: `r-${kind}`,
  key: kind,
  kind,
  title: kind,
  body: "",
  options: options.map(([key, label]) => ({ key, label })),
  allowsText: false,
  ...extra,
});

describe("DirectAnswerer", () => {
  it("accepts approvals and takes the defaults", () => {
    const d = new DirectAnswerer(GYMS, null);
    expect(d.answer(req("mode", [["1", "Party"], ["2", "Classic"]]))).toEqual({ selection: "1", text: null });
    expect(d.answer(req("stack_approval", [["Y", "Yes, proceed with this stack"], ["C", "I have changes"]]))).toEqual({ selection: "Y", text: null });
    expect(d.answer(req("constitution_review", [["1", "Looks good"], ["2", "Change"]]))).toEqual({ selection: "1", text: null });
    // The walkthrough's review: every step as recommended, but a scripted run is done after it.
    const steps = reviewSteps(STACK, [], { allow: ["npm test"], review: ["curl *"] }, ["Checkout"]);
    const review = d.answer(req("walkthrough", [["1", "Confirm"]], { allowsText: true, details: { step: "review", steps } }));
    expect(review).toEqual({ selection: "1", text: JSON.stringify({ next: { choice: "2" } }) });
    expect(parseWalkthroughAnswer(steps, review.text)).toMatchObject({ success: true, data: { permissions: { choice: "1" }, iteration: { choice: "1" }, next: { choice: "2" } } });
  });

  it("answers the mode menu from the flags", () => {
    expect(new DirectAnswerer(GYMS, "classic").answer(req("mode", [["1", "Party"], ["2", "Classic"]])).selection).toBe("2");
  });

  it("answers the vision questions with the description's own sentences", () => {
    const a = new DirectAnswerer(GYMS, null).answer(req("vision_questions", [], { allowsText: true, details: { groups: [{ agent: "nadia", name: "Nadia", title: "Product Analyst", questions: [{ n: 1, text: "Which members reserve slots?" }] }] } }));
    expect(a.selection).toBeNull();
    expect(GYMS).toContain(a.text!);
  });

  it("retries a failed phase once, then cancels", () => {
    const d = new DirectAnswerer(GYMS, null);
    const party = req("phase_failure", [["1", "Retry phase — re-launch all agents"], ["2", "Fall back to classic mode"], ["3", "Cancel — abort discovery"]], { title: "All agents in Vision Council encountered errors." });
    expect(d.answer(party).selection).toBe("1");
    expect(d.answer(party).selection).toBe("3");
    // Another phase gets its own retry; classic's menu has cancel at [2].
    const classic = req("phase_failure", [["1", "Retry phase — run the agent again"], ["2", "Cancel — abort discovery"]], { details: { phase: 3 } });
    expect(d.answer(classic).selection).toBe("1");
    expect(d.answer(classic).selection).toBe("2");
  });
});
