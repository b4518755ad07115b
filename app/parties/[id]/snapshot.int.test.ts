// The server snapshot on a real database: the owner and a watch-token holder get the view
// folded from the stored log, anyone else gets none; events appended later are folded on
// top of the cached view.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123";

import { appendUnfenced, insertParty, readEvents } from "@/lib/db/parties";
import { createTestDatabase, useDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import type { PartyEvent } from "@/lib/wire/events";
import { partyEventsAfter } from "@/lib/server/party-log";
import { stopServices } from "@/lib/server/services";
import { partySnapshot } from "./party-snapshot";
import { applyEvents, initialView } from "@/components/party/view/reducer";

let db: TestDatabase;
const OWNER = "00000000-0000-4000-8000-000000000001";
const owner = { guestId: OWNER, watchToken: null };
const meta = { messageId: "m1", phase: 1, type: "message" as const, sender: "nadia", recipient: null, label: "QUESTIONS" };

beforeAll(async () => {
  db = await createTestDatabase();
  useDatabase(db);
  await insertParty(db, { id: "snap1", ownerId: OWNER, title: "Snapshot", description: "A party to fold on the server.", mode: "party", flags: [], modelSettings: {}, watchToken: "watch-token-1" });
  await appendUnfenced(db, "snap1", [
    { type: "phase-start", data: { phase: 1, name: "Vision Council", agents: ["nadia"] } },
    { type: "agent-spawn", data: { agent: "nadia", name: "Nadia", title: "Product Strategist", phase: 1, model: "offline" } },
    { type: "message-start", data: meta },
    { type: "message-delta", data: { messageId: "m1", offset: 0, text: "Who are the users?" } },
  ] as PartyEvent[]);
});

afterAll(async () => {
  await stopServices();
  await db.destroy();
});

describe("partySnapshot", () => {
  it("gives the owner the view of the whole stored log, up to its last seq", async () => {
    const snap = await partySnapshot(owner, "snap1");
    expect(snap).not.toBeNull();
    const log = await readEvents(db, "snap1", 0);
    expect(snap!.lastSeq).toBe(log.at(-1)!.seq);
    expect(snap!.view).toEqual(applyEvents(initialView(), log));
    expect(snap!.view.messages.m1.text).toBe("Who are the users?");
    expect(snap!.summary).toMatchObject({ id: "snap1", readOnly: false, lastSeq: snap!.lastSeq });
  });

  it("gives a watch-token holder the same view, read-only", async () => {
    const snap = await partySnapshot({ guestId: null, watchToken: "watch-token-1" }, "snap1");
    expect(snap?.summary.readOnly).toBe(true);
    expect(snap?.view).toEqual((await partySnapshot(owner, "snap1"))!.view);
  });

  it("gives no snapshot to a stranger, a wrong token or an unknown party, and the log reader refuses them too", async () => {
    expect(await partySnapshot({ guestId: "00000000-0000-4000-8000-000000000002", watchToken: null }, "snap1")).toBeNull();
    expect(await partySnapshot({ guestId: null, watchToken: "watch-token-2" }, "snap1")).toBeNull();
    expect(await partySnapshot(owner, "nope")).toBeNull();
    await expect(partyEventsAfter({ guestId: null, watchToken: null }, "snap1", 0)).rejects.toMatchObject({ code: "not_found" });
  });

  it("folds events appended since the last request on top of the cached view", async () => {
    const before = (await partySnapshot(owner, "snap1"))!;
    await appendUnfenced(db, "snap1", [
      { type: "message-delta", data: { messageId: "m1", offset: 18, text: " And why now?" } },
      { type: "message-end", data: { ...meta, content: "Who are the users? And why now?", summary: "" } },
    ] as PartyEvent[]);
    const after = (await partySnapshot(owner, "snap1"))!;
    expect(after.lastSeq).toBe(before.lastSeq + 2);
    expect(after.view.messages.m1).toMatchObject({ text: "Who are the users? And why now?", status: "done" });
    expect(after.view).toEqual(applyEvents(initialView(), await readEvents(db, "snap1", 0)));
    expect(await partyEventsAfter(owner, "snap1", before.lastSeq)).toHaveLength(2);
    expect(await partyEventsAfter(owner, "snap1", after.lastSeq)).toEqual([]);
  });
});
