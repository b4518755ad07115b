import { readProject } from "../reading/read-project";
import { describe, expect, it } from "vitest";
import { TASKS } from "@inception-party/protocol";
import { applyStackChanges } from "./apply-stack-changes";
import { chooseStack, type StackInput } from "./choose-stack";
import { detectDomain } from "./detect-domain";
import { extractEntities } from "./extract-entities";
import { extractProfile } from "./extract-profile";
import { parseProposalText } from "./parse-proposal";
import { getSlot, toProposal } from "./stack-plan";
import { detectPreferences } from "./stack-preferences";

function input(description: string, answers = ""): StackInput {
  const traits = detectDomain(`${description}\n${answers}`);
  const profile = extractProfile(description, answers);
  const model = extractEntities(description, answers, traits, [], readProject(description, answers));
  return { traits, profile, prefs: detectPreferences(`${description}\n${answers}`), entityNames: model.entities.map((e) => e.name) };
}

describe("chooseStack", () => {
  it("turns 'strong in React' plus payments into Next.js/TypeScript with Stripe and webhooks", () => {
    const plan = chooseStack(input("A marketplace where buyers pay sellers by card in Berlin.", "Two developers, strong in React."));
    expect(plan.language.choice).toBe("TypeScript");
    expect(plan.framework.choice).toMatch(/Next\.js/);
    expect(getSlot(plan, "payments")?.choice).toMatch(/Stripe.*webhooks/);
    expect(plan.language.rationale).toContain("strong in React");
  });

  it("follows a named language: Python → a Python framework, Go → Go", () => {
    expect(chooseStack(input("An analytics API for sensor data.", "We write Python.")).language.choice).toMatch(/Python/);
    expect(chooseStack(input("An internal inventory service.", "The team knows Go well.")).language.choice).toMatch(/^Go/);
  });

  it("adds a WebSocket layer for real-time products", () => {
    const plan = chooseStack(input("A live multiplayer quiz with a real-time leaderboard."));
    expect(getSlot(plan, "realtime")?.choice).toMatch(/Socket\.IO|WebSocket/);
  });

  it("picks SSO for internal tools and a single binary for CLIs", () => {
    expect(getSlot(chooseStack(input("An internal runbook tool for our SRE team.")), "sso")).toBeDefined();
    const cli = chooseStack(input("A command-line tool that converts CSV files to Parquet."));
    expect(cli.framework.choice).toBe("Cobra");
    expect(cli.database.choice).toMatch(/SQLite/);
  });

  it("proposals round-trip through the rendered message", () => {
    const p = toProposal(chooseStack(input("A marketplace where buyers pay sellers by card in Berlin.")));
    const parsed = parseProposalText(TASKS["stack.proposal"].render(p));
    expect(parsed?.language).toEqual(p.language);
    expect(parsed?.database).toEqual(p.database);
    expect(parsed?.additional.map((a) => a.choice)).toEqual(p.additional.map((a) => a.choice));
  });
});

describe("applyStackChanges", () => {
  const base = input("A booking site for yoga studios in Madrid; clients pay by card.", "We know React.");
  const plan = chooseStack(base);

  it("swaps the database and keeps the rest", () => {
    const r = applyStackChanges(plan, "use MySQL instead of PostgreSQL", base);
    expect(r.plan.database.choice).toMatch(/MySQL/);
    expect(r.plan.framework.choice).toBe(plan.framework.choice);
    expect(getSlot(r.plan, "payments")).toEqual(getSlot(plan, "payments"));
    expect(r.changed.join(" ")).toMatch(/Database/);
  });

  it("switching to Django swaps the whole toolchain", () => {
    const r = applyStackChanges(plan, "switch to Django", base);
    expect(r.plan.language.choice).toMatch(/Python/);
    expect(r.plan.framework.choice).toMatch(/Django/);
    expect(r.plan.database.choice).toMatch(/Django ORM/);
    expect(r.plan.testRunner).toMatch(/pytest/);
  });

  it("changes nothing for a request that names no technology", () => {
    const r = applyStackChanges(plan, "keep it cheap please", base);
    expect(r.changed).toEqual([]);
    expect(r.plan).toEqual(plan);
  });

  it("reads wanted and unwanted technologies", () => {
    const p = detectPreferences("Replace PostgreSQL with MongoDB and drop Redis; we host on AWS.");
    expect(p.database?.id).toBe("mongodb");
    expect(p.avoid.map((t) => t.id)).toEqual(expect.arrayContaining(["postgres", "redis"]));
    expect(p.hosting?.id).toBe("aws");
  });
});

// Written for this test, in no corpus: a Tanzanian co-op's seed sales.
describe("chooseStack: the way people pay, named", () => {
  it("is the payments slot, not Stripe", () => {
    const plan = chooseStack(input("Farmers order seed packs from our co-op and pay via Tigo Pesa. The clerk sees who has paid."));
    expect(getSlot(plan, "payments")?.choice).toMatch(/^Tigo Pesa /);
    expect(getSlot(plan, "payments")?.choice).not.toMatch(/Stripe/);
  });
});

// Written for this test, in no corpus.
describe("detectPreferences: the payment provider they named", () => {
  it("is read with what is paid between ('pay a yearly fee through Mollie')", () => {
    expect(detectPreferences("Members pay a yearly fee through Mollie, that stays.").payWith).toBe("Mollie");
    expect(detectPreferences("Parents pay with PayPal.").payWith).toBe("PayPal");
  });
});
