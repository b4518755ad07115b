// The HTTP contract of docs/api.md, exercised through the route handlers themselves on a
// throwaway database: ownership, watch tokens, and a table of bad inputs that must each
// get a 4xx naming the field while changing nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
process.env.OFFLINE_MODEL_TPS = "0";
process.env.OFFLINE_MODEL_FIRST_TOKEN_MS = "0";

import { issueGuestToken } from "@/lib/auth/guest-token";
import { claimLease } from "@/lib/db/leases";
import { readEvents } from "@/lib/db/parties";
import { createTestDatabase, useDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { tableCounts } from "@/lib/db/testing/table-counts";
import { getServices, stopServices } from "@/lib/server/services";
import { BASE, call } from "./route-call";
import * as artifact from "./parties/[id]/artifacts/[...path]/route";
import * as artifacts from "./parties/[id]/artifacts/route";
import * as bundle from "./parties/[id]/bundle/route";
import * as cancel from "./parties/[id]/cancel/route";
import * as critique from "./parties/[id]/critique/route";
import * as events from "./parties/[id]/events/route";
import * as input from "./parties/[id]/input/route";
import * as one from "./parties/[id]/route";
import * as state from "./parties/[id]/state.json/route";
import * as parties from "./parties/route";

let db: TestDatabase;
let owner: string;
let stranger: string;
let partyId: string;
let watchToken: string;


async function waitForInput(kind: string) {
  for (let i = 0; i < 200; i++) {
    const r = await call(input.GET, `/api/parties/${partyId}/input`, { cookie: owner, params: { id: partyId } });
    if (r.status === 200) {
      const body = await r.json();
      if (body.kind === kind) return body;
    }
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`no ${kind} input`);
}

beforeAll(async () => {
  db = await createTestDatabase();
  useDatabase(db);
  owner = await issueGuestToken(process.env.AUTH_SECRET!, "00000000-0000-4000-8000-000000000001");
  stranger = await issueGuestToken(process.env.AUTH_SECRET!, "00000000-0000-4000-8000-000000000002");
  const r = await call(parties.POST, "/api/parties", {
    cookie: owner,
    method: "POST",
    body: JSON.stringify({ description: "A shared shopping list app for flatmates with recurring items, split costs and reminders when someone passes a shop.", flags: ["--new", "--party"] }),
  });
  expect(r.status).toBe(201);
  const created = await r.json();
  expect(created).toMatchObject({ status: "pending", mode: "party", url: `/parties/${created.id}` });
  partyId = created.id;
  await waitForInput("vision_questions");
  const summary = await (await call(one.GET, `/api/parties/${partyId}`, { cookie: owner, params: { id: partyId } })).json();
  watchToken = new URL(summary.watchUrl, BASE).searchParams.get("watch")!;
}, 60_000);

afterAll(async () => {
  await stopServices();
  await db.destroy();
});

describe("ownership and watch tokens", () => {
  const reads: Array<[string, unknown, string, Record<string, unknown>]> = [
    ["summary", one.GET, "", {}],
    ["state.json", state.GET, "/state.json", {}],
    ["input", input.GET, "/input", {}],
    ["artifacts", artifacts.GET, "/artifacts", {}],
    ["artifact", artifact.GET, "/artifacts/docs/project-brief.md", { path: ["docs", "project-brief.md"] }],
    ["bundle", bundle.GET, "/bundle", {}],
    ["events", events.GET, "/events", {}],
  ];

  it.each(reads)("another identity gets 404 for %s", async (_name, handler, suffix, extra) => {
    const r = await call(handler, `/api/parties/${partyId}${suffix}`, { cookie: stranger, params: { id: partyId, ...extra } });
    expect(r.status).toBe(404);
    expect((await r.json()).error.code).toBe("not_found");
  });

  it.each(reads.filter(([name]) => ["summary", "state.json", "artifacts", "bundle"].includes(name)))("the owner's %s is private to them: Cache-Control private, no-store and Vary: Cookie", async (_name, handler, suffix, extra) => {
    const r = await call(handler, `/api/parties/${partyId}${suffix}`, { cookie: owner, params: { id: partyId, ...extra } });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    expect(r.headers.get("vary")).toMatch(/\bCookie\b/);
  });

  it("state.json shows what the party has spent so far, per agent and phase", async () => {
    const r = await call(state.GET, `/api/parties/${partyId}/state.json`, { cookie: owner, params: { id: partyId } });
    expect(r.status).toBe(200);
    const { usage } = await r.json();
    expect(usage).toMatchObject({ calls: 9, cost_usd: 0, by_phase: [{ mode: "party", phase: 1, calls: 9 }] });
    expect(Object.keys(usage.by_agent).sort()).toEqual(["nadia", "oscar", "tessa"]);
    expect(usage.input_tokens).toBeGreaterThan(0);
  });

  it("lists only the caller's own parties", async () => {
    expect((await (await call(parties.GET, "/api/parties", { cookie: owner })).json()).map((p: { id: string }) => p.id)).toEqual([partyId]);
    expect(await (await call(parties.GET, "/api/parties", { cookie: stranger })).json()).toEqual([]);
  });

  it("a watch token reads but cannot answer or cancel", async () => {
    const r = await call(one.GET, `/api/parties/${partyId}?watch=${watchToken}`, { cookie: stranger, params: { id: partyId } });
    expect(r.status).toBe(200);
    const s = await r.json();
    expect(s).toMatchObject({ readOnly: true, watchUrl: null, status: "awaiting_input" });
    const before = await tableCounts(db);
    const post = await call(input.POST, `/api/parties/${partyId}/input?watch=${watchToken}`, { cookie: stranger, method: "POST", body: JSON.stringify({ requestId: s.pendingInput.id, text: "hijack" }), params: { id: partyId } });
    expect(post.status).toBe(403);
    const c = await call(cancel.POST, `/api/parties/${partyId}/cancel?watch=${watchToken}`, { cookie: stranger, method: "POST", params: { id: partyId } });
    expect(c.status).toBe(403);
    expect(await tableCounts(db)).toEqual(before);
  });
});

describe("bad input changes nothing", () => {
  const table: Array<{ name: string; handler: unknown; path: () => string; body?: () => string; headers?: Record<string, string>; status: number; field?: string }> = [
    { name: "create: malformed JSON", handler: parties.POST, path: () => "/api/parties", body: () => "{", status: 400, field: "(body)" },
    { name: "create: not JSON content type", handler: parties.POST, path: () => "/api/parties", body: () => "description=x", headers: { "content-type": "application/x-www-form-urlencoded" }, status: 400, field: "(body)" },
    { name: "create: description missing", handler: parties.POST, path: () => "/api/parties", body: () => "{}", status: 422, field: "description" },
    { name: "create: description wrong type", handler: parties.POST, path: () => "/api/parties", body: () => JSON.stringify({ description: 42 }), status: 422, field: "description" },
    { name: "create: description too long", handler: parties.POST, path: () => "/api/parties", body: () => JSON.stringify({ description: "x".repeat(8001) }), status: 422, field: "description" },
    { name: "create: unknown field", handler: parties.POST, path: () => "/api/parties", body: () => JSON.stringify({ description: "A perfectly fine description.", admin: true }), status: 422, field: "admin" },
    { name: "create: bad mode", handler: parties.POST, path: () => "/api/parties", body: () => JSON.stringify({ description: "A perfectly fine description.", mode: "solo" }), status: 422, field: "mode" },
    { name: "create: bad flag", handler: parties.POST, path: () => "/api/parties", body: () => JSON.stringify({ description: "A perfectly fine description.", flags: ["party"] }), status: 422, field: "flags.0" },
    { name: "create: both flags", handler: parties.POST, path: () => "/api/parties", body: () => JSON.stringify({ description: "A perfectly fine description.", flags: ["--party", "--classic"] }), status: 400, field: "flags" },
    { name: "create: mode contradicts flag", handler: parties.POST, path: () => "/api/parties", body: () => JSON.stringify({ description: "A perfectly fine description.", flags: ["--party"], mode: "classic" }), status: 422, field: "mode" },
    { name: "create: oversized body", handler: parties.POST, path: () => "/api/parties", body: () => JSON.stringify({ description: "x".repeat(70_000) }), status: 413, field: "(body)" },
    { name: "input: malformed JSON", handler: input.POST, path: () => `/api/parties/${partyId}/input`, body: () => "[", status: 400, field: "(body)" },
    { name: "input: requestId missing", handler: input.POST, path: () => `/api/parties/${partyId}/input`, body: () => JSON.stringify({ text: "hello" }), status: 422, field: "requestId" },
    { name: "input: wrong request id", handler: input.POST, path: () => `/api/parties/${partyId}/input`, body: () => JSON.stringify({ requestId: "req_nope", text: "hello" }), status: 422, field: "requestId" },
    { name: "input: text wrong type", handler: input.POST, path: () => `/api/parties/${partyId}/input`, body: () => JSON.stringify({ requestId: "x", text: 5 }), status: 422, field: "text" },
    { name: "input: text too long", handler: input.POST, path: () => `/api/parties/${partyId}/input`, body: () => JSON.stringify({ requestId: "x", text: "y".repeat(8001) }), status: 422, field: "text" },
    { name: "input: unknown field", handler: input.POST, path: () => `/api/parties/${partyId}/input`, body: () => JSON.stringify({ requestId: "x", text: "y", force: true }), status: 422, field: "force" },
    { name: "critique: unknown perspective", handler: critique.POST, path: () => `/api/parties/${partyId}/critique`, body: () => JSON.stringify({ artifactPath: "docs/project-brief.md", perspectives: ["astrology"] }), status: 422, field: "perspectives.0" },
    { name: "critique: no perspectives", handler: critique.POST, path: () => `/api/parties/${partyId}/critique`, body: () => JSON.stringify({ artifactPath: "docs/project-brief.md", perspectives: [] }), status: 422, field: "perspectives" },
    { name: "critique: unknown artifact", handler: critique.POST, path: () => `/api/parties/${partyId}/critique`, body: () => JSON.stringify({ artifactPath: "docs/nope.md", perspectives: ["security"] }), status: 404, field: "artifactPath" },
    { name: "events: bad Last-Event-ID", handler: events.GET, path: () => `/api/parties/${partyId}/events`, headers: { "last-event-id": "abc" }, status: 422, field: "Last-Event-ID" },
    { name: "events: negative after", handler: events.GET, path: () => `/api/parties/${partyId}/events?after=-3`, status: 422, field: "after" },
    // Text PostgreSQL cannot store: a NUL, or a lone surrogate (issue 24, item 9).
    { name: "create: NUL in description", handler: parties.POST, path: () => "/api/parties", body: () => JSON.stringify({ description: "A perfectly fine description.\u0000" }), status: 422, field: "description" },
    { name: "create: lone surrogate in description", handler: parties.POST, path: () => "/api/parties", body: () => JSON.stringify({ description: "A perfectly fine description \ud800." }), status: 422, field: "description" },
    { name: "create: NUL in title", handler: parties.POST, path: () => "/api/parties", body: () => JSON.stringify({ description: "A perfectly fine description.", title: "T\u0000" }), status: 422, field: "title" },
    { name: "create: lone surrogate in title", handler: parties.POST, path: () => "/api/parties", body: () => JSON.stringify({ description: "A perfectly fine description.", title: "\udc00T" }), status: 422, field: "title" },
    { name: "input: NUL in requestId", handler: input.POST, path: () => `/api/parties/${partyId}/input`, body: () => JSON.stringify({ requestId: "req\u0000", text: "hello" }), status: 422, field: "requestId" },
    { name: "input: lone surrogate in requestId", handler: input.POST, path: () => `/api/parties/${partyId}/input`, body: () => JSON.stringify({ requestId: "req\ud83d", text: "hello" }), status: 422, field: "requestId" },
    { name: "critique: NUL in artifactPath", handler: critique.POST, path: () => `/api/parties/${partyId}/critique`, body: () => JSON.stringify({ artifactPath: "docs/project-brief.md\u0000", perspectives: ["security"] }), status: 422, field: "artifactPath" },
    { name: "critique: lone surrogate in artifactPath", handler: critique.POST, path: () => `/api/parties/${partyId}/critique`, body: () => JSON.stringify({ artifactPath: "docs/\udfff.md", perspectives: ["security"] }), status: 422, field: "artifactPath" },
  ];

  it.each([
    ["NUL", "brief\u0000.md"],
    ["a lone surrogate", "brief\ud800.md"],
  ])("an artifact path in the URL with %s → 422 naming artifactPath", async (_what, name) => {
    const r = await call(artifact.GET, `/api/parties/${partyId}/artifacts/docs/x`, { cookie: owner, params: { id: partyId, path: ["docs", name] } });
    expect(r.status).toBe(422);
    expect(Object.keys((await r.json()).error.fields)).toEqual(["artifactPath"]);
  });

  it("a guest cookie with a malformed %-escape is no identity, not a 500", async () => {
    const r = await call(one.GET, `/api/parties/${partyId}`, { headers: { cookie: "ip_guest=%ZZ" }, params: { id: partyId } });
    expect(r.status).toBe(404);
  });

  it.each(table)("$name → $status naming $field", async (t) => {
    const before = await tableCounts(db);
    const log = await readEvents(db, partyId, 0, 100_000);
    const r = await call(t.handler, t.path(), { cookie: owner, method: t.body ? "POST" : "GET", body: t.body?.(), headers: t.headers, params: { id: partyId } });
    expect(r.status).toBe(t.status);
    const body = await r.json();
    expect(body.error.message).toBeTruthy();
    if (t.field) expect(Object.keys(body.error.fields ?? {})).toContain(t.field);
    expect(await tableCounts(db)).toEqual(before);
    expect(await readEvents(db, partyId, 0, 100_000)).toEqual(log);
  });

  it("the vision answer must carry text; a second answer to the same request is a 409", async () => {
    const req = await waitForInput("vision_questions");
    const before = await tableCounts(db);
    const empty = await call(input.POST, `/api/parties/${partyId}/input`, { cookie: owner, method: "POST", body: JSON.stringify({ requestId: req.id, text: "   " }), params: { id: partyId } });
    expect(empty.status).toBe(422);
    expect((await empty.json()).error.fields).toHaveProperty("text");
    expect(await tableCounts(db)).toEqual(before);
    const ok = await call(input.POST, `/api/parties/${partyId}/input`, { cookie: owner, method: "POST", body: JSON.stringify({ requestId: req.id, text: "Flatmates in their twenties; payments are only tracked, never processed." }), params: { id: partyId } });
    expect(ok.status).toBe(202);
    const again = await call(input.POST, `/api/parties/${partyId}/input`, { cookie: owner, method: "POST", body: JSON.stringify({ requestId: req.id, text: "again" }), params: { id: partyId } });
    expect(again.status).toBe(409);
    const stack = await waitForInput("stack_approval");
    const bad = await call(input.POST, `/api/parties/${partyId}/input`, { cookie: owner, method: "POST", body: JSON.stringify({ requestId: stack.id, selection: "Z" }), params: { id: partyId } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.fields).toHaveProperty("selection");
    const noText = await call(input.POST, `/api/parties/${partyId}/input`, { cookie: owner, method: "POST", body: JSON.stringify({ requestId: stack.id, selection: "C" }), params: { id: partyId } });
    expect(noText.status).toBe(422);
    expect((await noText.json()).error.fields).toHaveProperty("text");
  }, 60_000);

  it("critiques an artifact on demand while the party waits for the person", async () => {
    const { runner } = await getServices();
    await waitForInput("stack_approval");
    const r = await call(critique.POST, `/api/parties/${partyId}/critique`, { cookie: owner, method: "POST", body: JSON.stringify({ artifactPath: "docs/project-brief.md", perspectives: ["security", "product"] }), params: { id: partyId } });
    expect(r.status).toBe(202);
    const { roundId, recordPath } = await r.json();
    expect(roundId).toBe("critique-1-project-brief");
    await runner.idle(partyId);
    const log = await readEvents(db, partyId, 0, 100_000);
    const result = log.find((e) => e.type === "critique-result");
    expect(result?.data).toMatchObject({ roundId, artifactPath: "docs/project-brief.md", recordPath });
    const rec = await call(artifact.GET, `/api/parties/${partyId}/artifacts/${recordPath}`, { cookie: owner, params: { id: partyId, path: recordPath.split("/") } });
    expect(rec.status).toBe(200);
    expect(await rec.text()).toContain("Security");
    // The next request is numbered among the person's own rounds.
    const again = await call(critique.POST, `/api/parties/${partyId}/critique`, { cookie: owner, method: "POST", body: JSON.stringify({ artifactPath: "docs/project-brief.md", perspectives: ["testing"] }), params: { id: partyId } });
    expect(again.status).toBe(202);
    expect((await again.json()).roundId).toBe("critique-2-project-brief");
    await runner.idle(partyId);
    // The party still waits on the same request, untouched.
    expect((await waitForInput("stack_approval")).kind).toBe("stack_approval");
  }, 60_000);

  it("critique while another round runs (on any instance) → 409 naming that round", async () => {
    await db.prisma.party.update({ where: { id: partyId }, data: { activeJob: "critique-9-project-brief" } });
    expect(await claimLease(db, partyId, "another-instance", 60_000)).not.toBeNull();
    try {
      const r = await call(critique.POST, `/api/parties/${partyId}/critique`, { cookie: owner, method: "POST", body: JSON.stringify({ artifactPath: "docs/project-brief.md", perspectives: ["security"] }), params: { id: partyId } });
      expect(r.status).toBe(409);
      expect((await r.json()).error.message).toBe("A critique round (critique-9-project-brief) is running on this party: ask again when its result is in.");
    } finally {
      await db.prisma.runnerLease.update({ where: { partyId }, data: { expiresAt: new Date(Date.now() - 1000) } });
      await db.prisma.party.update({ where: { id: partyId }, data: { activeJob: null } });
    }
  });

  it("cancel ends the party once; a second cancel is a 409", async () => {
    const { runner } = await getServices();
    const r = await call(cancel.POST, `/api/parties/${partyId}/cancel`, { cookie: owner, method: "POST", params: { id: partyId } });
    expect(r.status).toBe(202);
    expect(runner.isRunning(partyId)).toBe(false);
    const s = await (await call(one.GET, `/api/parties/${partyId}`, { cookie: owner, params: { id: partyId } })).json();
    expect(s).toMatchObject({ status: "cancelled", pendingInput: null });
    const again = await call(cancel.POST, `/api/parties/${partyId}/cancel`, { cookie: owner, method: "POST", params: { id: partyId } });
    expect(again.status).toBe(409);
    // A finished party's stream has nothing more to say: 204 stops EventSource.
    const last = (await readEvents(db, partyId, 0, 100_000)).at(-1)!.seq;
    const ev = await call(events.GET, `/api/parties/${partyId}/events`, { cookie: owner, headers: { "last-event-id": String(last) }, params: { id: partyId } });
    expect(ev.status).toBe(204);
  });
});
