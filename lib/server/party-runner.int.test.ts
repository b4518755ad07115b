// The runner on a real database (PGlite in memory, or Postgres in CI): a whole party
// answered through the same calls the API makes, lease fencing, and takeover.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultPersonaConfig } from "../agents/persona-config";
import { createModelRegistry } from "../ai/model-registry";
import { startScriptedOpenAIServer } from "../ai/testing/scripted-openai-server";
import { claimLease, orphanedParties } from "../db/leases";
import { appendUnfenced, countCritiqueRounds, insertParty, listArtifacts, listPhases, pendingInput, readEvents, recordAnswer, recordCancel } from "../db/parties";
import { PrismaPartyStore } from "../db/party-store";
import { createTestDatabase, type TestDatabase } from "../db/testing/test-database";
import { parseEnv } from "../env";
import { EventBus } from "../events/bus";
import { PERSPECTIVE_PRESETS } from "../party/critique-round";
import { hookedStore, LeaseLostError, type PartyStore } from "../party/store";
import type { Database } from "../db/client";
import { PartyRunner, type RunnerDeps } from "./party-runner";
import { runnerSettings } from "./services";
import { stateView } from "./state-view";
import { summarizeUsage, usageRecords } from "../party/usage-summary";
import type { Mode } from "../vocabulary";

const DESCRIPTION =
  "A booking app for a network of independent climbing gyms in Austria: members reserve time slots, gyms manage capacity and route setting, and payments go through the app.";

let db: TestDatabase;
let bus: EventBus;
let store: PrismaPartyStore;

function runner(owner = "test-a", leaseMs = 5000, tokenBudget?: number, over: Partial<RunnerDeps> = {}) {
  return new PartyRunner({
    db,
    store,
    bus,
    personas: defaultPersonaConfig(),
    models: () => createModelRegistry({ defaultModel: "offline", offline: { seed: 7, tokensPerSecond: 0, firstTokenMs: 0 } }),
    owner,
    leaseMs,
    timeoutMs: 30_000,
    tokenBudget,
    ...over,
  });
}

async function newParty(id: string, mode: Mode | null = "party") {
  await insertParty(db, { id, ownerId: "owner", title: "Climbing gyms", description: DESCRIPTION, mode, flags: [], modelSettings: {}, watchToken: `w-${id}` });
}

const ANSWERS: Record<string, { selection: string | null; text: string | null }> = {
  mode: { selection: "1", text: null },
  vision_questions: { selection: null, text: "Members are climbers aged 18-45; gyms have 2-5 staff. Card payments. GDPR applies. Success is 60% of bookings online after six months." },
  stack_approval: { selection: "Y", text: null },
  constitution_review: { selection: "1", text: null },
  walkthrough: { selection: "1", text: null },
};

/** Answers every request the way a person in the browser would, until the party ends. */
async function drive(r: PartyRunner, id: string) {
  for (let i = 0; i < 40; i++) {
    await r.kick(id);
    const req = await pendingInput(db, id);
    if (!req) break;
    bus.publish(id, await recordAnswer(db, id, req.requestId, ANSWERS[req.kind] ?? { selection: req.options[0]?.key ?? null, text: "ok" }));
  }
  return db.prisma.party.findUniqueOrThrow({ where: { id } });
}

beforeEach(async () => {
  db = await createTestDatabase();
  bus = new EventBus();
  store = new PrismaPartyStore(db, (p, e) => bus.publish(p, e));
});
afterEach(async () => {
  await db.destroy();
});

describe("PartyRunner on the database", () => {
  it("runs a whole party to completion; the tables agree with the log", async () => {
    await newParty("p1");
    const seen: number[] = [];
    bus.subscribe("p1", (m) => {
      if (m.kind === "events") seen.push(...m.events.map((e) => e.seq));
    });
    const party = await drive(runner(), "p1");
    expect(party.status).toBe("completed");

    const log = await readEvents(db, "p1", 0, 100_000);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
    expect(seen).toEqual(log.slice(1).map((e) => e.seq)); // everything after party-start went through the bus, once
    const ended = log.filter((e) => e.type === "message-end").map((e) => (e.data as { messageId: string }).messageId);
    expect(new Set(ended).size).toBe(ended.length);

    const paths = (await listArtifacts(db, "p1")).map((a) => a.path);
    for (const p of ["docs/project-brief.md", "docs/architecture/architecture-overview.md", "docs/architecture/data-model.md", "docs/architecture/test-strategy-outline.md", "docs/isdlc/constitution.md", "docs/isdlc/skill-customization-report.md"]) {
      expect(paths).toContain(p);
    }
    const phases = await listPhases(db, "p1", "party");
    expect(phases.map((p) => [p.number, p.status])).toEqual([1, 2, 3, 4, 5].map((n) => [n, "completed"]));
    expect(phases[0].messageCount).toBeGreaterThan(0);
    expect(phases[0].messageCount).toBeLessThanOrEqual(phases[0].maxMessages);
    const members = await db.prisma.teamMember.findMany({ where: { partyId: "p1" } });
    expect(members.length).toBe(9);
    expect(members.every((m) => m.status === "shut_down")).toBe(true);
    expect(party.tokensUsed).toBeGreaterThan(0);

    const state = stateView(party, phases, { usage: summarizeUsage(usageRecords(log)) });
    expect(state.discover).toMatchObject({ status: "completed", mode: "party" });
    // What the party spent, in state.json: the tokens its budget counted, free on the offline model.
    expect(state.usage!.input_tokens + state.usage!.output_tokens).toBe(party.tokensUsed);
    expect(state.usage).toMatchObject({ cost_usd: 0, estimated_calls: 0, failed_turns: 0 });
    expect(Object.keys(state.usage!.by_agent)).toEqual(expect.arrayContaining(["nadia", "architect", "constitution_generator", "skills_researcher"]));
    expect(state.usage!.by_phase.map((p) => p.phase)).toEqual([1, 2, 3, 4]);
    expect(state.discover).not.toHaveProperty("party_phases");
    expect(Object.keys(state.discovery_context!).sort()).toEqual(Object.keys(party.discoveryContext as object).sort());
    console.log(`party: ${log.length} events, ${paths.length} artifacts, ${party.tokensUsed} tokens`);
  }, 120_000);

  it("refuses the writes of a runner whose lease was taken over (epoch fencing)", async () => {
    await newParty("p2");
    const a = await claimLease(db, "p2", "a", 60_000);
    expect(a?.epoch).toBe(1);
    expect(await claimLease(db, "p2", "b", 60_000)).toBeNull(); // held and live
    await db.prisma.runnerLease.update({ where: { partyId: "p2" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const b = await claimLease(db, "p2", "b", 60_000);
    expect(b?.epoch).toBe(2);
    await expect(store.commit("p2", a!.epoch, { events: [{ type: "note", data: { kind: "info", phase: null, text: "zombie" } }] })).rejects.toBeInstanceOf(LeaseLostError);
    await expect(store.beginStep("p2", a!.epoch, "s")).rejects.toBeInstanceOf(LeaseLostError);
    const ok = await store.commit("p2", b!.epoch, { events: [{ type: "note", data: { kind: "info", phase: null, text: "live" } }] });
    expect(ok[0].seq).toBe(2);
  });

  it("finds a party whose runner died and takes it over", async () => {
    await newParty("p3");
    await claimLease(db, "p3", "dead-instance", 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(await orphanedParties(db)).toContain("p3");
    const r = runner("survivor");
    expect(await r.scan()).toBe(1);
    await r.kick("p3"); // joins the scan's run
    expect((await pendingInput(db, "p3"))?.kind).toBe("vision_questions");
    expect(await orphanedParties(db)).not.toContain("p3"); // waiting on the person, not orphaned
  }, 60_000);

  it("takes its own parties back at once after a restart with the same id, not when its lease expires", async () => {
    await newParty("p7");
    await claimLease(db, "p7", "same-instance", 60_000); // held by the instance before it died
    expect(await orphanedParties(db)).not.toContain("p7");
    expect(await orphanedParties(db, "other-instance")).not.toContain("p7"); // another instance waits
    const r = runner("same-instance");
    expect(await r.scan()).toBe(1);
    await r.kick("p7");
    expect((await pendingInput(db, "p7"))?.kind).toBe("vision_questions");
  }, 60_000);

  it("resumes an on-demand critique whose instance died, once, and records its result", async () => {
    await newParty("p6");
    await appendUnfenced(db, "p6", [
      { type: "artifact-write", data: { path: "docs/project-brief.md", title: "Project brief", producer: "nadia", phase: 1, content: `# Project brief\n\n${DESCRIPTION}\n\n## Users\nClimbers and gym staff.` } },
      { type: "party-status", data: { status: "completed", currentPhase: null } },
    ]);
    // What a runner writes before it dies: the round's start, under its lease.
    const dead = (await claimLease(db, "p6", "dead-instance", 1))!;
    const start = { roundId: "critique-1-project-brief", key: "critique/critique-1-project-brief", artifactPath: "docs/project-brief.md", phase: 1, onDemand: true, perspectives: [PERSPECTIVE_PRESETS.security, PERSPECTIVE_PRESETS.product] };
    await store.commit("p6", dead.epoch, { step: { key: `${start.key}/start`, output: null }, events: [{ type: "critique-start", data: start }] });
    expect((await db.prisma.party.findUniqueOrThrow({ where: { id: "p6" } })).activeJob).toBe(start.roundId);
    await new Promise((r) => setTimeout(r, 20));

    const r = runner("survivor");
    expect(await r.scan()).toBe(1);
    await r.idle("p6");
    const log = await readEvents(db, "p6", 0);
    expect(log.filter((e) => e.type === "critique-start")).toHaveLength(1); // not started twice
    const result = log.find((e) => e.type === "critique-result");
    expect(result?.data).toMatchObject({ roundId: start.roundId, artifactPath: "docs/project-brief.md", ratings: [{ name: "Security" }, { name: "Product" }] });
    expect((await listArtifacts(db, "p6")).map((a) => a.path)).toContain("discussions/critique-1-project-brief-discussion.md");
    expect((await db.prisma.party.findUniqueOrThrow({ where: { id: "p6" } })).activeJob).toBeNull();
    expect(await r.scan()).toBe(0);
    // The next request is numbered after it.
    expect(await countCritiqueRounds(db, "p6", "critique-")).toBe(1);
  }, 60_000);

  it("a resumed critique that fails on its own ends in its failure event instead of retrying in a loop", async () => {
    await newParty("p7");
    await appendUnfenced(db, "p7", [{ type: "party-status", data: { status: "completed", currentPhase: null } }]);
    const dead = (await claimLease(db, "p7", "dead-instance", 1))!;
    // Its artifact is gone: the critique round fails at once.
    const start = { roundId: "critique-1-gone", key: "critique/critique-1-gone", artifactPath: "docs/gone.md", phase: 1, onDemand: true, perspectives: [PERSPECTIVE_PRESETS.security] };
    await store.commit("p7", dead.epoch, { step: { key: `${start.key}/start`, output: null }, events: [{ type: "critique-start", data: start }] });
    await new Promise((r) => setTimeout(r, 20));
    const r = runner("survivor");
    expect(await r.scan()).toBe(1);
    await r.idle("p7");
    expect(await r.scan()).toBe(0); // not again
    // Whoever asked for it sees how it ended (issue 24): a failure, in plain words.
    expect((await readEvents(db, "p7", 0)).filter((e) => e.type === "critique-result").map((e) => e.data)).toEqual([expect.objectContaining({ roundId: "critique-1-gone", status: "failed", reason: expect.stringMatching(/internal error/) })]);
  }, 60_000);

  it("reports every resumed job it could not read, not just the first, and backs off each", async () => {
    for (const id of ["p11", "p12"]) {
      await newParty(id);
      await appendUnfenced(db, id, [{ type: "party-status", data: { status: "completed", currentPhase: null } }]);
      const dead = (await claimLease(db, id, "dead-instance", 1))!;
      const start = { roundId: `critique-1-${id}`, key: `critique/critique-1-${id}`, artifactPath: "docs/project-brief.md", phase: 1, onDemand: true, perspectives: [PERSPECTIVE_PRESETS.security] };
      await store.commit(id, dead.epoch, { step: { key: `${start.key}/start`, output: null }, events: [{ type: "critique-start", data: start }] });
    }
    await new Promise((r) => setTimeout(r, 20));
    // The job's material cannot be read (its artifacts query fails); everything else works.
    const prisma = new Proxy(db.prisma, {
      get(target, prop) {
        if (prop === "artifact") return { findMany: () => Promise.reject(new Error("artifacts unreadable")) };
        const v: unknown = Reflect.get(target, prop);
        return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      },
    });
    const logs: string[] = [];
    const r = runner("survivor", 5000, undefined, { db: { ...db, prisma } as Database, log: (m) => logs.push(m) });
    expect(await r.scan()).toBe(2);
    expect(logs.filter((m) => /could not resume job critique-1-p1[12] \(artifacts unreadable\)/.test(m)).map((m) => m.split(":")[0]).sort()).toEqual(["party p11", "party p12"]);
    expect(await r.scan()).toBe(0); // backed off, not read again at once
  }, 60_000);

  it("stops a cancelled party and cleans up its team", async () => {
    await newParty("p4");
    const r = runner();
    await r.kick("p4");
    const stored = await recordCancel(db, "p4", "Cancelled by the person.");
    expect(stored.map((e) => e.type)).toEqual(["team-delete", "party-status", "party-end"]);
    const req = await db.prisma.inputRequest.findMany({ where: { partyId: "p4" } });
    expect(req.every((x) => x.status === "cancelled")).toBe(true);
    await r.kick("p4");
    const after = await readEvents(db, "p4", stored[2].seq);
    expect(after).toEqual([]);
    expect((await db.prisma.party.findUniqueOrThrow({ where: { id: "p4" } })).status).toBe("cancelled");
  }, 60_000);

  it("a shutdown records what the cut turns had spent (no failure); the party resumes from the turn's start", async () => {
    await newParty("p8");
    // Slow enough that the turns are mid-stream when the instance stops.
    const slow = () => createModelRegistry({ defaultModel: "offline", offline: { seed: 7, tokensPerSecond: 40, firstTokenMs: 0 } });
    const r = new PartyRunner({ db, store, bus, personas: defaultPersonaConfig(), models: slow, owner: "stopping", leaseMs: 5000, timeoutMs: 30_000 });
    void r.kick("p8");
    for (let i = 0; i < 200 && !(await readEvents(db, "p8", 0, 100_000)).some((e) => e.type === "message-delta"); i++) await new Promise((res) => setTimeout(res, 50));
    await r.stop();
    const log = await readEvents(db, "p8", 0, 100_000);
    const cut = log.filter((e) => e.type === "usage").map((e) => e.data as { agent: string; cancelled?: boolean; inputTokens: number; outputTokens: number; estimatedCalls?: number });
    expect(cut.length).toBeGreaterThan(0);
    for (const u of cut) expect(u).toMatchObject({ cancelled: true, inputTokens: expect.any(Number), estimatedCalls: 1 });
    expect(cut.every((u) => u.inputTokens > 0 && u.outputTokens > 0)).toBe(true);
    expect(log.filter((e) => e.type === "agent-failure")).toEqual([]);
    // The budget counts it.
    const spent = cut.reduce((t, u) => t + u.inputTokens + u.outputTokens, 0);
    expect((await db.prisma.party.findUniqueOrThrow({ where: { id: "p8" } })).tokensUsed).toBe(spent);
    // Another instance resumes the party: the cut turns run again and it reaches the questions.
    await runner("next").kick("p8");
    expect((await pendingInput(db, "p8"))?.kind).toBe("vision_questions");
  }, 60_000);

  it("a cancel records nothing after the party's end, whatever the cut turns had spent", async () => {
    await newParty("p9");
    const slow = () => createModelRegistry({ defaultModel: "offline", offline: { seed: 7, tokensPerSecond: 40, firstTokenMs: 0 } });
    const r = new PartyRunner({ db, store, bus, personas: defaultPersonaConfig(), models: slow, owner: "cancelling", leaseMs: 5000, timeoutMs: 30_000 });
    void r.kick("p9");
    for (let i = 0; i < 200 && !(await readEvents(db, "p9", 0, 100_000)).some((e) => e.type === "message-delta"); i++) await new Promise((res) => setTimeout(res, 50));
    // What the API does: the cancel is recorded first here, so the fence refuses what follows.
    await recordCancel(db, "p9", "Cancelled by the person.");
    r.abortLocal("p9");
    await r.idle("p9");
    const log = await readEvents(db, "p9", 0, 100_000);
    expect(log.at(-1)).toMatchObject({ type: "party-end", data: { status: "cancelled" } });
  }, 60_000);

  it("ends a party that spends its token budget, with the reason", async () => {
    await newParty("p5");
    const party = await drive(runner("test-a", 5000, 3000), "p5");
    expect(party.status).toBe("failed");
    expect(party.error).toMatch(/token budget \(3,000 tokens\)/);
    const log = await readEvents(db, "p5", 0);
    expect(log.at(-1)).toMatchObject({ type: "party-end", data: { status: "failed" } });
  }, 60_000);

  it("a job whose first read fails stops its heartbeat, gives the lease back and frees the party, and says why", async () => {
    await newParty("p8");
    const logs: string[] = [];
    const failing: PartyStore = Object.assign(Object.create(store) as PartyStore, { getParty: () => Promise.reject(new Error("connection reset")) });
    const r = runner("test-a", 600, undefined, { store: failing, log: (m) => logs.push(m) });
    expect(await r.runJob("p8", { jobId: "critique-1-brief", fresh: true }, async () => {})).toBe(true);
    await r.idle("p8");
    expect(r.isRunning("p8")).toBe(false);
    expect(logs.join("\n")).toMatch(/job on party p8 failed: .*connection reset/);
    // A heartbeat left running would keep renewing the lease (every 200 ms here).
    await new Promise((res) => setTimeout(res, 700));
    expect(await claimLease(db, "p8", "another-instance", 5000)).not.toBeNull();
  }, 30_000);

  it("a run that cannot start (the database is down) never rejects its caller, and every failed scan is logged", async () => {
    const logs: string[] = [];
    const down = { ...db, prisma: { $queryRaw: () => Promise.reject(new Error("connect ECONNREFUSED")) } } as unknown as Database;
    const r = runner("test-a", 5000, undefined, { db: down, log: (m) => logs.push(m) });
    await expect(r.kick("p9")).resolves.toBeUndefined();
    expect(r.isRunning("p9")).toBe(false);
    expect(logs).toEqual([expect.stringMatching(/party p9: run could not start or finish \(connect ECONNREFUSED\)/)]);
    r.start(20);
    await new Promise((res) => setTimeout(res, 150));
    await r.stop();
    expect(logs.filter((m) => /runner scan failed: connect ECONNREFUSED/.test(m)).length).toBeGreaterThan(2);
  }, 30_000);

  it("takes a dead runner's party over when its lease expires, not a scan interval later", async () => {
    await newParty("p10");
    await claimLease(db, "p10", "dead-instance", 1500);
    const claimedAt = Date.now();
    // The survivor's first write, timed where it happens: on PGlite the run blocks the
    // event loop, and a poll would see it late.
    let firstWrite = 0;
    const timed = hookedStore(store, { beforeCommit: () => void (firstWrite ||= Date.now()) });
    const r = runner("survivor", 5000, undefined, { store: timed });
    r.start(60_000);
    try {
      while (!firstWrite && Date.now() - claimedAt < 10_000) await new Promise((res) => setTimeout(res, 10));
      expect(firstWrite - claimedAt).toBeGreaterThanOrEqual(1500);
      expect(firstWrite - claimedAt).toBeLessThan(1500 + 1000);
    } finally {
      await r.stop();
    }
  }, 30_000);
});

describe("a party keeps the model settings it started with", () => {
  it("runs on its stored settings, whatever the environment says at run time (the runner as the server builds it)", async () => {
    const server = await startScriptedOpenAIServer({ seed: 7 });
    try {
      // The environment now: every agent on an openai-compatible model.
      const now = parseEnv({ INCEPTION_MODEL: "openai-compatible:env-model", OPENAI_COMPATIBLE_BASE_URL: server.url, OFFLINE_MODEL_TPS: "0", OFFLINE_MODEL_FIRST_TOKEN_MS: "0" });
      const r = new PartyRunner({ db, store, bus, personas: defaultPersonaConfig(), owner: "test-settings", ...runnerSettings(now, db) });
      // Party A started on another openai-compatible model, with Nadia offline; party B started offline.
      const settingsA = { defaultModel: "openai-compatible:party-a-model", agentModels: { nadia: "offline" }, seed: 7 };
      await insertParty(db, { id: "ms-a", ownerId: "owner", title: "Climbing gyms", description: DESCRIPTION, mode: "party", flags: [], modelSettings: settingsA, watchToken: "w-ms-a" });
      await insertParty(db, { id: "ms-b", ownerId: "owner", title: "Climbing gyms", description: DESCRIPTION, mode: "party", flags: [], modelSettings: { defaultModel: "offline", agentModels: {}, seed: 7 }, watchToken: "w-ms-b" });
      const models = async (id: string) => {
        const usage = (await readEvents(db, id, 0, 100_000)).filter((e) => e.type === "usage").map((e) => e.data as { agent: string; model: string });
        return Object.fromEntries(usage.map((u) => [u.agent, u.model]));
      };

      await r.kick("ms-a");
      expect((await pendingInput(db, "ms-a"))?.kind).toBe("vision_questions");
      expect(await models("ms-a")).toEqual({ nadia: "offline", oscar: "openai-compatible:party-a-model", tessa: "openai-compatible:party-a-model" });
      expect(new Set(server.requests.map((q) => q.body.model))).toEqual(new Set(["party-a-model"]));
      const sent = server.requests.length;

      await r.kick("ms-b");
      expect((await pendingInput(db, "ms-b"))?.kind).toBe("vision_questions");
      expect(await models("ms-b")).toEqual({ nadia: "offline", oscar: "offline", tessa: "offline" });
      expect(server.requests.length).toBe(sent);
    } finally {
      await server.close();
    }
  }, 60_000);
});
