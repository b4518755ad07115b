// Constraints said in passing ("no budget", "must work offline", "in a hall with no
// signal") shape the documents; they never become records, bans or roles of their own.
import { describe, expect, it } from "vitest";
import { formatHeader, formatSections, parsePrompt } from "@inception-party/protocol";
import { ProjectContext } from "../context";
import { readProject } from "../reading/read-project";
import { projectConstraints, successMetrics } from "./vision-facts";
import { writeArchitecture } from "./write-architecture";

const ORCHESTRA =
  "An app for a community orchestra: the librarian uploads sheet music parts per concert, players download only their own instrument's parts on their phone, and the conductor marks bowings and cuts that every section sees. About 60 volunteer musicians, no budget, must work offline at rehearsals in a church hall with no signal.";

const ctx = (description: string) => new ProjectContext(parsePrompt(`${formatHeader({ task: "blueprint.produce", agent: "architecture_designer", artifact: "architecture-overview" })}\n${formatSections({ project_description: description })}`), 42);

describe("constraints said in passing", () => {
  it("reads 'must work offline' as a clause and 'with no signal' as a circumstance, not as things", () => {
    const r = readProject(ORCHESTRA);
    const things = r.things.map((t) => t.name);
    expect(things).toEqual(expect.arrayContaining(["music part", "concert", "bowing"]));
    expect(things.join(" ")).not.toMatch(/must|signal|instrument/);
    // "their own instrument's parts" are the sheet music parts the librarian uploaded.
    expect(r.things.find((t) => t.name === "music part")).toMatchObject({ verbs: ["upload", "download"], actors: ["librarian", "player"] });
    expect(r.offline).toBe(true);
  });

  it("reads 'no budget' as a budget of nothing, not as something ruled out", () => {
    const r = readProject(ORCHESTRA);
    expect(r.forbidden).not.toContain("budget");
    expect(r.quantities).toContainEqual(expect.objectContaining({ kind: "money", value: 0, text: "no budget" }));
    expect(readProject("A tiny shop site. Without any budget, sadly.").quantities).toContainEqual(expect.objectContaining({ kind: "money", value: 0 }));
    // A real ban still is one.
    expect(readProject("A booking app for a gym. No payments, no budget.").forbidden).toContain("payment");
  });

  it("gives everyone seen acting a role, whether or not the role list knows the word", () => {
    const c = ctx(ORCHESTRA);
    expect(c.model.roles).toEqual(expect.arrayContaining(["librarian", "player", "conductor", "admin"]));
    expect(c.model.entities.map((e) => e.name)).not.toContain("MustWork");
  });

  it("writes the budget and the offline requirement into the architecture, free tiers for no budget", () => {
    const doc = writeArchitecture(ctx(ORCHESTRA));
    expect(doc).toMatch(/No budget: every running service stays on a free tier/);
    expect(doc).toMatch(/Works offline/);
    expect(doc).not.toMatch(/ruled it out: budget/);
    expect(doc).toMatch(/\| POST \| `\/api\/v1\/music-parts` \| [^|]+ \| librarian \|/);
  });
});

const REPAIR_CAFE =
  "A tool for a volunteer-run repair café in Ghent: visitors register broken items at the door, fixers claim items they can repair, and we track what was fixed so we can report to the city grant (CO2 saved). Must work on an old shared laptop; no budget; GDPR applies since we store visitors' emails.";

describe("a device the person named", () => {
  it("plans for 'must work on an old shared laptop' and keeps the stack's names capitalised", () => {
    const md = writeArchitecture(ctx(REPAIR_CAFE));
    expect(md).toContain("On laptops: the screens people use there are laid out for its size and touch, and tested at its viewport; pages are server-rendered HTML with little JavaScript, so an older machine stays quick.");
    expect(md).toContain("As you said: “Must work on an old shared laptop”");
    expect(md).toMatch(/sessions end when the browser closes/);
    expect(md).toContain("No budget: every running service stays on a free tier");
    expect(md).not.toMatch(/plus [^.]*\b(?:vercel|sentry|stripe)\b/);
  });

  it("models the café's items as things followed until they are done with, claimed by fixers", () => {
    const c = ctx(REPAIR_CAFE);
    const names = c.model.entities.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(["Item", "Claim", "Registration"]));
    expect(names).not.toContain("CanRepair");
    const fields = c.model.entities.find((e) => e.name === "Item")!.fields.map((f) => f.name);
    expect(fields).toEqual(expect.arrayContaining(["condition", "status"]));
    expect(fields).not.toContain("variety");
    expect(c.model.entities.find((e) => e.name === "Claim")?.purpose).toBe("A claim a fixer makes of an Item");
  });
});

describe("a purpose the person stated", () => {
  it("makes the report they owe a measure of success ('so we can report to the city grant (CO2 saved)')", () => {
    expect(successMetrics(ctx(REPAIR_CAFE))[0]).toBe("CO2 saved reported to the city grant straight from what the app records, with no counting by hand");
    expect(successMetrics(ctx(ORCHESTRA)).join(" ")).not.toMatch(/reported to/);
  });

  it("names the report's addressee without the question that follows it, and counts the records in plural", () => {
    const lines = successMetrics(ctx("Allotment society: plot holders log every delivery of manure. Each spring we report to the town council how much compost we made."));
    expect(lines).toContain("Reports go to the town council straight from what the app records, with no counting by hand");
    expect(successMetrics(ctx("A food bank app: drivers deliver parcels to families.")).join(" ")).toMatch(/\bDeliveries made through the app/);
  });
});

describe("what the person left out", () => {
  // Written for this test: a scout group, in no corpus.
  it("is said back in the brief's constraints, in their words", () => {
    const lines = projectConstraints(ctx("Scout group app. Parents sign their kids up for camps. No social media login. Leaders see allergies."));
    expect(lines).toContain("Left out, as you said: “No social media login”");
  });
  // Written for this test: a removal firm, in no corpus.
  it("never says a sentence again whose clause a line above already quotes", () => {
    const lines = projectConstraints(ctx("Removal firm app. Clients ask for a quote on our form, then the office copies it into Airtable and texts the crew on Telegram. Crews should see their jobs."));
    expect(lines.filter((l) => l.includes("the office copies it into Airtable"))).toHaveLength(2);
    expect(lines.join("\n")).not.toMatch(/Clients ask for a quote on our form, then/);
  });
  // Written for this test: a Dutch course, in no corpus.
  it("says the screens' languages once, never again as a rule", () => {
    const lines = projectConstraints(ctx("Dutch course app. Learners book lessons. Site must be in Dutch and Arabic."));
    expect(lines.filter((l) => /A rule you set|As you asked/.test(l))).toEqual([]);
  });
  // Written for this test: a food bank, in no corpus.
  it("never files the main pain as a constraint, though it holds a negation", () => {
    const lines = projectConstraints(ctx("Food bank app. Volunteers log parcels. Problem: the list is a mess and nobody knows who collected this week."));
    expect(lines.join("\n")).not.toMatch(/the list is a mess/);
  });
  it("files what the people it serves are under no team heading, and names a channel by what goes out, never by whom it reaches", () => {
    const withAnswers = (description: string, answers: string) => new ProjectContext(parsePrompt(`${formatHeader({ task: "vision.brief", agent: "product_strategist", artifact: "project-brief" })}\n${formatSections({ project_description: description, user_response: answers })}`), 42);
    const lines = projectConstraints(withAnswers("A dance school app. Instructors teach classes.", "Instructors are freelancers and invoice us each month. Students email us questions and we call them back, which takes us hours of phone calls."));
    expect(lines.join("\n")).not.toMatch(/Team and timeline/);
    expect(lines.join("\n")).not.toMatch(/E-mail us\b/);
    expect(lines.some((l) => l.startsWith("Phone calls —"))).toBe(true);
    // The build team is still the team: "two singers are developers".
    expect(projectConstraints(withAnswers("A choir app. Singers book seats.", "Two singers are software developers and will help.")).join("\n")).toMatch(/Team and timeline/);
  });
});
