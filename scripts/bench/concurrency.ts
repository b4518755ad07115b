// Row 4 — concurrency: many parties at once on one PartyRunner with the instant offline
// model, on a real database (in-memory PGlite, or a throwaway PostgreSQL database),
// answered the way the API does (pendingInput → recordAnswer → kick). Times every
// beginStep/commit, counts the rows the parties left, samples RSS.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { defaultPersonaConfig } from "../../lib/agents/persona-config";
import { createModelRegistry } from "../../lib/ai/model-registry";
import { openDatabase, type Database } from "../../lib/db/client";
import { insertParty, pendingInput, recordAnswer } from "../../lib/db/parties";
import { PrismaPartyStore } from "../../lib/db/party-store";
import { EventBus } from "../../lib/events/bus";
import { PartyRunner } from "../../lib/server/party-runner";
import { answerFor, DESCRIPTION } from "./drive";
import { summarize, type Summary } from "./stats";
import { StoreTimer } from "./timed-store";
import { fmt, judge, type Row } from "./report";
import { defineRow } from "./row";

export const TABLES = ["parties", "events", "phases", "team_members", "artifacts", "input_requests", "step_checkpoints", "runner_leases", "token_usage"] as const;

export interface ConcurrencyResult {
  database: "pglite" | "postgres";
  parties: number;
  completed: number;
  failed: string[];
  wallSeconds: number;
  /** ms per beginStep / commit call. */
  stepMs: Summary;
  commitMs: Summary;
  beginStepMs: Summary;
  rows: Record<string, number>;
  rowsPerParty: number;
  /** Rows per party per second of the run (the goal). */
  rowsPerPartySecond: number;
  /** Inserts + updates + deletes by table statistics, where the server reports them. */
  tupleWrites: number | null;
  tupleWritesPerPartySecond: number | null;
  commitsPerSecond: number;
  /** Runs started again because one stopped without ending or suspending the party. */
  rekicks: number;
  /** Distinct runner errors (first line), with counts. */
  errors: Record<string, number>;
  peakRssMb: number;
}

export type Target = { kind: "pglite" } | { kind: "postgres"; serverUrl: string };

/** A throwaway database: PGlite in memory, or `ip_bench_<hex>` on the server (dropped after). */
export async function openTarget(t: Target): Promise<{ db: Database; destroy(): Promise<void> }> {
  if (t.kind === "pglite") {
    const db = await openDatabase({ memory: true });
    return { db, destroy: () => db.close() };
  }
  const name = `ip_bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: t.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(t.serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString() }).catch(async (e) => {
    await dropDatabase(t.serverUrl, name);
    throw e;
  });
  return {
    db,
    async destroy() {
      await db.close();
      await dropDatabase(t.serverUrl, name);
    },
  };
}

/**
 * Drops the throwaway database. A plain DROP first, retried while connections linger (a
 * Prisma transaction that timed out waiting for a pool connection may still get one after
 * the pool closed; pg drops idle clients after 10 s); FORCE only as the last resort, with
 * the "terminating connection" error such a leftover client then emits kept from
 * crashing the process.
 */
async function dropDatabase(serverUrl: string, name: string) {
  const a = new pg.Client({ connectionString: serverUrl });
  await a.connect();
  try {
    for (let i = 0; i < 30; i++) {
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (e) {
        if ((e as { code?: string }).code !== "55006") throw e; // object in use
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    const ignoreTerminated = (e: Error & { code?: string }) => {
      if (e.code !== "57P01") throw e;
    };
    process.on("uncaughtException", ignoreTerminated);
    try {
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      process.off("uncaughtException", ignoreTerminated);
    }
  } finally {
    await a.end();
  }
}

/** True when a PostgreSQL server answers at `url` within a second or two. */
export async function reachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

async function tupleWrites(db: Database): Promise<number | null> {
  try {
    if (db.kind === "postgres") await new Promise((r) => setTimeout(r, 1200)); // other backends flush their stats within ~1 s
    await db.sql.query("SELECT pg_stat_force_next_flush()").catch(() => undefined);
    const { rows } = await db.sql.query(
      `SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::bigint AS n FROM pg_stat_user_tables WHERE relname = ANY($1)`,
      [[...TABLES]],
    );
    const n = Number((rows[0] as { n: string | number }).n);
    return n > 0 ? n : null;
  } catch {
    return null;
  }
}

export async function benchConcurrency(o: { parties: number; target: Target; maxMinutes?: number; log?: (m: string) => void }): Promise<ConcurrencyResult> {
  const { db, destroy } = await openTarget(o.target);
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  try {
    const bus = new EventBus();
    const timer = new StoreTimer();
    const store = new PrismaPartyStore(db, (p, e) => bus.publish(p, e));
    const errors: string[] = [];
    const runner = new PartyRunner({
      db,
      store: timer.wrap(store),
      bus,
      personas: defaultPersonaConfig(),
      models: () => createModelRegistry({ defaultModel: "offline", offline: { seed: 7, tokensPerSecond: 0, firstTokenMs: 0 } }),
      owner: "bench",
      leaseMs: 15_000,
      timeoutMs: 120_000,
      log: (m) => errors.push(m),
    });
    const ids = Array.from({ length: o.parties }, (_, i) => `bench-${i + 1}`);
    for (const id of ids) {
      await insertParty(db, { id, ownerId: "bench", title: "Climbing gyms", description: DESCRIPTION, mode: "party", flags: [], modelSettings: {}, watchToken: `w-${id}` });
    }
    let done = 0;
    let rekicks = 0;
    const t0 = performance.now();
    const deadline = t0 + (o.maxMinutes ?? 30) * 60_000;
    await Promise.all(
      ids.map(async (id) => {
        // What the API and the runner's scan do together: answer each request, and run a
        // party again whose run stopped without ending it (lease lost, store error).
        while (performance.now() < deadline) {
          await runner.kick(id);
          const req = await pendingInput(db, id);
          if (req) {
            bus.publish(id, await recordAnswer(db, id, req.requestId, answerFor(req)));
            continue;
          }
          const p = await db.prisma.party.findUnique({ where: { id }, select: { status: true } });
          if (!p || ["completed", "failed", "cancelled"].includes(p.status)) break;
          rekicks++;
          await new Promise((r) => setTimeout(r, 250));
        }
        done++;
        if (done % Math.max(1, Math.floor(o.parties / 4)) === 0) o.log?.(`  ${o.target.kind}: ${done}/${o.parties} parties done after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      }),
    );
    const wallSeconds = (performance.now() - t0) / 1000;
    await runner.stop();
    const statuses = await db.prisma.party.findMany({ select: { id: true, status: true, error: true } });
    const failed = statuses.filter((s) => s.status !== "completed").map((s) => `${s.id}: ${s.status}${s.error ? ` (${s.error})` : ""}`);
    const errorCounts: Record<string, number> = {};
    for (const e of errors) {
      const first = e.split("\n")[0].replace(/^party \S+ failed: /, "");
      errorCounts[first] = (errorCounts[first] ?? 0) + 1;
    }
    const rows: Record<string, number> = {};
    for (const t of TABLES) {
      const { rows: r } = await db.sql.query(`SELECT count(*)::int AS n FROM ${t}`);
      rows[t] = Number((r[0] as { n: number }).n);
    }
    const total = Object.values(rows).reduce((a, b) => a + b, 0);
    const writes = await tupleWrites(db);
    return {
      database: db.kind,
      parties: o.parties,
      completed: statuses.filter((s) => s.status === "completed").length,
      failed,
      wallSeconds,
      stepMs: summarize(timer.all()),
      commitMs: summarize(timer.commit),
      beginStepMs: summarize(timer.beginStep),
      rows,
      rowsPerParty: total / o.parties,
      rowsPerPartySecond: total / o.parties / wallSeconds,
      tupleWrites: writes,
      tupleWritesPerPartySecond: writes === null ? null : writes / o.parties / wallSeconds,
      commitsPerSecond: timer.commit.length / wallSeconds,
      rekicks,
      errors: errorCounts,
      peakRssMb: peakRss / 2 ** 20,
    };
  } finally {
    clearInterval(sampler);
    await destroy();
  }
}

export interface ConcurrencyRun {
  runs: ConcurrencyResult[];
  skipped: string[];
  errors: string[];
}

function concurrencyRows({ runs, skipped, errors: failures = [] }: ConcurrencyRun): Row[] {
  const rows: Row[] = [];
  for (const c of runs) {
    const tag = `${c.parties} parties, ${c.database === "pglite" ? "PGlite (memory)" : "PostgreSQL"}`;
    const errors = Object.values(c.errors).reduce((a, b) => a + b, 0);
    const errorText = Object.entries(c.errors)
      .map(([e, k]) => `${k}× ${e}`)
      .join("; ");
    const notCompleted = c.failed.length ? `not completed: ${c.failed.slice(0, 3).join("; ")}${c.failed.length > 3 ? ` … (${c.failed.length})` : ""}` : "";
    rows.push(
      {
        id: `4-${c.database}`,
        measure: `Concurrency, ${tag}: completed`,
        value: `${c.completed}/${c.parties} in ${fmt.ms(c.wallSeconds * 1000)}${errors ? `, ${errors} runner errors` : ""}${c.rekicks ? `, ${c.rekicks} re-runs` : ""}`,
        goal: "all, no error",
        verdict: c.completed === c.parties && errors === 0 ? "pass" : "miss",
        measured: c.completed,
        note: [errorText, notCompleted].filter(Boolean).join(" — ").slice(0, 600),
      },
      { id: "", measure: "  step latency (beginStep / commit) p50 / p95", value: `${fmt.ms(c.stepMs.p50)} / ${fmt.ms(c.stepMs.p95)}`, goal: "", verdict: "info", measured: c.stepMs.p95 },
      {
        id: "",
        measure: "  rows per party per second (instant model)",
        value: `${c.rowsPerPartySecond.toFixed(1)} (${c.rowsPerParty.toFixed(0)} rows/party${c.tupleWritesPerPartySecond !== null ? `; ${c.tupleWritesPerPartySecond.toFixed(1)} tuple writes/party/s` : ""})`,
        goal: "≤ 60",
        verdict: judge(c.rowsPerPartySecond, 60),
        measured: c.rowsPerPartySecond,
      },
      { id: "", measure: "  peak RSS", value: `${c.peakRssMb.toFixed(0)} MB`, goal: "", verdict: "info", measured: c.peakRssMb },
    );
  }
  for (const s of skipped) rows.push({ id: "4", measure: "Concurrency", value: s, goal: "", verdict: "skipped" });
  for (const s of failures) rows.push({ id: "4", measure: "Concurrency", value: s.slice(0, 200), goal: "", verdict: "error" });
  return rows;
}

export const concurrencyRow = defineRow<ConcurrencyRun>({
  id: "4",
  title: (o) => `${o.parties ?? (o.quick ? 5 : 100)} parties at once on one runner, instant model${o.pglite ? ", PGlite" : ""}${o.pgUrl ? ", PostgreSQL" : ""}`,
  deadlineMs: (o) => (o.quick ? 4 : 45) * 60_000,
  async run(o) {
    const parties = o.parties ?? (o.quick ? 5 : 100);
    const targets: Target[] = o.pglite ? [{ kind: "pglite" }] : [];
    const skipped: string[] = o.pglite ? [] : ["pglite: --pglite=none"];
    if (o.pgUrl) {
      if (await reachable(o.pgUrl)) targets.push({ kind: "postgres", serverUrl: o.pgUrl });
      else skipped.push(`postgres: ${o.pgUrl.replace(/\/\/[^@/]*@/, "//")} not reachable`);
    } else skipped.push("postgres: --pg=none");
    const runs: ConcurrencyResult[] = [];
    const errors: string[] = [];
    for (const target of targets) {
      o.log(`4: ${parties} parties at once on one runner, instant model, ${target.kind}`);
      try {
        runs.push(await benchConcurrency({ parties, target, log: o.log }));
      } catch (e) {
        errors.push(`${target.kind}: ${(e as Error).message}`);
      }
    }
    return { runs, skipped, errors };
  },
  table: concurrencyRows,
});
