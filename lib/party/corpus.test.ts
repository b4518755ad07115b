// The corpus itself: its shape (both parts), and the tuned part played as whole parties on
// the real orchestrator with the instant offline model and scored. The model's figures are
// printed, not asserted (they are ratcheted in docs/offline-model.md); what is asserted is
// that every party completes, every remark is said, and the scorer's counts add up.
import { afterAll, describe, expect, it } from "vitest";
import { DEVICES, failureKind, HELD_OUT, personText, PRODUCTS, REGULATIONS, scoreParty, TUNED, withoutBans, type CorpusScenario, type ScenarioScore } from "@inception-party/offline-model/corpus";
import { playScenario } from "./testing/play-corpus";

/** How many facts the scorer must check for a scenario, counted from the scenario alone. */
function expectedFacts(s: CorpusScenario): number {
  const e = s.expect;
  const c = e.constraints;
  const namedRegulations = Object.values(REGULATIONS).filter((re) => re.test(personText(s))).length;
  return (
    e.entities.length +
    e.fields.length +
    e.relations.length +
    e.requirements.reduce((n, r) => n + r.where.length, 0) +
    e.named.reduce((n, x) => n + x.where.length, 0) +
    (c.budget ? 1 : 0) +
    (c.deadline ? 1 : 0) +
    (c.team ? 1 : 0) +
    2 * namedRegulations
  );
}

describe("the corpus's shape", () => {
  const all = [...TUNED, ...HELD_OUT];

  it("has at least 24 scenarios, a held-out third, and unique names and titles", () => {
    expect(all.length).toBeGreaterThanOrEqual(24);
    expect(HELD_OUT.length).toBeGreaterThanOrEqual(8);
    expect(HELD_OUT.length).toBeGreaterThanOrEqual(Math.floor(all.length / 3));
    expect(new Set(all.map((s) => s.name)).size).toBe(all.length);
    expect(new Set(all.map((s) => s.title)).size).toBe(all.length);
  });

  it.each(all.map((s) => [s.name, s] as const))("%s: names only catalogued regulations, devices and products, and forbids nothing the person said", (_, s) => {
    const c = s.expect.constraints;
    for (const r of c.defensibleRegulations) expect(Object.keys(REGULATIONS), s.name).toContain(r);
    for (const d of c.defensibleDevices) expect(Object.keys(DEVICES), s.name).toContain(d);
    for (const p of c.defensibleProducts ?? []) expect(Object.keys(PRODUCTS), s.name).toContain(p);
    expect(s.expect.entities.every((e) => e.accept.length > 0)).toBe(true);
    // The person's own words (less what they ban) never trip a forbidden pattern.
    const said = withoutBans(personText(s));
    expect(s.expect.forbidden.filter((f) => f.pattern.test(said)).map((f) => f.what)).toEqual([]);
    // Each exclusion is something the person said.
    for (const x of c.exclusions) expect(x.said.split(" … ").every((part) => personText(s).includes(part)), x.said).toBe(true);
  });
});

describe("the tuned corpus played and scored", () => {
  const scores: ScenarioScore[] = [];

  afterAll(() => {
    const sum = (f: (s: ScenarioScore) => number) => scores.reduce((n, s) => n + f(s), 0);
    const p = [sum((s) => s.precision.ok), sum((s) => s.precision.total)];
    const r = [sum((s) => s.recall.ok), sum((s) => s.recall.total)];
    // The figure docs/offline-model.md reports; `npm run corpus` prints the details.
    console.log(`corpus (tuned, ${scores.length} scenarios): precision ${p[0]}/${p[1]}, recall ${r[0]}/${r[1]}`);
  });

  it.each(TUNED.map((s) => [s.name, s] as const))("%s", { timeout: 60_000 }, async (_, s) => {
    const played = await playScenario(s);
    expect(played.status).toBe("completed");
    expect(played.remark.said, played.remark.refusals.join("; ")).toBe(true);
    expect(played.changeGiven).toBe(s.change !== undefined);
    expect(Object.keys(played.output.artifacts).length).toBeGreaterThan(0);

    const score = scoreParty(s, played.output);
    scores.push(score);
    expect(score.precision.total).toBe(score.claims.length);
    expect(score.precision.ok).toBe(score.claims.filter((c) => c.ok).length);
    expect(score.recall.total).toBe(score.facts.length);
    expect(score.recall.ok).toBe(score.facts.filter((f) => f.ok).length);
    expect(score.recall.total).toBe(expectedFacts(s));
    // Every check says what and why, so a failure can be acted on.
    for (const c of score.claims) expect(c.value && c.why && c.source && failureKind(c), JSON.stringify(c)).toBeTruthy();
    for (const f of score.facts) expect(f.what && f.why && failureKind(f), JSON.stringify(f)).toBeTruthy();
    // A claim is counted once per source and value.
    const keys = score.claims.map((c) => `${c.kind}|${c.source}|${c.value.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
