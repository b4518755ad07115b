// The kickoff limits a fresh cookie cannot dodge (issue 24, item 2): per client address
// (the socket's, or a trusted proxy's X-Forwarded-For), parties running on the whole
// deployment, and paid tokens per hour; each a plain 429 with Retry-After.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
// Parties stay running without spending CPU: the built-in model waits before its first token.
process.env.OFFLINE_MODEL_FIRST_TOKEN_MS = "60000";
process.env.MAX_ACTIVE_PARTIES = "10";
process.env.MAX_ACTIVE_PARTIES_PER_ADDRESS = "3";
process.env.MAX_RUNNING_PARTIES = "8";
process.env.MAX_TOKENS_PER_HOUR = "1000";
delete process.env.TRUST_PROXY;

import { issueGuestToken } from "@/lib/auth/guest-token";
import { createTestDatabase, useDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { env, reloadEnv } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { installPeerHeaders, PEER_ADDRESS } from "@/lib/http/peer-headers";
import { admitKickoff } from "@/lib/server/admission";
import { stopServices } from "@/lib/server/services";
import { call } from "./route-call";
import * as parties from "./parties/route";

let db: TestDatabase;
// --party skips the mode menu: the party runs (its first model call waits) instead of waiting for the person.
const body = JSON.stringify({ description: "A booking tool for a small climbing gym: slots, memberships and a waiting list for busy evenings.", flags: ["--party"] });
const freshCookie = () => issueGuestToken(process.env.AUTH_SECRET!, randomUUID());
const kickoff = async (headers: Record<string, string>) => call(parties.POST, "/api/parties", { cookie: await freshCookie(), method: "POST", body, headers });

beforeAll(async () => {
  reloadEnv();
  db = await createTestDatabase();
  useDatabase(db);
  // What the server does at start: the peer address header comes from the socket.
  installPeerHeaders();
});

afterAll(async () => {
  await stopServices();
  await db.destroy();
});

describe("starting parties with fresh cookies", () => {
  it("stops at the per-address limit however many cookies are minted, and another address still gets in", async () => {
    const here = { [PEER_ADDRESS]: "203.0.113.7" };
    for (let i = 0; i < 3; i++) expect((await kickoff(here)).status).toBe(201);
    const refused = await kickoff(here);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error.message).toMatch(/3 parties started from your network are still running or waiting \(the limit is 3\)\. Finish or cancel/);
    // An IPv4 address written as IPv6 is the same address.
    expect((await kickoff({ [PEER_ADDRESS]: "::ffff:203.0.113.7" })).status).toBe(429);
    expect((await kickoff({ [PEER_ADDRESS]: "198.51.100.1" })).status).toBe(201);
  });

  it("counts an IPv6 /64 as one address, and a client-supplied X-Forwarded-For changes nothing", async () => {
    for (const a of ["2001:db8:1:2::1", "2001:db8:1:2::2", "[2001:DB8:1:2:ffff::3]"]) expect((await kickoff({ [PEER_ADDRESS]: a })).status, a).toBe(201);
    expect((await kickoff({ [PEER_ADDRESS]: "2001:db8:1:2:abcd::9" })).status).toBe(429);
    for (const claimed of ["192.0.2.50", "2001:db8:9::1"]) expect((await kickoff({ [PEER_ADDRESS]: "203.0.113.7", "x-forwarded-for": claimed })).status, claimed).toBe(429);
  });

  it("refuses anyone once the deployment runs MAX_RUNNING_PARTIES", async () => {
    // 7 running so far.
    expect((await kickoff({ [PEER_ADDRESS]: "192.0.2.10" })).status).toBe(201);
    const r = await kickoff({ [PEER_ADDRESS]: "192.0.2.11" });
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBe("60");
    expect((await r.json()).error.message).toMatch(/This server is running as many parties as it takes at once \(8\)\. Try again in a minute\./);
  });

  it("believes X-Forwarded-For only with TRUST_PROXY, and then the address the proxy appended", async () => {
    process.env.TRUST_PROXY = "1";
    process.env.MAX_RUNNING_PARTIES = "100";
    reloadEnv();
    try {
      // The proxy saw 203.0.113.7 (at its limit) and appended it after what the client claimed.
      expect((await kickoff({ [PEER_ADDRESS]: "10.0.0.2", "x-forwarded-for": "192.0.2.99, 203.0.113.7" })).status).toBe(429);
      expect((await kickoff({ [PEER_ADDRESS]: "10.0.0.2", "x-forwarded-for": "203.0.113.7, 192.0.2.99" })).status).toBe(201);
    } finally {
      delete process.env.TRUST_PROXY;
      process.env.MAX_RUNNING_PARTIES = "8";
      reloadEnv();
    }
  });
});

describe("the hourly token cap", () => {
  it("refuses a paid model once the last hour spent the cap, says when, and lets the built-in model through", async () => {
    const party = (await db.prisma.party.findFirstOrThrow()).id;
    const now = new Date();
    const at = (minAgo: number) => new Date(now.getTime() - minAgo * 60_000);
    // 400 tokens 50 minutes ago, 700 20 minutes ago, and 5,000 of the offline model (free).
    await db.prisma.tokenUsage.createMany({
      data: [
        { partyId: party, model: "openai:gpt-4.1", inputTokens: 300, outputTokens: 100, createdAt: at(50) },
        { partyId: party, model: "openai:gpt-4.1", inputTokens: 500, outputTokens: 200, createdAt: at(20) },
        { partyId: party, model: "offline", inputTokens: 4000, outputTokens: 1000, createdAt: at(10) },
      ],
    });
    const e = { ...env(), MAX_RUNNING_PARTIES: 1000 };
    const paid = { defaultModel: "openai:gpt-4.1", agentModels: {}, seed: 1 };
    const err = await admitKickoff(db, e, { clientKey: null, modelSettings: paid }, now).catch((x) => x);
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(429);
    // 1,100 spent: under the cap once the 400 of 50 minutes ago leave the window, in 10 minutes.
    expect(err.retryAfterSeconds).toBe(600);
    expect(err.message).toMatch(/1,100 of 1,000 in the last hour\)\. Try again in 10 minutes, or start the party on the built-in model\./);
    await expect(admitKickoff(db, e, { clientKey: null, modelSettings: { defaultModel: "offline", agentModels: {}, seed: 1 } }, now)).resolves.toBeUndefined();
    await expect(admitKickoff(db, { ...e, MAX_TOKENS_PER_HOUR: 2000 }, { clientKey: null, modelSettings: paid }, now)).resolves.toBeUndefined();
  });
});
