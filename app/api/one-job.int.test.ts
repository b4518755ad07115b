// The party's one on-demand job under concurrency, through the routes (issue 24, items 3
// and 11): requests that arrive together are arbitrated by the database, every 202 ends
// in a result or a failure event, and a cancel ends the job in flight with the party.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
process.env.OFFLINE_MODEL_TPS = "0";
// Each model call waits before its first token: a job outlasts the requests racing it (over a second), even on a busy machine.
process.env.OFFLINE_MODEL_FIRST_TOKEN_MS = "400";

import { issueGuestToken } from "@/lib/auth/guest-token";
import { activeJob } from "@/lib/db/jobs";
import { appendUnfenced, insertParty, readEvents } from "@/lib/db/parties";
import { createTestDatabase, useDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import type { StoredEvent } from "@/lib/wire/events";
import { ARTIFACT_KINDS } from "@inception-party/protocol";
import { getServices, stopServices } from "@/lib/server/services";
import { call } from "./route-call";
import * as cancel from "./parties/[id]/cancel/route";
import * as critique from "./parties/[id]/critique/route";
import * as revisions from "./parties/[id]/revisions/route";

const OWNER_ID = "00000000-0000-4000-8000-0000000000b1";
const DESCRIPTION = "A booking app for climbing gyms: members reserve time slots, staff see the day's occupancy, and route setters publish new routes.";
const DATA_MODEL = ARTIFACT_KINDS["data-model"].path;
const DOC = `# Data Model\n\n${ARTIFACT_KINDS["data-model"].sections.map((s) => `## ${s}\n\nFor the gym's members, slots and bookings: ${s.toLowerCase()}.`).join("\n\n")}\n`;

let db: TestDatabase;
let owner: string;

beforeAll(async () => {
  db = await createTestDatabase();
  useDatabase(db);
  owner = await issueGuestToken(process.env.AUTH_SECRET!, OWNER_ID);
}, 60_000);

afterAll(async () => {
  await stopServices();
  await db.destroy();
});

const post = (handler: unknown, id: string, suffix: string, body: unknown) =>
  call(handler, `/api/parties/${id}${suffix}`, { cookie: owner, method: "POST", body: JSON.stringify(body), params: { id } });
const revise = (id: string, feedback = "Add an index on every foreign key.") => post(revisions.POST, id, "/revisions", { artifactPath: DATA_MODEL, feedback });
const critic = (id: string) => post(critique.POST, id, "/critique", { artifactPath: DATA_MODEL, perspectives: ["data"] });

/** A party whose data model is written and which waits for the person (or has finished). */
async function partyWithDataModel(id: string, status: "completed" | "awaiting_input") {
  await insertParty(db, { id, ownerId: OWNER_ID, title: "Climbing gyms", description: DESCRIPTION, mode: "party", flags: [], modelSettings: {}, watchToken: `w-${id}` });
  await appendUnfenced(db, id, [
    { type: "mode-resolved", data: { mode: "party", via: "flag" } },
    { type: "artifact-write", data: { path: DATA_MODEL, title: "Data Model", producer: "data_modeler", phase: 3, content: DOC } },
    ...(status === "awaiting_input"
      ? [{ type: "input-request" as const, data: { requestId: `req-${id}`, key: "walkthrough/1", kind: "walkthrough" as const, title: "Walkthrough", body: "Next?", options: [{ key: "1", label: "Go on" }], allowsText: true } }]
      : []),
    { type: "party-status", data: { status, currentPhase: null } },
  ]);
}

/** Waits until nothing runs on the party and no job is in flight. */
async function settled(id: string) {
  const { runner } = await getServices();
  for (let i = 0; i < 400; i++) {
    await runner.idle(id);
    if (!runner.isRunning(id) && (await activeJob(db, id)) === null) return readEvents(db, id, 0, 100_000);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`party ${id} never settled`);
}

const ofType = <T extends StoredEvent["type"]>(log: StoredEvent[], t: T) => log.filter((e): e is Extract<StoredEvent, { type: T }> => e.type === t);
const jobIdOf = async (r: Response) => {
  const b = await r.json();
  return (b.revisionId ?? b.roundId) as string;
};

/** Every start has its result, and no job started while another was between its start and its result. */
function oneAtATime(log: StoredEvent[]) {
  let open: string | null = null;
  for (const e of log) {
    if (e.type === "revision-start" || e.type === "critique-start") {
      const id = e.type === "revision-start" ? e.data.revisionId : e.data.roundId;
      expect(open, `${id} started while ${open} ran`).toBeNull();
      open = id;
    }
    if (e.type === "revision-result" || e.type === "critique-result") {
      const id = e.type === "revision-result" ? e.data.revisionId : e.data.roundId;
      expect(id).toBe(open);
      open = null;
    }
  }
  expect(open, `${open} never finished`).toBeNull();
}

describe("one job at a time per party, under concurrency", () => {
  it("identical revision requests at once: one 202 that ends in version 2, the others 409", async () => {
    await partyWithDataModel("j1", "completed");
    const rs = await Promise.all([revise("j1"), revise("j1"), revise("j1"), revise("j1")]);
    expect(rs.map((r) => r.status).sort()).toEqual([202, 409, 409, 409]);
    const accepted = await jobIdOf(rs.find((r) => r.status === 202)!);
    const log = await settled("j1");
    oneAtATime(log);
    expect(ofType(log, "revision-result").map((e) => e.data)).toEqual([expect.objectContaining({ revisionId: accepted, status: "completed", version: 2 })]);
  }, 60_000);

  it("a revision and a critique at once, three rounds: exactly one accepted each time, and each accepted one finishes", async () => {
    await partyWithDataModel("j2", "completed");
    const accepted: string[] = [];
    for (let round = 0; round < 3; round++) {
      const pair = () => (round % 2 ? [critic("j2"), revise("j2", `Round ${round}: name the tables.`)] : [revise("j2", `Round ${round}: name the tables.`), critic("j2")]);
      const rs = await Promise.all([...pair(), ...pair()]);
      expect(rs.map((r) => r.status).sort()).toEqual([202, 409, 409, 409]);
      accepted.push(await jobIdOf(rs.find((r) => r.status === 202)!));
      await settled("j2");
    }
    const log = await readEvents(db, "j2", 0, 100_000);
    oneAtATime(log);
    const finished = [...ofType(log, "revision-result").map((e) => e.data.revisionId), ...ofType(log, "critique-result").map((e) => e.data.roundId)];
    expect(finished.sort()).toEqual([...accepted].sort());
  }, 120_000);
});

describe("cancelling during a revision", () => {
  it("ends the revision with its failure event and leaves no job on the party", async () => {
    await partyWithDataModel("j3", "awaiting_input");
    const r = await revise("j3");
    expect(r.status).toBe(202);
    const revisionId = await jobIdOf(r);
    expect((await call(cancel.POST, "/api/parties/j3/cancel", { cookie: owner, method: "POST", params: { id: "j3" } })).status).toBe(202);
    const log = await settled("j3");
    expect(await activeJob(db, "j3")).toBeNull();
    expect(ofType(log, "revision-result").map((e) => e.data)).toEqual([expect.objectContaining({ revisionId, status: "failed", reason: expect.stringMatching(/cancelled/) })]);
    expect(log.at(-1)).toMatchObject({ type: "party-end", data: { status: "cancelled" } });
  }, 60_000);
});
