// The runner's side of "one on-demand job per party" (issue 24, item 3): jobs asked for
// at the same instant are arbitrated before either runs, a job that stops on an error
// ends in its failure event (in plain words), and a reservation whose runner died is
// cleared (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultPersonaConfig } from "../agents/persona-config";
import { createModelRegistry } from "../ai/model-registry";
import { activeJob, reserveJob } from "../db/jobs";
import { appendUnfenced, insertParty, readEvents } from "../db/parties";
import { PrismaPartyStore } from "../db/party-store";
import { createTestDatabase, type TestDatabase } from "../db/testing/test-database";
import { EventBus } from "../events/bus";
import type { PartyContext } from "../party/agent-step";
import type { RevisionStart } from "../wire/events";
import { PartyRunner } from "./party-runner";

let db: TestDatabase;
let store: PrismaPartyStore;

function runner(owner: string) {
  return new PartyRunner({
    db,
    store,
    bus: new EventBus(),
    personas: defaultPersonaConfig(),
    models: () => createModelRegistry({ defaultModel: "offline", offline: { seed: 7, tokensPerSecond: 0, firstTokenMs: 0 } }),
    owner,
    leaseMs: 5000,
    timeoutMs: 30_000,
  });
}

const startOf = (n: number): RevisionStart => ({
  revisionId: `revision-${n}-data-model`,
  key: `revision/revision-${n}-data-model`,
  artifactPath: "docs/data-model.md",
  title: "Data Model",
  agent: "data_modeler",
  phase: 3,
  feedback: "Add an index on every foreign key.",
  baseVersion: 1,
  missing: false,
  onDemand: true,
  source: "person",
});

/** A job that writes its start, takes a moment, and then its result (or throws `error`). */
const job =
  (start: RevisionStart, error?: Error) =>
  async (ctx: PartyContext): Promise<void> => {
    await ctx.rt.emit(`${start.key}/start`, [{ type: "revision-start", data: start }]);
    await new Promise((r) => setTimeout(r, 100));
    if (error) throw error;
    await ctx.rt.emit(`${start.key}/result`, [{ type: "revision-result", data: { revisionId: start.revisionId, artifactPath: start.artifactPath, status: "completed", version: 2, changesSummary: "Indexed.", reason: null } }]);
  };

beforeEach(async () => {
  db = await createTestDatabase();
  store = new PrismaPartyStore(db);
  await insertParty(db, { id: "q1", ownerId: "owner", title: "Climbing gyms", description: "A booking app for climbing gyms.", mode: "party", flags: [], modelSettings: {}, watchToken: "w-q1" });
  await appendUnfenced(db, "q1", [{ type: "party-status", data: { status: "completed", currentPhase: null } }]);
});

afterEach(async () => {
  await db.destroy();
});

describe("one job per party", () => {
  it("two jobs asked for at the same instant on one instance: one runs to its result, the other is refused", async () => {
    const r = runner("one");
    const started = await Promise.all([r.runJob("q1", { jobId: startOf(1).revisionId, fresh: true }, job(startOf(1))), r.runJob("q1", { jobId: startOf(2).revisionId, fresh: true }, job(startOf(2)))]);
    expect(started).toEqual([true, false]);
    await r.idle("q1");
    const log = await readEvents(db, "q1", 0);
    expect(log.filter((e) => e.type === "revision-start" || e.type === "revision-result").map((e) => e.type)).toEqual(["revision-start", "revision-result"]);
    expect(await activeJob(db, "q1")).toBeNull();
  });

  it("on two instances at the same instant: one runs, the other is refused", async () => {
    const [a, b] = [runner("a"), runner("b")];
    const started = await Promise.all([a.runJob("q1", { jobId: startOf(1).revisionId, fresh: true }, job(startOf(1))), b.runJob("q1", { jobId: startOf(2).revisionId, fresh: true }, job(startOf(2)))]);
    expect(started.filter(Boolean)).toHaveLength(1);
    await Promise.all([a.idle("q1"), b.idle("q1")]);
    expect((await readEvents(db, "q1", 0)).filter((e) => e.type === "revision-result")).toHaveLength(1);
  });

  it("a job id already used is refused, never replayed (two requests that numbered themselves alike)", async () => {
    const r = runner("one");
    expect(await r.runJob("q1", { jobId: startOf(1).revisionId, fresh: true }, job(startOf(1)))).toBe(true);
    await r.idle("q1");
    expect(await r.runJob("q1", { jobId: startOf(1).revisionId, fresh: true }, job(startOf(1)))).toBe(false);
  });

  it("a job that stops on an error ends in its failure event, in plain words, and frees the party", async () => {
    const r = runner("one");
    const error = new Error("connect ECONNREFUSED 127.0.0.1:4198");
    expect(await r.runJob("q1", { jobId: startOf(1).revisionId, fresh: true }, job(startOf(1), error))).toBe(true);
    await r.idle("q1");
    const results = (await readEvents(db, "q1", 0)).filter((e) => e.type === "revision-result");
    expect(results.map((e) => e.data)).toEqual([expect.objectContaining({ revisionId: startOf(1).revisionId, status: "failed", reason: expect.stringMatching(/internal error/) })]);
    expect(JSON.stringify(results)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|4198/);
    expect(await activeJob(db, "q1")).toBeNull();
  });

  it("a reservation whose runner died before the job's start is cleared by the scan", async () => {
    expect(await reserveJob(db, "q1", "critique-1-data-model", true)).toBe(true);
    expect(await reserveJob(db, "q1", "revision-1-data-model", true)).toBe(false);
    await runner("survivor").scan();
    expect(await activeJob(db, "q1")).toBeNull();
  });
});
