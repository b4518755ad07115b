// A person's own model connection through the routes (docs/api.md, "Models and
// connections"), against an OpenAI-compatible server started here that checks its key and
// misbehaves like a real provider: tested before it is stored, owned by one guest, used
// for a whole party through the same retry and timeout machinery as a configured model —
// and its key found nowhere afterwards: not in a response, an event, a log line, an
// artifact, state.json, the bundle, nor the database's files.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
process.env.OFFLINE_MODEL_TPS = "0";
process.env.OFFLINE_MODEL_FIRST_TOKEN_MS = "0";
// The scripted provider runs on this machine's loopback: the deployer allows it here.
process.env.ALLOW_PRIVATE_MODEL_URLS = "true";
process.env.OLLAMA_BASE_URL = "off";
process.env.LMSTUDIO_BASE_URL = "off";
// Short limits, the same policy: a stalled stream is given up quickly, 429s are waited out.
process.env.MODEL_TIMEOUT_MS = "8000";
process.env.MODEL_IDLE_TIMEOUT_MS = "1500";
process.env.MODEL_RETRY_MAX_MS = "30000";

import { issueGuestToken } from "@/lib/auth/guest-token";
import { startScriptedOpenAIServer, type ScriptedServer } from "@/lib/ai/testing/scripted-openai-server";
import { openDatabase, type Database } from "@/lib/db/client";
import { useDatabase } from "@/lib/db/testing/test-database";
import { readEvents } from "@/lib/db/parties";
import { stopServices } from "@/lib/server/services";
import { driveToEnd } from "./drive-party";
import { call } from "./route-call";
import * as connections from "./connections/route";
import * as connection from "./connections/[id]/route";
import * as test from "./connections/[id]/test/route";
import * as models from "./models/route";
import * as artifact from "./parties/[id]/artifacts/[...path]/route";
import * as artifacts from "./parties/[id]/artifacts/route";
import * as bundle from "./parties/[id]/bundle/route";
import * as one from "./parties/[id]/route";
import * as state from "./parties/[id]/state.json/route";
import * as parties from "./parties/route";

const KEY = "sk-live-correct-horse-battery-staple-7f3a";
const DESCRIPTION = "A booking app for a network of independent climbing gyms in Austria: members reserve time slots, gyms manage capacity and route setting, and payments go through the app.";

let dir: string;
let db: Database;
let server: ScriptedServer;
let owner: string;
let stranger: string;
let connectionId: string;
/** Every text the routes answered, and every line logged, searched for the key at the end. */
const seen: string[] = [];
const logged: string[] = [];

async function text(r: Response): Promise<string> {
  const t = await r.clone().text();
  seen.push(t);
  return t;
}
const body = async (r: Response) => JSON.parse(await text(r));
const post = (handler: unknown, url: string, cookie: string, b: unknown, params: Record<string, unknown> = {}) => call(handler, url, { cookie, method: "POST", body: JSON.stringify(b), params });

beforeAll(async () => {
  for (const level of ["log", "error", "warn", "info", "debug"] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === "string" ? a : JSON.stringify(a))).join(" "));
      original(...args);
    });
  }
  dir = await mkdtemp(path.join(tmpdir(), "ip-connections-"));
  db = await openDatabase({ dataDir: dir });
  useDatabase(db);
  // Misbehaves now and then, as providers do: rate limits, a stalled stream, broken tool arguments.
  server = await startScriptedOpenAIServer({ apiKey: KEY, models: ["scripted-llm", "scripted-llm-mini"], seed: 5, rates: { "rate-limit": 0.03, stall: 0.02, "invalid-json": 0.04 }, retryAfterSeconds: 1, ports: [0] });
  owner = await issueGuestToken(process.env.AUTH_SECRET!, "00000000-0000-4000-8000-0000000000c1");
  stranger = await issueGuestToken(process.env.AUTH_SECRET!, "00000000-0000-4000-8000-0000000000c2");
}, 60_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("adding a connection", () => {
  it("a wrong key is refused with auth_failed, in plain words, and nothing is stored", async () => {
    const before = server.requests.length;
    const r = await post(connections.POST, "/api/connections", owner, { provider: "openai-compatible", baseUrl: server.url, apiKey: "sk-live-wrong-key-0000000000000000" });
    expect(r.status).toBe(422);
    expect((await body(r)).error).toEqual({ code: "auth_failed", message: "The key was refused." });
    expect(server.requests.length).toBe(before); // refused at the listing: no chat call was made
    expect(await body(await call(connections.GET, "/api/connections", { cookie: owner }))).toEqual([]);
    expect(await db.prisma.modelConnection.count()).toBe(0);
  });

  it("bad input names the field and stores nothing", async () => {
    const cases: Array<[unknown, string]> = [
      [{ provider: "azure", apiKey: "x" }, "provider"],
      [{ provider: "openai-compatible" }, "baseUrl"],
      [{ provider: "openai" }, "apiKey"],
      [{ provider: "openai-compatible", baseUrl: "ftp://example.com" }, "baseUrl"],
      [{ provider: "openai-compatible", baseUrl: "http://user:pw@example.com/v1" }, "baseUrl"],
      [{ provider: "openai", apiKey: "has spaces in it" }, "apiKey"],
      [{ provider: "openai", apiKey: "sk-x", admin: true }, "admin"],
    ];
    for (const [b, field] of cases) {
      const r = await post(connections.POST, "/api/connections", owner, b);
      expect(r.status, JSON.stringify(b)).toBe(422);
      expect(Object.keys((await body(r)).error.fields), JSON.stringify(b)).toContain(field);
    }
    expect(await db.prisma.modelConnection.count()).toBe(0);
  });

  it("a working key is tested (models listed, one tiny call), stored sealed, and never sent back", async () => {
    const r = await post(connections.POST, "/api/connections", owner, { provider: "openai-compatible", name: "My gateway", baseUrl: server.url, apiKey: KEY, model: "scripted-llm-mini" });
    expect(r.status).toBe(201);
    const created = await body(r);
    expect(created).toMatchObject({ provider: "openai-compatible", name: "My gateway", baseUrl: server.url, keyHint: "7f3a", models: ["scripted-llm", "scripted-llm-mini"], firstTokenMs: expect.any(Number) });
    connectionId = created.id;
    expect(server.requests.at(-1)!.body).toMatchObject({ model: "scripted-llm-mini", max_tokens: 16 });
    const row = await db.prisma.modelConnection.findUniqueOrThrow({ where: { id: connectionId } });
    expect(row.keySealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(KEY);

    const list = await body(await call(connections.GET, "/api/connections", { cookie: owner }));
    expect(list).toEqual([{ id: connectionId, provider: "openai-compatible", name: "My gateway", baseUrl: server.url, keyHint: "7f3a", createdAt: expect.any(String), models: ["scripted-llm", "scripted-llm-mini"] }]);

    const m = await body(await call(models.GET, "/api/models", { cookie: owner }));
    expect(m.default).toBe("offline");
    expect(m.models).toContainEqual({ id: "offline", label: "Built-in demo model", provider: "offline", source: "builtin" });
    expect(m.models).toContainEqual({ id: `openai-compatible@${connectionId}:scripted-llm`, label: "scripted-llm · My gateway", provider: "openai-compatible", source: "connection", connectionId });
  });

  it("tests again on demand", async () => {
    const r = await post(test.POST, `/api/connections/${connectionId}/test`, owner, {}, { id: connectionId });
    expect(r.status).toBe(200);
    expect(await body(r)).toMatchObject({ ok: true, models: ["scripted-llm", "scripted-llm-mini"], firstTokenMs: expect.any(Number) });
  });
});

describe("a connection belongs to the guest who made it", () => {
  it("another guest neither sees, tests, removes nor runs a party on it", async () => {
    expect(await body(await call(connections.GET, "/api/connections", { cookie: stranger }))).toEqual([]);
    const theirs = await body(await call(models.GET, "/api/models", { cookie: stranger }));
    expect(theirs.models.filter((m: { source: string }) => m.source === "connection")).toEqual([]);
    expect((await post(test.POST, `/api/connections/${connectionId}/test`, stranger, {}, { id: connectionId })).status).toBe(404);
    expect((await call(connection.DELETE, `/api/connections/${connectionId}`, { cookie: stranger, method: "DELETE", params: { id: connectionId } })).status).toBe(404);
    const before = await db.prisma.party.count();
    const r = await post(parties.POST, "/api/parties", stranger, { description: DESCRIPTION, flags: ["--party"], model: `openai-compatible@${connectionId}:scripted-llm` });
    expect(r.status).toBe(422);
    expect((await body(r)).error.fields).toEqual({ model: "is not a model you can use: pick one from GET /api/models" });
    const agent = await post(parties.POST, "/api/parties", owner, { description: DESCRIPTION, flags: ["--party"], agentModels: { nadia: "offline", bogus: "offline", liam: "openai:gpt-4.1" } });
    expect(agent.status).toBe(422);
    expect(Object.keys((await body(agent)).error.fields).sort()).toEqual(["agentModels.bogus", "agentModels.liam"]);
    expect(await db.prisma.party.count()).toBe(before);
  });
});

describe("a whole party on the connection", () => {
  let partyId: string;

  it("completes through rate limits, a stalled stream and broken tool arguments, on the model picked per agent", async () => {
    const r = await post(parties.POST, "/api/parties", owner, {
      description: DESCRIPTION,
      flags: ["--new", "--party"],
      model: `openai-compatible@${connectionId}:scripted-llm`,
      agentModels: { tessa: `openai-compatible@${connectionId}:scripted-llm-mini`, oscar: "offline" },
    });
    expect(r.status).toBe(201);
    partyId = (await body(r)).id;
    const partyStart = server.requests.length;
    const end = await driveToEnd(owner, partyId);
    expect(end).toMatchObject({ status: "completed", error: null });

    const events = await readEvents(db, partyId, 0, 100_000);
    const spawned = Object.fromEntries(events.flatMap((e) => (e.type === "agent-spawn" ? [[e.data.agent, e.data.model]] : [])));
    expect(spawned).toMatchObject({ nadia: `openai-compatible@${connectionId}:scripted-llm`, tessa: `openai-compatible@${connectionId}:scripted-llm-mini`, oscar: "offline", liam: `openai-compatible@${connectionId}:scripted-llm` });
    // Every kind of fault happened, and went through the retry and idle-timeout machinery.
    const faults = new Set(server.requests.map((q) => q.fault).filter(Boolean));
    expect([...faults].sort()).toEqual(["invalid-json", "rate-limit", "stall"]);
    // Token accounting: every call the provider reported usage for is counted (calls cut
    // short, which reported none, are estimated on top).
    const recorded = events.flatMap((e) => (e.type === "usage" && e.data.model.startsWith("openai-compatible@") ? [e.data] : []));
    const reported = server.requests.slice(partyStart).reduce((t, q) => ({ prompt: t.prompt + (q.usage?.prompt ?? 0), completion: t.completion + (q.usage?.completion ?? 0) }), { prompt: 0, completion: 0 });
    expect(reported.completion).toBeGreaterThan(10_000);
    expect(recorded.reduce((t, u) => t + u.inputTokens, 0)).toBeGreaterThanOrEqual(reported.prompt);
    expect(recorded.reduce((t, u) => t + u.outputTokens, 0)).toBeGreaterThanOrEqual(reported.completion);
    expect(new Set(server.requests.filter((q) => q.body.model).map((q) => q.body.model))).toEqual(new Set(["scripted-llm", "scripted-llm-mini"]));
  }, 300_000);

  it("its key is nowhere: responses, events, artifacts, state.json, the bundle, log lines, the database's files", async () => {
    const get = (handler: unknown, suffix: string, params: Record<string, unknown> = {}) => call(handler, `/api/parties/${partyId}${suffix}`, { cookie: owner, params: { id: partyId, ...params } });
    await text(await get(one.GET, ""));
    await text(await get(state.GET, "/state.json"));
    const list = await body(await get(artifacts.GET, "/artifacts"));
    expect(list.length).toBeGreaterThan(5);
    for (const a of list) await text(await get(artifact.GET, `/artifacts/${a.path}`, { path: a.path.split("/") }));
    const zip = unzipSync(new Uint8Array(await (await get(bundle.GET, "/bundle")).arrayBuffer()));
    expect(Object.keys(zip)).toContain("state.json");
    for (const f of Object.values(zip)) seen.push(Buffer.from(f).toString("utf8"));
    seen.push(JSON.stringify(await readEvents(db, partyId, 0, 100_000)));
    await text(await call(models.GET, "/api/models", { cookie: owner }));
    await text(await call(connections.GET, "/api/connections", { cookie: owner }));

    const hint = KEY.slice(0, -4); // all but the hint the page shows
    for (const t of [...seen, ...logged]) {
      expect(t.includes(hint), t.slice(0, 200)).toBe(false);
    }
    // The database's files, write-ahead log included, once everything is on disk.
    await stopServices();
    await db.close();
    const files: string[] = [];
    const walk = async (d: string): Promise<void> => {
      for (const e of await readdir(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) await walk(p);
        else files.push(p);
      }
    };
    await walk(dir);
    expect(files.length).toBeGreaterThan(10);
    let bytes = 0;
    for (const f of files) {
      const b = await readFile(f);
      bytes += b.length;
      expect(b.includes(Buffer.from(hint)), f).toBe(false);
      expect(b.includes(Buffer.from(hint, "utf16le")), f).toBe(false);
    }
    expect(bytes).toBeGreaterThan(1_000_000);
    // Reopened (and the process's services built anew on it): the sealed connection is still there.
    db = await openDatabase({ dataDir: dir });
    useDatabase(db);
    (globalThis as { __inceptionServices?: unknown }).__inceptionServices = undefined;
    expect(await db.prisma.modelConnection.count()).toBe(1);
  }, 120_000);

  it("removing the connection deletes its key", async () => {
    const r = await call(connection.DELETE, `/api/connections/${connectionId}`, { cookie: owner, method: "DELETE", params: { id: connectionId } });
    expect(r.status).toBe(204);
    expect(await db.prisma.modelConnection.count()).toBe(0);
    expect((await call(connection.DELETE, `/api/connections/${connectionId}`, { cookie: owner, method: "DELETE", params: { id: connectionId } })).status).toBe(404);
    const m = await body(await call(models.GET, "/api/models", { cookie: owner }));
    expect(m.models.filter((x: { source: string }) => x.source === "connection")).toEqual([]);
    await stopServices();
    await db.close();
  });
});
