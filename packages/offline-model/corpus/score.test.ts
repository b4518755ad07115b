// The scorer on hand-written artifacts: what counts as a claim, when it is true, and which
// facts are carried — independent of any wording the model uses today.
import { describe, expect, it } from "vitest";
import {
  attributedQuotes,
  budgetAmount,
  deadlineExpression,
  entityGrounding,
  excludedItems,
  failureKind,
  isVerbatim,
  parseDataModel,
  relationHolds,
  scoreParty,
  sentencesOf,
  teamSize,
  type PartyOutput,
} from "./score";
import { ARTIFACT_FILES, type CorpusScenario } from "./types";

const PERSON = "Customers book a cut online or join the walk-in queue. No account, just a phone number. We have one in-house developer; a cut takes 25 min. Today we use Booksy.";

describe("entity names", () => {
  const POTTER = "Members leave their pots on the shelves to be fired; nobody knows whose pot is whose. Four barber shops, and barbers move between shops. Customers order online. We'd hire a freelancer.";

  it("made of the person's nouns are things they named, wherever the tagger stumbles", () => {
    expect(entityGrounding("Pot", POTTER)?.ok).toBe(true);
    expect(entityGrounding("Shelf", POTTER)?.ok).toBe(true);
    expect(entityGrounding("BarberShop", POTTER)?.ok).toBe(true);
    expect(entityGrounding("Shop", POTTER)?.ok).toBe(true);
    // A verb whose noun is the record: "customers order" → an Order.
    expect(entityGrounding("Order", POTTER)?.ok).toBe(true);
  });

  it("made of a fragment are false: a function word, a participle, a verb that names no record", () => {
    expect(entityGrounding("PotIs", POTTER)?.ok).toBe(false);
    expect(entityGrounding("Fired", POTTER)?.ok).toBe(false);
    expect(entityGrounding("Hire", POTTER)?.ok).toBe(false);
  });

  it("the person never wrote claim nothing", () => {
    expect(entityGrounding("Notification", POTTER)).toBeNull();
    expect(entityGrounding("Kiln", POTTER)).toBeNull();
  });
});

describe("quotes", () => {
  it("are verbatim after normalising case, whitespace, curly quotes, dashes and edge punctuation", () => {
    expect(isVerbatim("customers book a cut online", PERSON)).toBe(true);
    expect(isVerbatim("  No   account, just a phone number.  ", PERSON)).toBe(true);
    expect(isVerbatim("We have one in‑house developer", PERSON.replace("in-house", "in–house"))).toBe(true);
    expect(isVerbatim("Today we use Booksy…", PERSON)).toBe(true);
    // "…" elides between runs of the person's words, in order.
    expect(isVerbatim("Customers book … the walk-in queue", PERSON)).toBe(true);
    expect(isVerbatim("the walk-in queue … Customers book", PERSON)).toBe(false);
  });

  it("are not verbatim when a word is changed, cut inside a word, or the team's own question", () => {
    expect(isVerbatim("Customers book a haircut online", PERSON)).toBe(false);
    expect(isVerbatim("ustomers book", PERSON)).toBe(false);
    expect(isVerbatim("Which personal data do you need", PERSON)).toBe(false);
    expect(isVerbatim("", PERSON)).toBe(false);
  });

  it("count every quoted span in the brief, and elsewhere only what a marker attributes to the person", () => {
    const line = "Which part hurts most: “walk-in queue” or “bookings”? As you said: “No account”, and “one developer” (your words).";
    expect(attributedQuotes(line, true).map((q) => q.text)).toEqual(["walk-in queue", "bookings", "No account", "one developer"]);
    expect(attributedQuotes(line, false).map((q) => q.text)).toEqual(["No account", "one developer"]);
    expect(attributedQuotes("You said “Barbers move between shops”.", false).map((q) => q.text)).toEqual(["Barbers move between shops"]);
    expect(attributedQuotes("Comparable: “Calendly”.", false)).toEqual([]);
  });

  it("read the unquoted rest of a sentence after 'As you said:' as a quote", () => {
    expect(attributedQuotes("- As you said: Barbers are not technical. Next point.", false).map((q) => q.text)).toEqual(["Barbers are not technical."]);
  });

  it("read a straight-single-quoted span after a marker (the team's question presented as the person's)", () => {
    const q = attributedQuotes("As you said: 'Which personal data do you need, and why?' — so we keep it small.", false);
    expect(q.map((x) => x.text)).toEqual(["Which personal data do you need, and why?"]);
    expect(isVerbatim(q[0].text, PERSON)).toBe(false);
  });

  it("keep an apostrophe inside a single-quoted span", () => {
    expect(attributedQuotes("In your words: ‘we don’t take cards’.", false).map((q) => q.text)).toEqual(["we don’t take cards"]);
  });
});

describe("constraint claims", () => {
  it("exclusions: the items a sentence says the person ruled out, in any of several wordings", () => {
    expect(excludedItems("- Left out because you ruled it out: walk, min and house.")).toEqual(["walk", "min", "house"]);
    // A quote is what the person said, whole: its "or" joins no list of the writer's.
    expect(excludedItems("- Left out because you ruled it out: “no AI writing or moderating anything” and “no ads”.")).toEqual(["ai writing or moderating anything", "ads"]);
    expect(excludedItems("Modular monolith — ruled out by you: Kubernetes, React.")).toEqual(["kubernetes", "react"]);
    expect(excludedItems("Kubernetes (ruled out by you) stays out of the plan.")).toEqual(["kubernetes"]);
    expect(excludedItems("You don't want online payments.")).toEqual(["online payments"]);
    expect(excludedItems("No accounts, as you asked: a phone number identifies a customer.")).toEqual(["accounts"]);
  });

  it("exclusions: hyphenated words, units and plain negated pains are not exclusions", () => {
    expect(excludedItems("Customers join the walk-in queue; a cut takes 25 min.")).toEqual([]);
    expect(excludedItems("We have an in-house developer.")).toEqual([]);
    expect(excludedItems("No-shows are our biggest loss.")).toEqual([]);
  });

  it("budget: a money amount labelled a budget, not a deposit or a fee", () => {
    expect(budgetAmount("- Budget €5: every running service is chosen to fit it.")).toBe("€5");
    expect(budgetAmount("Hosting stays under 20 EUR a month, your budget.")).toBe("20 EUR");
    expect(budgetAmount("We'd take a €5 deposit when you book online.")).toBeNull();
    expect(budgetAmount("The budget is not known yet — ask.")).toBeNull();
    // The label outside a quote makes the person's amount a budget claim.
    expect(budgetAmount("Budget: “we'd take a €5 deposit”.")).toBe("€5");
  });

  it("deadline: a time expression labelled a deadline", () => {
    expect(deadlineExpression("Registration must be live by 1 March.")).toBe("1 March");
    expect(deadlineExpression("The deadline is the outdoor season in April.")).toBe("April");
    expect(deadlineExpression("Success: no-shows below 5% in six months.")).toBeNull();
    expect(deadlineExpression("Team and timeline: “We have one in-house developer”.")).toBeNull();
  });

  it("team: a stated team size", () => {
    expect(teamSize("A team of 3 builds it.")).toBe(3);
    expect(teamSize("Two full-stack developers, strong in React.")).toBe(2);
    expect(teamSize("A 4-person team.")).toBe(4);
    expect(teamSize("A solo developer maintains it.")).toBe(1);
    expect(teamSize("40 barbers in 4 shops.")).toBeNull();
    expect(teamSize("We have an in-house developer.")).toBeNull();
  });

  it("sentences split at . ! ? ; and table cells, not inside quotes, and skip code", () => {
    expect(sentencesOf("A. “B. C” D; E\n| x | y |\n```\nZ. Y.\n```")).toEqual(["A.", "“B. C” D;", "E", "x", "y"]);
  });
});

const DM = `# Data Model — Corte Certo

## Entities

### User

| Field | Type | Constraints | Notes |
| --- | --- | --- | --- |
| \`id\` | uuid | PK |  |

### Barber

| Field | Type | Constraints | Notes |
| --- | --- | --- | --- |
| \`id\` | uuid | PK |  |

### Shop

| Field | Type | Constraints | Notes |
| --- | --- | --- | --- |
| \`id\` | uuid | PK |  |

### BarberShift

| Field | Type | Constraints | Notes |
| --- | --- | --- | --- |
| \`barber_id\` | uuid | FK → Barber |  |
| \`shop_id\` | uuid | FK → Shop |  |

### Booking

| Field | Type | Constraints | Notes |
| --- | --- | --- | --- |
| \`customer_id\` | uuid | FK → User |  |
| \`status\` | enum(booked, no_show, done) | not null |  |

### QueueEntry

| Field | Type | Constraints | Notes |
| --- | --- | --- | --- |
| \`id\` | uuid | PK |  |

## Relationships

- A Shop has many QueueEntries.

\`\`\`mermaid
erDiagram
  BARBER }o--o{ SERVICE : offers
\`\`\`
`;

describe("the data model", () => {
  const model = parseDataModel(DM);

  it("reads entities with their table rows, relationship lines and ER edges", () => {
    expect(model.entities.map((e) => e.name)).toEqual(["User", "Barber", "Shop", "BarberShift", "Booking", "QueueEntry"]);
    expect(model.relationLines).toEqual(["- A Shop has many QueueEntries."]);
    expect(model.edges).toEqual([["BARBER", "}o--o{", "SERVICE"]]);
  });

  it("a many-to-many holds through a join entity; a one-to-many through a foreign key, a field name or a relationship line", () => {
    expect(relationHolds(model, { said: "", a: ["Barber"], b: ["Shop", "Location"], kind: "many-to-many" })).toEqual({ ok: true, why: "join entity BarberShift" });
    expect(relationHolds(model, { said: "", a: ["Customer"], b: ["Booking"], kind: "one-to-many" }).ok).toBe(false);
    expect(relationHolds(model, { said: "", a: ["User"], b: ["Booking"], kind: "one-to-many" })).toEqual({ ok: true, why: "Booking refers to User" });
    // customer_id names the person's word, though it points at User.
    expect(relationHolds(model, { said: "", a: ["Client", "User", "Customer"], b: ["Booking"], kind: "one-to-many" }).ok).toBe(true);
    expect(relationHolds(model, { said: "", a: ["Shop"], b: ["QueueEntry"], kind: "one-to-many" })).toEqual({ ok: true, why: "a relationship line" });
    expect(relationHolds(model, { said: "", a: ["Shop"], b: ["Booking"], kind: "many-to-many" })).toEqual({ ok: false, why: "Shop and Booking are not linked" });
    expect(relationHolds(model, { said: "", a: ["Barber"], b: ["Service"], kind: "many-to-many" })).toEqual({ ok: false, why: "no entity for Service, so no relation" });
  });
});

const SCENARIO: CorpusScenario = {
  name: "barber test",
  style: "test",
  title: "Corte Certo",
  description: "Customers book a cut online or join the walk-in queue. No account, just a phone number. Barbers see their day on tablets. SMS reminders. Today we use Booksy. Lisbon.",
  answers: "We have one in-house developer. A €5 deposit when you book online.",
  remark: { phase: 1, text: "Barbers move between shops." },
  expect: {
    entities: [
      { thing: "barber", accept: ["Barber"] },
      { thing: "shop", accept: ["Shop"] },
      { thing: "service", accept: ["Service"] },
    ],
    fields: [{ thing: "no-show", field: /no[_ -]?show/i, notEntity: ["Show", "NoShow"] }],
    relations: [{ said: "barbers move between shops", a: ["Barber"], b: ["Shop"], kind: "many-to-many" }],
    requirements: [{ what: "SMS reminders", pattern: /\bSMS\b/, where: ["brief", "architecture"] }],
    named: [{ name: "Booksy", pattern: /Booksy/, where: ["brief"] }],
    constraints: {
      team: { said: "one in-house developer", sizes: [1], pattern: /in-house developer/ },
      defensibleRegulations: ["GDPR"],
      defensibleDevices: [],
      exclusions: [{ said: "No account, just a phone number", accept: /account|log[- ]?in/i }],
    },
    forbidden: [{ what: "a JavaScript framework", pattern: /Next\.js/, where: ["architecture"], why: "Django was asked for" }],
  },
};

const BRIEF = `# Project Brief

## Scale & Constraints
- As you said: “We have one in-house developer”
- As you said: “Which personal data do you need?”
- GDPR — personal data of people in the EU
- Comparable products: Booksy and Calendly
- Shared tablets: no personal sessions may persist between patients
`;

const ARCH = `# Architecture Overview

- Budget €5: every running service is chosen to fit it.
- Left out because you ruled it out: account and walk.
- HIPAA does not apply: no health data.
- A solo developer maintains it.
- SMS reminders go through a provider.
- Stack — ruled out by you: Next.js.

\`\`\`text
Budget €9: this line is code and is not read for claims.
\`\`\`
`;

const OUTPUT: PartyOutput = {
  artifacts: { [ARTIFACT_FILES.brief]: BRIEF, [ARTIFACT_FILES.architecture]: ARCH, [ARTIFACT_FILES.dataModel]: DM.replace("### QueueEntry", "### Show") },
  messages: [
    { from: "nadia", text: "You said “Barbers move between shops”. HIPAA applies here." },
    { from: "oscar", text: "You said “Barbers move between shops”. HIPAA applies here." },
  ],
};

describe("scoring a party", () => {
  const score = scoreParty(SCENARIO, OUTPUT);
  const claim = (kind: string, value: string, source?: string) => score.claims.filter((c) => c.kind === kind && c.value === value && (!source || c.source === source));

  it("counts each claim once per source and value, and judges it against the person's words", () => {
    const brief = ARTIFACT_FILES.brief;
    const arch = ARTIFACT_FILES.architecture;
    expect(claim("quote", "We have one in-house developer", brief)).toMatchObject([{ ok: true }]);
    expect(claim("quote", "Which personal data do you need?", brief)).toMatchObject([{ ok: false, why: "not the person's words" }]);
    expect(claim("quote", "Barbers move between shops", "messages")).toMatchObject([{ ok: true }]);
    expect(claim("regulation", "GDPR", brief)).toMatchObject([{ ok: true, why: "defensible from the facts" }]);
    expect(claim("regulation", "HIPAA (does not apply)", arch)).toMatchObject([{ ok: true }]);
    expect(claim("regulation", "HIPAA", "messages")).toMatchObject([{ ok: false }]);
    expect(claim("product", "Booksy", brief)).toMatchObject([{ ok: true }]);
    expect(claim("product", "Calendly", brief)).toMatchObject([{ ok: false }]);
    expect(claim("device", "tablet", brief)).toMatchObject([{ ok: true, why: "the person named it" }]);
    expect(claim("template-leak", "patient", brief)).toMatchObject([{ ok: false }]);
    expect(claim("budget", "€5", arch)).toMatchObject([{ ok: false, why: "the person gave no budget" }]);
    expect(claim("budget", "€9")).toEqual([]);
    expect(claim("exclusion", "account", arch)).toMatchObject([{ ok: true }]);
    expect(claim("exclusion", "walk", arch)).toMatchObject([{ ok: false }]);
    expect(claim("exclusion", "next.js", arch)).toMatchObject([{ ok: false }]);
    expect(claim("team", "1", arch)).toMatchObject([{ ok: true }]);
    expect(claim("not-an-entity", "Show")).toMatchObject([{ ok: false, source: ARTIFACT_FILES.dataModel }]);
    // "ruled out by you: Next.js" records a ban; it is not a use of Next.js.
    expect(claim("forbidden", "a JavaScript framework")).toEqual([]);
  });

  it("reports the facts carried and the ones missing, with the reason", () => {
    const fact = (what: string) => score.facts.find((f) => f.what.startsWith(what))!;
    expect(fact("barber")).toMatchObject({ ok: true, why: "### Barber" });
    expect(fact("service")).toMatchObject({ ok: false, why: expect.stringMatching(/no entity named Service; has User, Barber, Shop/) });
    expect(fact("no-show as a field")).toMatchObject({ ok: true, why: "a row of Booking" });
    const shift = scoreParty({ ...SCENARIO, expect: { ...SCENARIO.expect, fields: [{ thing: "shift", field: /shift/i, notEntity: [] }] } }, OUTPUT);
    expect(shift.facts.find((f) => f.kind === "field")).toMatchObject({ ok: true, why: "an entity of its own (BarberShift)" });
    expect(fact("barbers move between shops")).toMatchObject({ ok: true, why: "join entity BarberShift" });
    expect(score.facts.filter((f) => f.kind === "requirement").map((f) => [f.where, f.ok])).toEqual([
      ["brief", false],
      ["architecture", true],
    ]);
    expect(fact("Booksy")).toMatchObject({ kind: "named", where: "brief", ok: true });
    expect(fact("team")).toMatchObject({ kind: "team", where: "brief", ok: true });
  });

  it("keeps its counts consistent", () => {
    expect(score.precision.total).toBe(score.claims.length);
    expect(score.precision.ok).toBe(score.claims.filter((c) => c.ok).length);
    expect(score.recall.total).toBe(score.facts.length);
    expect(score.recall.ok).toBe(score.facts.filter((f) => f.ok).length);
    expect(score.precision.value).toBeCloseTo(score.precision.ok / score.precision.total);
    // A repeated message counts once.
    expect(score.claims.filter((c) => c.source === "messages" && c.kind === "quote")).toHaveLength(1);
  });

  it("finds a forbidden technology in code too, and an empty output has no claims and misses every fact", () => {
    const withCode = scoreParty(SCENARIO, { artifacts: { [ARTIFACT_FILES.architecture]: "```\nnpx create-next-app # Next.js\n```" }, messages: [] });
    expect(withCode.claims.filter((c) => c.kind === "forbidden")).toMatchObject([{ value: "a JavaScript framework", ok: false }]);
    const empty = scoreParty(SCENARIO, { artifacts: {}, messages: [] });
    expect(empty.precision).toEqual({ ok: 0, total: 0, value: null });
    expect(empty.recall.ok).toBe(0);
    expect(empty.facts.find((f) => f.kind === "requirement")!.why).toBe("the document was not written");
  });

  it("labels failures by kind and place, for the report", () => {
    expect(failureKind(claim("budget", "€5")[0])).toBe("budget the person did not give");
    expect(failureKind(score.facts.find((f) => f.what === "service")!)).toBe("entity missing in dataModel");
  });
});
