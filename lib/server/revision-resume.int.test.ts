// A revision is the party's one on-demand job like a critique round: when the instance
// running it dies, the runner scan of another instance finishes it, once, from its start
// event (PGlite in memory, or PostgreSQL with TEST_DATABASE_URL).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultPersonaConfig } from "../agents/persona-config";
import { createModelRegistry } from "../ai/model-registry";
import { listVersions } from "../db/artifact-versions";
import { activeJob } from "../db/jobs";
import { claimLease } from "../db/leases";
import { appendUnfenced, insertParty, readEvents } from "../db/parties";
import { PrismaPartyStore } from "../db/party-store";
import { createTestDatabase, type TestDatabase } from "../db/testing/test-database";
import { EventBus } from "../events/bus";
import type { RevisionStart } from "../wire/events";
import { ARTIFACT_KINDS, missingSections } from "@inception-party/protocol";
import { PartyRunner } from "./party-runner";

const DESCRIPTION = "A booking app for climbing gyms: members reserve time slots, staff see the day's occupancy, and route setters publish new routes.";
const DATA_MODEL = ARTIFACT_KINDS["data-model"].path;
const DOC = `# Data Model\n\n${ARTIFACT_KINDS["data-model"].sections.map((s) => `## ${s}\n\nFor the gym's members, slots and bookings: ${s.toLowerCase()}.`).join("\n\n")}\n`;

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

beforeEach(async () => {
  db = await createTestDatabase();
  store = new PrismaPartyStore(db);
});

afterEach(async () => {
  await db.destroy();
});

describe("a revision whose instance died", () => {
  for (const missing of [false, true]) {
    it(missing ? "Write it now: the survivor writes the missing document, once" : "the survivor finishes it once: version 2, the job cleared", async () => {
      await insertParty(db, { id: "r1", ownerId: "owner", title: "Climbing gyms", description: DESCRIPTION, mode: "party", flags: [], modelSettings: {}, watchToken: "w-r1" });
      await appendUnfenced(db, "r1", [
        { type: "mode-resolved", data: { mode: "party", via: "flag" } },
        ...(missing ? [] : [{ type: "artifact-write" as const, data: { path: DATA_MODEL, title: "Data Model", producer: "data_modeler", phase: 3, content: DOC } }]),
        { type: "party-status", data: { status: "completed", currentPhase: null } },
      ]);
      // What the dying runner wrote: the revision's start and the first message of its turn.
      const dead = (await claimLease(db, "r1", "dead-instance", 1))!;
      const start: RevisionStart = { revisionId: "revision-1-data-model", key: "revision/revision-1-data-model", artifactPath: DATA_MODEL, title: "Data Model", agent: "data_modeler", phase: 3, feedback: "Add an index on every foreign key.", baseVersion: missing ? 0 : 1, missing, onDemand: true, source: "person" };
      await store.commit("r1", dead.epoch, { step: { key: `${start.key}/start`, output: null }, events: [{ type: "revision-start", data: start }] });
      await store.beginStep("r1", dead.epoch, `${start.key}/write`);
      expect(await activeJob(db, "r1")).toBe(start.revisionId);
      await new Promise((r) => setTimeout(r, 20));

      const r = runner("survivor");
      expect(await r.scan()).toBe(1);
      await r.idle("r1");
      const log = await readEvents(db, "r1", 0);
      expect(log.filter((e) => e.type === "revision-start")).toHaveLength(1);
      expect(log.filter((e) => e.type === "revision-result").map((e) => e.data)).toEqual([expect.objectContaining({ revisionId: start.revisionId, status: "completed", version: missing ? 1 : 2 })]);
      const writes = log.filter((e) => e.type === "artifact-write" && e.data.path === DATA_MODEL);
      expect(writes).toHaveLength(missing ? 1 : 2);
      const latest = writes.at(-1)!;
      expect(latest.type === "artifact-write" && missingSections("data-model", latest.data.content)).toEqual([]);
      expect((await listVersions(db, "r1")).get(DATA_MODEL)!.map((v) => v.version)).toEqual(missing ? [1] : [1, 2]);
      expect(await activeJob(db, "r1")).toBeNull();
      expect(await r.scan()).toBe(0);
    }, 60_000);
  }
});
