// The watch and owner links (issue 24, items 4, 7 and 8), through the routes: only their
// hashes are stored; opening the owner link changes nothing until the page confirms with
// a POST; only the party's creator makes new links; and a new link closes the open event
// streams of everyone it shuts out, before they get anything more.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
process.env.OFFLINE_MODEL_TPS = "0";
process.env.OFFLINE_MODEL_FIRST_TOKEN_MS = "0";

import { issueGuestToken } from "@/lib/auth/guest-token";
import { tokenHash } from "@/lib/auth/link-tokens";
import { appendUnfenced } from "@/lib/db/parties";
import { createTestDatabase, useDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { getServices, stopServices } from "@/lib/server/services";
import { BASE, call } from "./route-call";
import * as events from "./parties/[id]/events/route";
import * as ownerLink from "./parties/[id]/owner-link/route";
import * as owners from "./parties/[id]/owners/route";
import * as watchLink from "./parties/[id]/watch-link/route";
import * as one from "./parties/[id]/route";
import * as parties from "./parties/route";

let db: TestDatabase;
let creator: string;
let phone: string;
let stranger: string;

beforeAll(async () => {
  db = await createTestDatabase();
  useDatabase(db);
  creator = await issueGuestToken(process.env.AUTH_SECRET!, "00000000-0000-4000-8000-0000000000c1");
  phone = await issueGuestToken(process.env.AUTH_SECRET!, "00000000-0000-4000-8000-0000000000c2");
  stranger = await issueGuestToken(process.env.AUTH_SECRET!, "00000000-0000-4000-8000-0000000000c3");
}, 60_000);

afterAll(async () => {
  await stopServices();
  await db.destroy();
});

const post = (handler: unknown, id: string, suffix: string, body: unknown, cookie: string) =>
  call(handler, `/api/parties/${id}${suffix}`, { cookie, method: "POST", body: JSON.stringify(body), params: { id } });
const summaryOf = async (id: string, cookie: string, query = "") => call(one.GET, `/api/parties/${id}${query}`, { cookie, params: { id } });
const tokenOf = (url: string, name: string) => new URL(url, BASE).searchParams.get(name)!;

/** A party waiting for its first answer (nothing runs on it, so its log holds still). */
async function waitingParty(): Promise<{ id: string; ownerUrl: string; watchUrl: string }> {
  const r = await call(parties.POST, "/api/parties", {
    cookie: creator,
    method: "POST",
    body: JSON.stringify({ description: "A booking app for climbing gyms: members book slots, staff see the day's occupancy, and route setters publish new routes.", flags: ["--new", "--party"] }),
  });
  expect(r.status).toBe(201);
  const { id } = await r.json();
  const { runner } = await getServices();
  for (let i = 0; i < 400; i++) {
    await runner.idle(id);
    const s = await (await summaryOf(id, creator)).json();
    if (s.pendingInput && !runner.isRunning(id)) return { id, ownerUrl: s.ownerUrl, watchUrl: s.watchUrl };
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error("the party never waited");
}

/** An open event stream, read as it comes. */
async function openStream(id: string, cookie: string, query = "") {
  const r = await call(events.GET, `/api/parties/${id}/events${query}`, { cookie, params: { id } });
  expect(r.status).toBe(200);
  const reader = r.body!.getReader();
  const decoder = new TextDecoder();
  const s = { text: "", done: false };
  void (async () => {
    for (;;) {
      const c = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (c.done) {
        s.done = true;
        return;
      }
      s.text += decoder.decode(c.value);
    }
  })();
  return { s, cancel: () => reader.cancel().catch(() => {}) };
}

const until = async (what: () => boolean, ms = 3000) => {
  for (const end = Date.now() + ms; !what() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
  return what();
};

/** Appends and publishes a note, as any later event of the party would arrive. */
async function later(id: string, text: string) {
  const { bus } = await getServices();
  bus.publish(id, await appendUnfenced(db, id, [{ type: "note", data: { kind: "info", phase: null, text } }]));
}

describe("links stored as hashes", () => {
  it("the database keeps neither link's token, only its SHA-256; both links work", async () => {
    const { id, ownerUrl, watchUrl } = await waitingParty();
    const [owner, watch] = [tokenOf(ownerUrl, "token"), tokenOf(watchUrl, "watch")];
    const { rows } = await db.sql.query<{ row: string; watch_token_hash: string; owner_token_hash: string }>(`SELECT row_to_json(p)::text AS row, watch_token_hash, owner_token_hash FROM parties p WHERE id = $1`, [id]);
    expect(rows[0].row).not.toContain(owner);
    expect(rows[0].row).not.toContain(watch);
    expect(rows[0]).toMatchObject({ watch_token_hash: tokenHash(watch), owner_token_hash: tokenHash(owner) });
    expect((await summaryOf(id, stranger, `?watch=${watch}`)).status).toBe(200);
    // One character changed (a token that already ends in "x" once in 64 runs must not stay the same).
    expect((await summaryOf(id, stranger, `?watch=${watch.slice(0, -1)}${watch.endsWith("x") ? "y" : "x"}`)).status).toBe(404);
  }, 60_000);
});

describe("the owner link", () => {
  it("opening it (a GET) makes nobody an owner: it leads to the page that confirms with a POST", async () => {
    const { id, ownerUrl } = await waitingParty();
    const url = new URL(ownerUrl, BASE);
    const r = await call(owners.GET, url.pathname + url.search, { cookie: phone, params: { id } });
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(`/parties/${id}/join?token=${tokenOf(ownerUrl, "token")}`);
    expect((await summaryOf(id, phone)).status).toBe(404);
    expect((await post(owners.POST, id, "/owners", { token: tokenOf(ownerUrl, "token") }, phone)).status).toBe(200);
    expect((await (await summaryOf(id, phone)).json()).readOnly).toBe(false);
  }, 60_000);

  it("only the party's creator makes new links: a co-owner gets 403 and changes nothing", async () => {
    const { id, ownerUrl, watchUrl } = await waitingParty();
    expect((await post(owners.POST, id, "/owners", { token: tokenOf(ownerUrl, "token") }, phone)).status).toBe(200);
    expect(await (await summaryOf(id, phone)).json()).toMatchObject({ readOnly: false, isCreator: false });
    expect(await (await summaryOf(id, creator)).json()).toMatchObject({ isCreator: true });
    for (const handler of [ownerLink.POST, watchLink.POST]) {
      const r = await post(handler, id, "/link", {}, phone);
      expect(r.status).toBe(403);
      expect((await r.json()).error.message).toMatch(/Only the browser that started this party/);
    }
    expect(await (await summaryOf(id, creator)).json()).toMatchObject({ ownerUrl, watchUrl });
    expect((await summaryOf(id, phone)).status).toBe(200);
  }, 60_000);
});

describe("revocation reaches open event streams", () => {
  it("a new owner link closes the streams of the owners it drops, before the next event; the creator's stays open", async () => {
    const { id, ownerUrl } = await waitingParty();
    expect((await post(owners.POST, id, "/owners", { token: tokenOf(ownerUrl, "token") }, phone)).status).toBe(200);
    const [mine, theirs] = [await openStream(id, creator), await openStream(id, phone)];
    expect(await until(() => /event: input-request/.test(mine.s.text) && /event: input-request/.test(theirs.s.text))).toBe(true);
    expect((await post(ownerLink.POST, id, "/owner-link", {}, creator)).status).toBe(200);
    await later(id, "Written after the revocation.");
    expect(await until(() => theirs.s.done)).toBe(true);
    expect(await until(() => mine.s.text.includes("Written after the revocation."))).toBe(true);
    expect(theirs.s.text).not.toContain("Written after the revocation.");
    expect(mine.s.done).toBe(false);
    await mine.cancel();
  }, 60_000);

  it("a new watch link closes the old link's watchers' streams and shuts the old link out; the new one reads", async () => {
    const { id, watchUrl } = await waitingParty();
    const old = tokenOf(watchUrl, "watch");
    const watcher = await openStream(id, stranger, `?watch=${old}`);
    expect(await until(() => /event: input-request/.test(watcher.s.text))).toBe(true);
    const r = await post(watchLink.POST, id, "/watch-link", {}, creator);
    expect(r.status).toBe(200);
    const { watchUrl: fresh } = await r.json();
    expect(fresh).toMatch(new RegExp(`^/parties/${id}\\?watch=[\\w-]{24}$`));
    await later(id, "Said after the new watch link.");
    expect(await until(() => watcher.s.done)).toBe(true);
    expect(watcher.s.text).not.toContain("Said after the new watch link.");
    expect((await summaryOf(id, stranger, `?watch=${old}`)).status).toBe(404);
    expect((await summaryOf(id, stranger, `?watch=${tokenOf(fresh, "watch")}`)).status).toBe(200);
    expect((await (await summaryOf(id, creator)).json()).watchUrl).toBe(fresh);
  }, 60_000);
});

describe("failures as watchers see them", () => {
  it("a watcher hears that an agent failed, not why; the owner hears the cause", async () => {
    const { id, watchUrl } = await waitingParty();
    const { bus } = await getServices();
    bus.publish(id, await appendUnfenced(db, id, [{ type: "agent-failure", data: { agent: "nadia", phase: 1, attempt: 1, kind: "error", error: "the model server refused the connection", final: false } }]));
    const [owner, watcher] = [await openStream(id, creator), await openStream(id, stranger, `?watch=${tokenOf(watchUrl, "watch")}`)];
    expect(await until(() => /event: agent-failure/.test(owner.s.text) && /event: agent-failure/.test(watcher.s.text))).toBe(true);
    expect(owner.s.text).toContain("the model server refused the connection");
    expect(watcher.s.text).not.toContain("refused");
    expect(watcher.s.text).toMatch(/"error":"It failed\."/);
    await Promise.all([owner.cancel(), watcher.cancel()]);
  }, 60_000);
});
