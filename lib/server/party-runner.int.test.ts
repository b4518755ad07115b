// The runner on a real database (PGlite in memory, or Postgres in CI): a whole party
// answered through the same calls the API makes, lease fencing, and takeover.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultPersonaConfig } from "../agents/persona-config";
import { createModelRegistry } from "../ai/model-registry";
import { claimLease, orphanedParties } from "../db/leases";
import { appendUnfenced, countCritiqueRounds, insertParty, listArtifacts, listPhases, pendingInput, readEvents, recordAnswer, recordCancel } from "../db/parties";
import { PrismaPartyStore } from "../db/party-store";
import { createTestDatabase, type TestDatabase } from "../db/testing";
import { EventBus } from "../events/bus";
import { PERSPECTIVE_PRESETS } from "../party/critique-round";
import { LeaseLostError } from "../party/store";
import { PartyRunner } from "./party-runner";
import { stateView } from "./state-view";

const DESCRIPTION =
  "A booking app for a network of independent climbing gyms in Austria: members reserve time slots, gyms manage capacity and route setting, and payments go through the app.";

let db: TestDatabase;
let bus: EventBus;
let store: PrismaPartyStore;

function runner(owner = "test-a", leaseMs = 5000, tokenBudget?: number) {
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
  });
}

async function newParty(id: string, mode: "party" | "classic" | null = "party") {
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

    const state = stateView(party, phases);
    expect(state.discover).toMatchObject({ status: "completed", mode: "party" });
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
    expect((await db.prisma.party.findUniqueOrThrow({ where: { id: "p6" } })).critiqueRound).toBe(start.roundId);
    await new Promise((r) => setTimeout(r, 20));

    const r = runner("survivor");
    expect(await r.scan()).toBe(1);
    await r.idle("p6");
    const log = await readEvents(db, "p6", 0);
    expect(log.filter((e) => e.type === "critique-start")).toHaveLength(1); // not started twice
    const result = log.find((e) => e.type === "critique-result");
    expect(result?.data).toMatchObject({ roundId: start.roundId, artifactPath: "docs/project-brief.md", ratings: [{ name: "Security" }, { name: "Product" }] });
    expect((await listArtifacts(db, "p6")).map((a) => a.path)).toContain("discussions/critique-1-project-brief-discussion.md");
    expect((await db.prisma.party.findUniqueOrThrow({ where: { id: "p6" } })).critiqueRound).toBeNull();
    expect(await r.scan()).toBe(0);
    // The next request is numbered after it.
    expect(await countCritiqueRounds(db, "p6", "critique-")).toBe(1);
  }, 60_000);

  it("backs off a resumed critique that fails on its own instead of retrying it in a loop", async () => {
    await newParty("p7");
    await appendUnfenced(db, "p7", [{ type: "party-status", data: { status: "completed", currentPhase: null } }]);
    const dead = (await claimLease(db, "p7", "dead-instance", 1))!;
    // Its artifact is gone: seed 003 fails such a round at once.
    const start = { roundId: "critique-1-gone", key: "critique/critique-1-gone", artifactPath: "docs/gone.md", phase: 1, onDemand: true, perspectives: [PERSPECTIVE_PRESETS.security] };
    await store.commit("p7", dead.epoch, { step: { key: `${start.key}/start`, output: null }, events: [{ type: "critique-start", data: start }] });
    await new Promise((r) => setTimeout(r, 20));
    const r = runner("survivor");
    expect(await r.scan()).toBe(1);
    await r.idle("p7");
    expect(await r.scan()).toBe(0); // not again at once
    expect((await readEvents(db, "p7", 0)).filter((e) => e.type === "critique-result")).toEqual([]);
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

  it("ends a party that spends its token budget, with the reason", async () => {
    await newParty("p5");
    const party = await drive(runner("test-a", 5000, 3000), "p5");
    expect(party.status).toBe("failed");
    expect(party.error).toMatch(/token budget \(3,000 tokens\)/);
    const log = await readEvents(db, "p5", 0);
    expect(log.at(-1)).toMatchObject({ type: "party-end", data: { status: "failed" } });
  }, 60_000);
});
