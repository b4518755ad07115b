// What the reliability specs share (tests/e2e/reliability.spec.ts and crash.spec.ts, two
// files so that the crash test's restarts run beside the rest): production servers on
// a block of ports, each in its own data directory, a guest with a new party, and a
// driver that answers every request until the party ends.
import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { answerPending, Client, ServerProcess, sleep } from "./server";

export const PACE = { OFFLINE_MODEL_TPS: "600", OFFLINE_MODEL_FIRST_TOKEN_MS: "30", OFFLINE_MODEL_SEED: "11" };
export const FAST = { OFFLINE_MODEL_TPS: "3000", OFFLINE_MODEL_FIRST_TOKEN_MS: "5" };
const AUTH_SECRET = "reliability-secret-reliability-secret-42";
const DESCRIPTION =
  "A volunteer scheduling tool for a network of food banks: coordinators publish shifts, volunteers sign up from their phones, and reminders go out by SMS the day before.";

/**
 * The servers of one spec file, from `firstPort` up. Registers the file's hooks: a failed
 * test shows what its servers said (an exit or a stack trace is often the cause), and
 * every server and data directory is gone after the file.
 */
export class ServerBlock {
  private readonly dirs: string[] = [];

  constructor(public nextPort: number) {
    test.afterEach(async ({}, info) => {
      if (info.status === info.expectedStatus) return;
      for (const s of ServerProcess.all) console.log(`--- server :${s.opts.port} (exit ${s.child?.exitCode ?? "killed or running"}), last lines:\n${s.output.split("\n").slice(-40).join("\n")}`);
    });
    test.afterAll(async () => {
      await ServerProcess.killAll();
      for (const d of this.dirs) rmSync(d, { recursive: true, force: true });
    });
  }

  /** A server (not started) with its own data directory, on the block's next port. */
  server(env: Record<string, string> = {}, onPort = this.nextPort++): ServerProcess {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ip-rel-"));
    this.dirs.push(dataDir);
    return new ServerProcess({ port: onPort, env: { DATA_DIR: dataDir, AUTH_SECRET, LEASE_MS: "3000", ...PACE, ...env } });
  }

  /** A server with `env` started, a guest session on it, and a new party. */
  async serverWithParty(env: Record<string, string> = {}) {
    const s = this.server(env);
    await s.start();
    const c = new Client(s);
    await c.session();
    return { s, c, id: await newParty(c) };
  }
}

export async function newParty(c: Client): Promise<string> {
  const { status, body } = await c.json<{ id: string }>("/api/parties", { method: "POST", body: JSON.stringify({ description: DESCRIPTION, flags: ["--new", "--party"] }) });
  expect(status).toBe(201);
  return body.id;
}

/**
 * Drives a party to its end, answering every request; `during` runs between polls. A party
 * whose log stops growing for `stallMs` (nothing to answer) fails the test at once, with
 * the end of its log and of the server's output.
 */
export async function drive(c: Client, id: string, during?: () => Promise<void>, limitMs = 400_000, srv?: ServerProcess, stallMs = 90_000) {
  const deadline = Date.now() + limitMs;
  let lastSeq = -1;
  let movedAt = Date.now();
  for (;;) {
    const status = await answerPending(c, id);
    if (["completed", "failed", "cancelled"].includes(status)) return status;
    const { body } = await c.json<{ lastSeq: number }>(`/api/parties/${id}`);
    if (body.lastSeq !== lastSeq) {
      lastSeq = body.lastSeq;
      movedAt = Date.now();
    }
    if (Date.now() > deadline || Date.now() - movedAt > stallMs) {
      const tail = (await c.readLog(id, Math.max(0, lastSeq - 12), { stopAfter: Math.min(12, lastSeq) })).map((e) => `  ${e.seq} ${e.type} ${JSON.stringify(e.data).slice(0, 140)}`);
      const output = (srv?.output ?? "").split("\n").slice(-30).join("\n");
      throw new Error(`party ${id} still ${status} at seq ${lastSeq} (unchanged for ${Math.round((Date.now() - movedAt) / 1000)} s); its log ends:\n${tail.join("\n")}\nthe server's output ends:\n${output}`);
    }
    if (during) await during();
    else await sleep(150);
  }
}
