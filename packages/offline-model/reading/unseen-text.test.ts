// Reading descriptions nobody tuned for (testing/held-out-corpus.ts): the general
// mechanisms the held-out parties exposed — sentence ends, lists in parentheses, purpose
// clauses, locale codes, money kept outside the product, one-machine deployments, and
// answers that talk about the description instead of the project.
import { describe, expect, it } from "vitest";
import { detectPreferences } from "../knowledge/stack-preferences";
import { HELD_OUT } from "../testing/held-out-corpus";
import { isMetaAnswer, sentences } from "../text-utils";
import { featuresFromReading } from "./features";
import { parentheticalExamples } from "./read-clauses";
import { localeCode } from "./languages";
import { readProject } from "./read-project";

const CAFE = HELD_OUT.find((s) => s.name === "repair café")!;

describe("reading an unseen description", () => {
  it("ends a sentence only at a stop before a space, never inside a version number or parentheses", () => {
    const ss = sentences(CAFE.description, 2);
    expect(ss).toContain("The team is three volunteers who know some Python 3.13.");
    expect(ss.some((s) => /^\d/.test(s))).toBe(false);
    expect(sentences("Use v2.1 (see e.g. the docs). Then stop.")).toEqual(["Use v2.1 (see e.g. the docs).", "Then stop."]);
    expect(sentences("From it: “Fine.” Next one.")).toEqual(["From it: “Fine.”", "Next one."]);
  });

  it("keeps a list in parentheses with the noun it belongs to", () => {
    const r = readProject(CAFE.description, CAFE.answers);
    const features = featuresFromReading(r, CAFE.description);
    // No feature is cut inside the parentheses, and none repeats another.
    for (const f of features) expect((f.match(/\(/g) ?? []).length).toBe((f.match(/\)/g) ?? []).length);
    expect(features.some((f) => /^Volunteer fixers they\b/.test(f))).toBe(false);
    expect(parentheticalExamples("each repair gets an outcome (fixed, partly fixed, not fixable)")).toEqual([{ of: "outcome", items: ["fixed", "partly fixed", "not fixable"] }]);
    const item = r.things.find((t) => t.name === "item");
    expect(item?.examples).toEqual(["small electricals", "clothes", "bikes"]);
    expect(item?.core).toBe(true);
    expect(r.things.find((t) => t.name === "outcome")?.of).toBe("repair");
    // The examples are kinds of item, not things of their own.
    expect(r.things.map((t) => t.name)).not.toContain("bike");
  });

  it("reads the people who act, whatever the role list knows", () => {
    const r = readProject(CAFE.description, CAFE.answers);
    expect(r.actors).toEqual(expect.arrayContaining(["visitor", "fixer"]));
  });

  it("gives every UI language its ISO code", () => {
    expect(readProject(CAFE.description).languages).toEqual(expect.arrayContaining(["Welsh", "English"]));
    expect(["Welsh", "Polish", "Slovenian", "German", "Greek"].map(localeCode)).toEqual(["cy", "pl", "sl", "de", "el"]);
  });

  it("takes money paid outside the app as no money in it", () => {
    for (const name of ["tenant maintenance (bullets)", "translation agency (non-native English)"]) {
      const s = HELD_OUT.find((x) => x.name === name)!;
      expect(readProject(s.description, s.answers).noMoney, name).toBe(true);
    }
    expect(readProject("Buyers pay in the app; the platform takes a 12% commission.").noMoney).toBe(false);
  });

  it("hears a one-machine deployment and quotes its sentence whole", () => {
    expect(detectPreferences(CAFE.description).singleServer).toBe("Runs on a single small server");
    expect(detectPreferences(CAFE.description).familyEvidence).toBe("The team is three volunteers who know some Python 3.13");
    expect(detectPreferences("We do not want a single server; use a managed platform.").singleServer).toBeUndefined();
  });

  it("never takes an answer about the description for something the person said", () => {
    expect(isMetaAnswer("The description names no regulation.")).toBe(true);
    expect(isMetaAnswer("Start with “book a slot”, then “pick jobs”.")).toBe(true);
    expect(isMetaAnswer("Not fixable) and we report how many kilos")).toBe(true);
    expect(isMetaAnswer("Paper sign-up sheets get lost, so fixers arrive without knowing what is coming.")).toBe(false);
  });
});

// A lending shelf in a block of flats, written for these mechanisms (not in any corpus).
describe("reading a lending shelf", () => {
  const SHELF =
    "An app for the lending shelf in our block of flats: residents post things they can lend (a ladder, a drill, a sewing machine) and neighbours ask to borrow them. We arrange it on a WhatsApp group today and things go missing. No money involved, nobody pays.";
  const r = readProject(SHELF);

  it("a vague word with examples is a thing people act on", () => {
    expect(r.things.find((t) => t.name === "item")).toMatchObject({ core: true, verbs: ["post"], actors: ["resident"], examples: ["a ladder", "a drill", "a sewing machine"] });
  });

  it("'no money involved' and 'nobody pays' rule money out", () => {
    expect(r.noMoney).toBe(true);
    expect(r.paysInProduct).toBe(false);
  });

  it("a channel used today, in the pain, is neither a requirement nor a feature", () => {
    expect(r.requirements.filter((q) => q.kind === "channel")).toEqual([]);
    expect(featuresFromReading(r, SHELF).some((f) => /WhatsApp/.test(f))).toBe(false);
  });
});

describe("a lending shelf's data model", () => {
  it("an item posted by residents is their record, its examples kinds of item, not a closed list of states", async () => {
    const { extractEntities } = await import("../knowledge/extract-entities");
    const { detectDomain } = await import("../knowledge/detect-domain");
    const d = "An app for the lending shelf in our block of flats: residents post things they can lend (a ladder, a drill, a sewing machine) and neighbours ask to borrow them.";
    const m = extractEntities(d, "", detectDomain(d), [], readProject(d));
    const item = m.entities.find((e) => e.name === "Item")!;
    expect(item.fields.map((f) => f.name)).toEqual(expect.arrayContaining(["name", "category"]));
    expect(JSON.stringify(item.fields)).not.toMatch(/a_ladder/);
    expect(m.relations).toContainEqual(expect.objectContaining({ from: "Item", to: "Resident" }));
  });
});

// An orchard's picking season, written for these mechanisms (not in any corpus).
describe("reading an orchard's picking season", () => {
  const ORCHARD =
    "Every August we pick apples with about twenty seasonal helpers. Helpers are paid per crate. On Sunday evening my brother adds up the crates in a notebook. We pay cash or by bank transfer. Helpers log their crates on a phone.";
  const r = readProject(ORCHARD);

  it("takes a month, one relative and a way to pay for no group and no record", () => {
    expect(r.actors).toEqual(["helper"]);
    expect(r.things.map((t) => t.name)).not.toEqual(expect.arrayContaining(["august", "brother", "cash"]));
  });

  it("does not make people paid by someone the payers", () => {
    expect(r.things.find((t) => t.name === "crate")?.actors ?? []).toEqual(["helper"]);
    expect(r.things.find((t) => t.name === "payment")?.actors ?? []).toEqual([]);
  });
});

// A bow-maker's workshop and a chess club, written for these mechanisms (not in any corpus).
describe("reading a workshop and a club", () => {
  it("reads 'or post them' as a second act, 'my bookkeeper' as nobody's role, and 'by text' as SMS", () => {
    const t = "Players drop bows off or post them. Receipts go through my bookkeeper's ledger. The secretary reminds players by text.";
    const r = readProject(t);
    expect(r.things.map((x) => x.name)).not.toContain("post");
    expect(r.actors).not.toContain("bookkeeper");
    expect(r.requirements.map((q) => q.name)).toContain("SMS");
  });

  it("takes a description that opens by naming an organisation for the speakers' own", () => {
    const r = readProject("Riverside chess club, run by volunteers\n- members book boards for Tuesday nights\n- the captain picks teams");
    expect(r.ours.some((o) => o.endsWith("club"))).toBe(true);
    expect(r.things.filter((x) => x.name.endsWith("club"))).toEqual([]);
  });

  it("takes money the speakers pay out, 'paid-up' members and today's takings for no payment in the product", () => {
    expect(readProject("Only paid-up members may book. We pay the groundsman monthly. We already take payments at the gate.").paysInProduct).toBe(false);
    expect(readProject("Members pay their dues in the app.").paysInProduct).toBe(true);
  });

  it("reads what a passive acts on as a thing of the core ('gets weighed', 'are stored')", () => {
    const r = readProject("Every full sack gets weighed at the mill. Receipts are stored for a year.");
    expect(r.things.filter((t) => t.core).map((t) => [t.name, t.verbs])).toEqual([["sack", ["weigh"]], ["receipt", ["store"]]]);
  });

  it("reads a parenthesised list of what a record holds as its fields, and 'per' as whose list it is", () => {
    const r = readProject("Tuners keep a job card per piano (what was tuned, strings replaced, minutes spent). Owners book visits.");
    expect(r.things.find((t) => t.name === "job card")?.fields).toEqual(["what was tuned", "strings replaced", "minutes spent"]);
    expect(parentheticalExamples("Repairs go in a log (damp, broken lifts, heating).")).toEqual([{ of: "log", items: ["damp", "broken lifts", "heating"] }]);
  });
});
