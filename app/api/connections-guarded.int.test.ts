// What the deployer keeps out of guests' hands: a connection into the server's private
// network (loopback, LAN, cloud metadata) is refused unless ALLOW_PRIVATE_MODEL_URLS says
// otherwise, and ALLOW_GUEST_CONNECTIONS=false turns own connections off altogether.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
process.env.OLLAMA_BASE_URL = "off";
process.env.LMSTUDIO_BASE_URL = "off";
delete process.env.ALLOW_PRIVATE_MODEL_URLS;
delete process.env.ALLOW_GUEST_CONNECTIONS;

import { issueGuestToken } from "@/lib/auth/guest-token";
import { startScriptedOpenAIServer, type ScriptedServer } from "@/lib/ai/testing/scripted-openai-server";
import { createTestDatabase, useDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { reloadEnv } from "@/lib/env";
import { stopServices } from "@/lib/server/services";
import { call } from "./route-call";
import * as connections from "./connections/route";
import * as models from "./models/route";

let db: TestDatabase;
let server: ScriptedServer;
let guest: string;

beforeAll(async () => {
  db = await createTestDatabase();
  useDatabase(db);
  server = await startScriptedOpenAIServer({ ports: [0] });
  guest = await issueGuestToken(process.env.AUTH_SECRET!, "00000000-0000-4000-8000-0000000000d1");
});

afterAll(async () => {
  await stopServices();
  await server.close();
  await db.destroy();
});

const add = (b: unknown) => call(connections.POST, "/api/connections", { cookie: guest, method: "POST", body: JSON.stringify(b) });

describe("a guest's base URL", () => {
  const port = () => new URL(server.url).port;
  it.each([
    () => server.url, // loopback, literally
    () => `http://localhost:${port()}/v1`, // loopback by name
    () => `http://[::1]:${port()}/v1`,
    () => "http://169.254.169.254/latest", // cloud metadata
    () => "http://10.0.0.7:8000/v1",
    () => "http://192.168.1.20:11434",
  ])("may not reach the server's private network (%#)", async (url) => {
    const r = await add({ provider: "openai-compatible", baseUrl: url() });
    expect(r.status).toBe(422);
    const { error } = await r.json();
    expect(error.code).toBe("validation_failed");
    expect(error.fields).toEqual({ baseUrl: "must not point into the server's private network (loopback, private ranges, link-local, cloud metadata)" });
    expect(server.requests).toEqual([]); // not even asked
    expect(await db.prisma.modelConnection.count()).toBe(0);
  });

  it("may when the deployer allows private model URLs", async () => {
    process.env.ALLOW_PRIVATE_MODEL_URLS = "true";
    reloadEnv();
    const r = await add({ provider: "openai-compatible", baseUrl: server.url });
    expect(r.status).toBe(201);
    delete process.env.ALLOW_PRIVATE_MODEL_URLS;
    reloadEnv();
  });
});

describe("ALLOW_GUEST_CONNECTIONS=false", () => {
  it("refuses new connections, lists none and offers none of their models", async () => {
    process.env.ALLOW_GUEST_CONNECTIONS = "false";
    reloadEnv();
    const r = await add({ provider: "openai", apiKey: "sk-whatever-000000" });
    expect(r.status).toBe(403);
    expect((await r.json()).error.code).toBe("forbidden");
    expect(await (await call(connections.GET, "/api/connections", { cookie: guest })).json()).toEqual([]);
    const m = await (await call(models.GET, "/api/models", { cookie: guest })).json();
    expect(m.connections).toEqual({ allowed: false, privateUrlsAllowed: false });
    expect(m.models.map((x: { source: string }) => x.source)).toEqual(["builtin"]);
    expect(await db.prisma.modelConnection.count()).toBe(1); // the one stored before stays until its owner removes it
  });
});
