// Three production servers on one PostgreSQL behind a round-robin proxy, as several
// instances are deployed (docs/deploy.md): parties created, answered and watched through
// the proxy, so each request and each viewer lands on any instance; one instance is
// SIGKILLed mid-run. Shared by the e2e test (tests/e2e/three-instances.spec.ts) and the
// bench row (scripts/bench/three-instances.ts), which judge the same result.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import pg from "pg";
import { RoundRobinProxy } from "./round-robin-proxy";
import { checkLog, Client, DEFAULT_ANSWERS, ServerProcess, sleep, sseEvents, type LogEvent } from "./server";

export interface ThreeInstanceOptions {
  /** A PostgreSQL server; a throwaway database is created on it and dropped after. */
  pgUrl: string;
  parties: number;
  /** The instances' ports (three), e.g. 3600-3602. */
  ports: readonly number[];
  leaseMs: number;
  /** The offline model's pace. */
  pace: { tokensPerSecond: number; firstTokenMs: number };
  /** When to kill the instance holding the most parties, after the last party was created. */
  killAfterMs: number;
  /** A party not finished by then fails the run. */
  timeoutMs: number;
  log?: (m: string) => void;
}

export interface ThreeInstanceResult {
  parties: number;
  completed: number;
  /** Parties that did not complete, with their status. */
  notCompleted: string[];
  /** Viewers whose events (id'd, through every reconnect) differ from the party's log. */
  viewerMismatches: string[];
  /** Logs with a seq gap or a message ended twice. */
  logProblems: string[];
  viewerReconnects: number;
  killed: { instance: string; parties: number };
  /** Per party the killed instance was running: kill → another instance holds its lease (ms). */
  takeoverMs: number[];
  /** The same, counted from when the dead runner's lease expired (ms). */
  afterExpiryMs: number[];
  leaseMs: number;
  /** Requests per instance through the proxy, and requests it answered 502 (an instance was down). */
  served: Record<string, number>;
  badGateway: number;
  seconds: number;
  /** Server output around the failure, when something failed. */
  serverTail: string;
}

interface Viewer {
  events: LogEvent[];
  reconnects: number;
  done: Promise<void>;
}

/** Follows a party's stream through the proxy until party-end, resuming with Last-Event-ID after every drop. */
function follow(c: Client, partyId: string, deadline: number): Viewer {
  const v: Viewer = { events: [], reconnects: 0, done: Promise.resolve() };
  v.done = (async () => {
    for (;;) {
      if (Date.now() > deadline) return;
      const last = v.events.at(-1);
      if (last?.type === "party-end") return;
      try {
        const r = await c.req(`/api/parties/${partyId}/events`, { headers: last ? { "last-event-id": String(last.seq) } : {} });
        if (r.status === 200 && r.body) {
          for await (const e of sseEvents(r.body)) {
            if (e.seq !== (v.events.at(-1)?.seq ?? 0) + 1) throw new Error(`party ${partyId}: viewer got seq ${e.seq} after ${v.events.at(-1)?.seq ?? 0}`);
            v.events.push(e);
            if (e.type === "party-end") return;
          }
        } else await r.body?.cancel();
      } catch (e) {
        if ((e as Error).message.includes("viewer got seq")) throw e;
        // The instance went away (SIGKILL): connect again through the proxy.
      }
      v.reconnects++;
      await sleep(200);
    }
  })();
  return v;
}

/** A request through the proxy, again while it answers 502 (the instance it picked was down). */
async function call<T>(c: Client, p: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  for (let i = 0; ; i++) {
    const r = await c.json<T>(p, init);
    if (r.status !== 502 || i >= 50) return r;
    await sleep(100);
  }
}

/** Answers the party's questions until it ends; returns its last status. */
async function drive(c: Client, id: string, deadline: number): Promise<string> {
  for (;;) {
    const { body: s } = await call<{ status: string; pendingInput: { id: string; kind: string } | null }>(c, `/api/parties/${id}`);
    if (["completed", "failed", "cancelled"].includes(s.status) || Date.now() > deadline) return s.status;
    if (s.status === "awaiting_input" && s.pendingInput) {
      const a = DEFAULT_ANSWERS[s.pendingInput.kind] ?? { selection: "1" };
      // 409: already answered (a retried request that had reached its instance).
      await call(c, `/api/parties/${id}/input`, { method: "POST", body: JSON.stringify({ requestId: s.pendingInput.id, ...a }) });
    }
    await sleep(300);
  }
}

const DESCRIPTION =
  "A volunteer scheduling tool for a network of food banks: coordinators publish shifts, volunteers sign up from their phones, and reminders go out by SMS the day before.";

export async function runThreeInstances(o: ThreeInstanceOptions): Promise<ThreeInstanceResult> {
  const log = o.log ?? (() => {});
  const dbName = `ip_3i_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: o.pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(o.pgUrl);
  url.pathname = `/${dbName}`;
  const q = new pg.Client({ connectionString: url.toString() });
  const dirs: string[] = [];
  const servers = o.ports.map((port) => {
    const dir = mkdtempSync(path.join(tmpdir(), "ip-3i-"));
    dirs.push(dir);
    // No INSTANCE_ID: each names itself <hostname>:<port>, as in a real deployment.
    return new ServerProcess({
      port,
      env: {
        DATABASE_URL: url.toString(),
        DATA_DIR: dir,
        AUTH_SECRET: "three-instances-secret-three-instances-42",
        LEASE_MS: String(o.leaseMs),
        OFFLINE_MODEL_TPS: String(o.pace.tokensPerSecond),
        OFFLINE_MODEL_FIRST_TOKEN_MS: String(o.pace.firstTokenMs),
      },
    });
  });
  const proxy = new RoundRobinProxy(servers.map((s) => s.url));
  const t0 = Date.now();
  try {
    // One at a time: the first migrates the database.
    for (const s of servers) await s.start(120_000);
    await proxy.start();
    await q.connect();
    log(`three instances on ${o.ports.join(", ")} behind ${proxy.url}`);
    const deadline = Date.now() + o.timeoutMs;
    const ids: string[] = [];
    const clients = new Map<string, Client>();
    const viewers = new Map<string, Viewer>();
    const drivers: Array<Promise<string>> = [];
    for (let i = 0; i < o.parties; i++) {
      // One person per party (a guest may run only a few at once).
      const c = new Client(proxy.url);
      await c.session();
      const { status, body } = await call<{ id: string }>(c, "/api/parties", { method: "POST", body: JSON.stringify({ description: DESCRIPTION, flags: ["--new", "--party"] }) });
      if (status !== 201) throw new Error(`creating party ${i + 1} answered ${status}: ${JSON.stringify(body)}`);
      ids.push(body.id);
      clients.set(body.id, c);
      viewers.set(body.id, follow(c, body.id, deadline));
      drivers.push(drive(c, body.id, deadline));
    }
    log(`${o.parties} parties created and watched through the proxy`);

    await sleep(o.killAfterMs);
    const held = (await q.query<{ owner: string; n: number }>("SELECT owner, count(*)::int AS n FROM runner_leases WHERE expires_at > now() GROUP BY owner ORDER BY n DESC")).rows;
    const owner = held[0]?.owner ?? `${hostname()}:${o.ports[0]}`;
    const victim = servers.find((s) => owner.endsWith(`:${s.opts.port}`)) ?? servers[0];
    const killedAt = Date.now();
    await victim.signal("SIGKILL");
    // Read after the kill: a renewal just before it moved the expiry on.
    const parties = (await q.query<{ party_id: string; expires_at: Date }>("SELECT party_id, expires_at FROM runner_leases WHERE owner = $1 AND expires_at > now()", [owner])).rows;
    log(`SIGKILLed ${owner} while it ran ${parties.length} of the ${held.reduce((n, h) => n + h.n, 0)} running parties`);

    // Each of its parties: when another instance holds its lease.
    const takeoverMs: number[] = [];
    const afterExpiryMs: number[] = [];
    const waiting = new Map(parties.map((p) => [p.party_id, p.expires_at.getTime()]));
    while (waiting.size && Date.now() - killedAt < 4 * o.leaseMs + 10_000) {
      const rows = (await q.query<{ party_id: string; owner: string }>("SELECT party_id, owner FROM runner_leases WHERE party_id = ANY($1) AND expires_at > now()", [[...waiting.keys()]])).rows;
      const now = Date.now();
      for (const r of rows) {
        if (r.owner === owner) continue;
        takeoverMs.push(now - killedAt);
        afterExpiryMs.push(now - waiting.get(r.party_id)!);
        waiting.delete(r.party_id);
      }
      await sleep(50);
    }
    log(`takeover of ${takeoverMs.length}/${parties.length} parties: max ${Math.max(0, ...takeoverMs)} ms after the kill (LEASE_MS ${o.leaseMs})`);

    const statuses = await Promise.all(drivers);
    await Promise.all([...viewers.values()].map((v) => v.done));
    const notCompleted = ids.flatMap((id, i) => (statuses[i] === "completed" ? [] : [`${id}: ${statuses[i]}`]));
    const viewerMismatches: string[] = [];
    const logProblems: string[] = [];
    for (const id of ids) {
      const full = await clients.get(id)!.readLog(id);
      const seen = viewers.get(id)!.events;
      // Deep equality: jsonb orders an object's keys its own way.
      const differs = seen.findIndex((e, i) => !isDeepStrictEqual(e, full[i]));
      if (differs >= 0 || seen.length !== full.length) {
        viewerMismatches.push(`${id}: the viewer has ${seen.length} events, the log ${full.length}; first difference at ${differs}: ${JSON.stringify(seen[differs]).slice(0, 200)} vs ${JSON.stringify(full[differs]).slice(0, 200)}`);
      }
      const check = checkLog(full);
      if (!check.gapFree || check.duplicateMessageIds) logProblems.push(`${id}: ${JSON.stringify(check)}`);
    }
    const failed = notCompleted.length + viewerMismatches.length + logProblems.length > 0;
    return {
      parties: ids.length,
      completed: statuses.filter((s) => s === "completed").length,
      notCompleted,
      viewerMismatches,
      logProblems,
      viewerReconnects: [...viewers.values()].reduce((n, v) => n + v.reconnects, 0),
      killed: { instance: owner, parties: parties.length },
      takeoverMs,
      afterExpiryMs,
      leaseMs: o.leaseMs,
      served: Object.fromEntries(proxy.served),
      badGateway: proxy.failed,
      seconds: (Date.now() - t0) / 1000,
      serverTail: failed ? servers.map((s) => `--- :${s.opts.port}\n${s.output.split("\n").slice(-15).join("\n")}`).join("\n") : "",
    };
  } finally {
    await proxy.stop();
    for (const s of servers) await s.signal("SIGKILL");
    await q.end().catch(() => undefined); // never connected if a server failed to start
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
