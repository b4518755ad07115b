import { describe, expect, it } from "vitest";
import type { InputRequestData } from "../party/events";
import { describeProject } from "./describe-project";
import { answerQuestion, DirectAnswerer, visionAnswer } from "./direct-answers";
import { reviewSteps } from "../party/walkthrough";
import type { ProposalOutput } from "../protocol/outputs";
import { parseWalkthroughAnswer } from "../vocabulary/input-kinds";

const GYMS =
  "A booking app for independent climbing gyms in Austria: members reserve time slots, gyms manage capacity and route setting, and payments go through the app. Must be GDPR compliant and work on phones.";
const FOOD =
  "We need a tool for volunteer food banks to track donations and schedule pickups. Drivers see their route on a phone; coordinators plan the week. About 40 volunteers, budget is tiny, it should run on a cheap VPS.";

describe("describeProject", () => {
  it("finds product, audience, users, features and constraints in the description's own words", () => {
    const f = describeProject(GYMS);
    expect(f.product).toBe("A booking app");
    expect(f.audience).toBe("independent climbing gyms in Austria");
    expect(f.users).toEqual(["gyms", "members"]);
    expect(f.features).toEqual(["members reserve time slots", "gyms manage capacity and route setting", "payments go through the app"]);
    expect(f.constraints).toEqual(["Must be GDPR compliant and work on phones"]);
    expect(f.places).toEqual(["Austria"]);
  });

  it("reads a purpose, numbers and limits", () => {
    const f = describeProject(FOOD);
    expect(f.audience).toBe("volunteer food banks");
    expect(f.features[0]).toBe("track donations and schedule pickups");
    expect(f.users).toEqual(expect.arrayContaining(["drivers", "coordinators"]));
    expect(f.numbers).toEqual(["About 40 volunteers"]);
    expect(f.features).not.toContain("About 40 volunteers");
    expect(f.constraints).toEqual(["budget is tiny", "it should run on a cheap VPS"]);
  });

  it("names the audience as a group and does not take a name with a digit for a figure", () => {
    const f = describeProject(
      "A tool for a volunteer-run repair café in Ghent: visitors register broken items at the door, fixers claim items they can repair, and we track what was fixed so we can report to the city grant (CO2 saved).",
    );
    expect(f.users).toEqual(["cafés", "visitors", "fixers"]);
    expect(f.numbers).toEqual([]);
  });

  it("takes features from a 'with' list and names technologies", () => {
    const f = describeProject("A todo app with reminders and sharing, built with Python and PostgreSQL");
    expect(f.features).toEqual(expect.arrayContaining(["reminders"]));
    expect(f.tech).toEqual(["Python", "PostgreSQL"]);
  });
});

describe("answerQuestion", () => {
  const f = describeProject(GYMS);
  it.each([
    ["Who exactly are the first members you will put this in front of, and what do they do today instead?", ["The users are gyms and members", "Members reserve time slots", "names no tool they use today"]],
    ["Which part hurts most today: “members reserve time slots”, “gyms manage capacity and route setting” or “payments go through the app”?", ["Start with “members reserve time slots”"]],
    ["Which personal data do you need from members (names, addresses, phone numbers), and for how long?", ["Must be GDPR compliant", "Keep only the personal data needed"]],
    ["Are you happy for a payment provider such as Stripe to hold all card data?", ["Payments go through the app — yes"]],
    ["What does your team already know well — languages, frameworks, cloud — and is there anything you must not use?", ["No technology is prescribed"]],
    ["How many members do you expect at launch?", ["gives no numbers", "independent climbing gyms in Austria"]],
    ["Do members need an app from the App Store, or is a mobile web page enough?", ["work on phones", "responsive web app"]],
    ["In which countries will it be used?", ["It will be used in Austria"]],
  ])("%s", (question, parts) => {
    const a = answerQuestion(f, question);
    for (const p of parts) expect(a).toContain(p);
  });

  it("falls back to the clause sharing the question's words", () => {
    expect(answerQuestion(f, "Tell us about route setting.")).toBe("From the description: “gyms manage capacity and route setting”.");
  });

  it("says so when the description has nothing on it", () => {
    expect(answerQuestion(describeProject("A todo app with reminders and sharing"), "Zebra?")).toBe("The description does not say; decide it for “A todo app”.");
  });
});

describe("visionAnswer", () => {
  const groups = [
    { agent: "nadia", name: "Nadia", title: "Product Analyst", questions: [{ n: 1, text: "Who are the users?" }, { n: 2, text: "What should the first version focus on most?" }] },
    { agent: "tessa", name: "Tessa", title: "Technical Scout", questions: [{ n: 3, text: "How many users at launch?" }] },
  ];

  it("answers every question by its number, grounded in the description", () => {
    const text = visionAnswer(FOOD, groups);
    expect(text.split("\n").filter((l) => /^\d+\. /.test(l)).map((l) => l.split(".")[0])).toEqual(["1", "2", "3"]);
    expect(text).toContain("volunteer food banks");
    expect(text).toContain("“track donations and schedule pickups”");
    expect(text).toContain("“About 40 volunteers”");
  });

  it("is deterministic and differs between descriptions", () => {
    expect(visionAnswer(FOOD, groups)).toBe(visionAnswer(FOOD, groups));
    expect(visionAnswer(FOOD, groups)).not.toBe(visionAnswer(GYMS, groups));
  });

  it("without questions, summarises the description", () => {
    expect(visionAnswer(GYMS, [])).toContain("What they do: members reserve time slots");
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

  it("answers the vision questions from the description", () => {
    const a = new DirectAnswerer(GYMS, null).answer(req("vision_questions", [], { allowsText: true, details: { groups: [{ questions: [{ n: 1, text: "Who are the users?" }] }] } }));
    expect(a.selection).toBeNull();
    expect(a.text).toContain("1. The users are gyms and members");
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
