// Row 6 — capacity: how many live parties one instance holds at the realistic pace (the
// offline model at 500 ms to the first token and 150 tokens/s; every question answered at
// once). The count steps up; at each step every slot keeps one party live (a finished
// party is replaced by a new one), one SSE viewer per party watches over real HTTP from
// a child process, and after a warm-up the step is measured for a window:
//
//   write latency  every beginStep/commit the runner makes (what a step waits on)
//   live delta     a token's emission on the bus → its frame arriving at the viewer
//
// The instance holds a count while write p95 ≤ 500 ms and live-delta p95 ≤ 250 ms. Each
// step also reports commits/s, rows/s, this process's CPU (the viewers' is not in it) and
// peak RSS. Stepping stops after the first step over either limit.
import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { defaultPersonaConfig } from "../../lib/agents/persona-config";
import { createModelRegistry } from "../../lib/ai/model-registry";
import type { Database } from "../../lib/db/client";
import { insertParty, pendingInput, readEvents, recordAnswer } from "../../lib/db/parties";
import { PrismaPartyStore } from "../../lib/db/party-store";
import { EventBus, type Delta } from "../../lib/events/bus";
import { partyEventStream } from "../../lib/events/sse";
import type { PartyStore } from "../../lib/party/store";
import { PartyRunner } from "../../lib/server/party-runner";
import { openTarget, type Target } from "./concurrency";
import { answerFor, DESCRIPTION } from "./drive";
import { fmt } from "./report";
import { EACH_FRAME_JS } from "./sse-frames-js";
import { summarize, type Summary } from "./stats";

export const LIMITS = { writeP95Ms: 500, liveP95Ms: 250 } as const;
export const PACE = { firstTokenMs: 500, tokensPerSecond: 150 } as const;

/** The start of a live delta frame (a stored message-delta starts with its id). */
const LIVE_FRAME = Buffer.from('event: message-delta\ndata: {"type"');

const wallNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The viewers, in plain JS (a process started from a string needs no TypeScript loader):
// one SSE request per party it is told to watch; each live delta frame's arrival time is
// kept per party, in order, and sent back on request.
const VIEWERS = String.raw`
const http = require("node:http");
const now = () => performance.timeOrigin + performance.now();
const { port } = JSON.parse(process.env.BENCH_CAPACITY);
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const arrivals = new Map();
let errors = 0;
${EACH_FRAME_JS}
process.on("message", (m) => {
  if (m.kind === "watch") {
    const got = [];
    arrivals.set(m.partyId, got);
    const req = http.get({ host: "127.0.0.1", port, path: "/events/" + m.partyId, agent }, (res) => {
      process.send({ kind: "watching", partyId: m.partyId });
      eachFrame(res, (frame, at) => {
        if (frame.startsWith("event: message-delta\n")) got.push(at);
      });
      res.on("error", () => errors++);
    });
    req.on("error", () => errors++);
  } else if (m.kind === "report") {
    const out = {};
    for (const [id, list] of arrivals) out[id] = Float64Array.from(list);
    const u = process.cpuUsage();
    process.send({ kind: "report", arrivals: out, errors, cpuMs: (u.user + u.system) / 1000 });
  }
});
`;

/** The bus of this instance, noting when each live delta of a watched party is emitted. */
class TimedBus extends EventBus {
  readonly emitted = new Map<string, number[]>();
  override delta(partyId: string, d: Delta): void {
    this.emitted.get(partyId)?.push(wallNow());
    super.delta(partyId, d);
  }
}

interface Timed {
  at: number;
  ms: number;
}

/** Times every write the runner makes, with when it started. */
function timedStore(inner: PartyStore, writes: Timed[], events: { n: number }): PartyStore {
  const time = async <T>(fn: () => Promise<T>): Promise<T> => {
    const at = wallNow();
    try {
      return await fn();
    } finally {
      writes.push({ at, ms: wallNow() - at });
    }
  };
  return {
    getParty: (id) => inner.getParty(id),
    getCheckpoint: (id, k) => inner.getCheckpoint(id, k),
    listCheckpoints: (id) => inner.listCheckpoints(id),
    getInputAnswer: (id, r) => inner.getInputAnswer(id, r),
    getRemarks: (id) => inner.getRemarks(id),
    getArtifact: (id, p) => inner.getArtifact(id, p),
    beginStep: (id, e, k) => time(() => inner.beginStep(id, e, k)),
    commit: (id, e, c) =>
      time(async () => {
        const stored = await inner.commit(id, e, c);
        events.n += stored.length;
        return stored;
      }),
  };
}

export interface CapacityStep {
  parties: number;
  /** Seconds measured (after the warm-up). */
  seconds: number;
  writeMs: Summary;
  liveMs: Summary;
  /** The server's share of liveMs: emission → frame handed to the socket (the rest is the kernel and the viewers' process). */
  serverMs: Summary;
  /** This process's event loop: how late timers ran (p99, max), ms. */
  loopDelayMs: { p99: number; max: number };
  commitsPerSecond: number;
  /** Events appended + checkpoint writes per second. */
  rowsPerSecond: number;
  /** Inserts + updates + deletes per second by the server's table statistics, where it keeps them. */
  tupleWritesPerSecond: number | null;
  /** This process (runner, database client or PGlite, SSE server): cores used. */
  cores: number;
  peakRssMb: number;
  completedParties: number;
  /** Within both limits. */
  held: boolean;
}

export interface CapacityResult {
  database: "pglite" | "postgres";
  pace: typeof PACE;
  limits: typeof LIMITS;
  steps: CapacityStep[];
  /** The largest count that held (0: not even the first). */
  capacity: number;
  failedParties: string[];
  errors: Record<string, number>;
  viewerErrors: number;
  /** Finished parties whose viewer saw a different number of live deltas than were emitted (should be 0). */
  misaligned: number;
}

async function tupleWrites(db: Database): Promise<number | null> {
  try {
    await db.sql.query("SELECT pg_stat_force_next_flush()").catch(() => undefined); // not on every server: then a second's delay
    const { rows } = await db.sql.query(`SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::bigint AS n FROM pg_stat_user_tables`);
    const n = Number((rows[0] as { n: string | number }).n);
    return n > 0 ? n : null;
  } catch {
    return null;
  }
}

export async function benchCapacity(o: { target: Target; steps: number[]; warmupS: number; windowS: number; log: (m: string) => void }): Promise<CapacityResult> {
  const { db, destroy } = await openTarget(o.target);
  const bus = new TimedBus();
  const writes: Timed[] = [];
  const events = { n: 0 };
  const store = new PrismaPartyStore(db, (p, e) => bus.publish(p, e));
  const errors: Record<string, number> = {};
  const runner = new PartyRunner({
    db,
    store: timedStore(store, writes, events),
    bus,
    personas: defaultPersonaConfig(),
    models: () => createModelRegistry({ defaultModel: "offline", offline: { seed: 7, ...PACE } }),
    owner: "bench-capacity",
    leaseMs: 15_000,
    timeoutMs: 120_000,
    log: (m) => {
      const first = m.split("\n")[0].replace(/^party \S+/, "party …");
      errors[first] = (errors[first] ?? 0) + 1;
    },
  });

  const handed = new Map<string, number[]>();
  const caughtUp = new Map<string, () => void>();
  const server = http.createServer((req, res) => {
    const partyId = decodeURIComponent((req.url ?? "").replace(/^\/events\//, ""));
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache, no-transform" });
    const reader = partyEventStream({ partyId, afterSeq: 0, bus, readEvents: (p, after) => readEvents(db, p, after) }).getReader();
    req.on("close", () => void reader.cancel().catch((e: unknown) => o.log(`viewer stream cancel failed: ${(e as Error).message}`)));
    const written = (handed.get(partyId) ?? handed.set(partyId, []).get(partyId))!;
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        res.write(value);
        // The server's share of the delay: when each live delta frame was handed to the socket.
        const at = wallNow();
        const buf = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
        // The stream forwards live deltas once it has read the log: the party may start.
        if (buf.includes("event: party-start\n")) setImmediate(() => caughtUp.get(partyId)?.());
        for (let i = buf.indexOf(LIVE_FRAME); i >= 0; i = buf.indexOf(LIVE_FRAME, i + 1)) written.push(at);
      }
      res.end();
    })().catch((e: unknown) => o.log(`viewer stream failed: ${(e as Error).message}`));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const viewers = spawn(process.execPath, ["-e", VIEWERS], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    serialization: "advanced",
    env: { ...process.env, BENCH_CAPACITY: JSON.stringify({ port: (server.address() as AddressInfo).port }) },
  });
  const watching = new Map<string, () => void>();
  let report: ((r: { arrivals: Record<string, Float64Array>; errors: number }) => void) | null = null;
  viewers.on("message", (m: { kind: string; partyId?: string; arrivals?: Record<string, Float64Array>; errors?: number }) => {
    if (m.kind === "watching") watching.get(m.partyId!)?.();
    if (m.kind === "report") report?.(m as never);
  });
  const viewerReport = () =>
    new Promise<{ arrivals: Record<string, Float64Array>; errors: number }>((resolve) => {
      report = resolve;
      viewers.send({ kind: "report" });
    });

  let stopping = false;
  let serial = 0;
  const completedAt: number[] = [];
  const completedIds: string[] = [];
  const failedParties: string[] = [];
  const slots: Promise<void>[] = [];

  /** One live party after another, until the bench stops. */
  const slot = async (delayMs: number) => {
    await sleep(delayMs);
    while (!stopping) {
      const id = `cap-${++serial}`;
      await insertParty(db, { id, ownerId: "bench", title: "Climbing gyms", description: DESCRIPTION, mode: "party", flags: [], modelSettings: {}, watchToken: `w-${id}` });
      bus.emitted.set(id, []);
      // Emission and arrival are matched by order, so no delta may be emitted before the
      // viewer's stream forwards them.
      await Promise.all([
        new Promise<void>((resolve) => {
          watching.set(id, resolve);
          viewers.send({ kind: "watch", partyId: id });
        }),
        new Promise<void>((resolve) => caughtUp.set(id, resolve)),
      ]);
      watching.delete(id);
      caughtUp.delete(id);
      while (!stopping) {
        await runner.kick(id);
        const req = await pendingInput(db, id);
        if (req) {
          bus.publish(id, await recordAnswer(db, id, req.requestId, answerFor(req)));
          continue;
        }
        const p = await db.prisma.party.findUnique({ where: { id }, select: { status: true, error: true } });
        if (p?.status === "completed") {
          completedAt.push(wallNow());
          completedIds.push(id);
          break;
        }
        if (p && ["failed", "cancelled"].includes(p.status)) {
          failedParties.push(`${id}: ${p.status}${p.error ? ` (${p.error.slice(0, 120)})` : ""}`);
          break;
        }
        await sleep(250);
      }
    }
  };

  const steps: CapacityStep[] = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  try {
    for (const target of o.steps) {
      // New slots start spread over the warm-up, so the parties are not all in one phase.
      const adding = target - slots.length;
      for (let i = 0; i < adding; i++) slots.push(slot((i * o.warmupS * 1000) / Math.max(1, adding)));
      await sleep(o.warmupS * 1000);
      peakRss = process.memoryUsage().rss;
      const from = wallNow();
      loopDelay.reset();
      const cpu0 = process.cpuUsage();
      const tuples0 = await tupleWrites(db);
      const events0 = events.n;
      await sleep(o.windowS * 1000);
      const to = wallNow();
      const cpu = process.cpuUsage(cpu0);
      const tuples1 = await tupleWrites(db);
      const seconds = (to - from) / 1000;
      const inWindow = writes.filter((w) => w.at >= from && w.at < to);
      const { arrivals } = await viewerReport();
      const live: number[] = [];
      const server: number[] = [];
      for (const [id, emitted] of bus.emitted) {
        const got = arrivals[id] ?? new Float64Array();
        const out = handed.get(id) ?? [];
        for (let i = 0; i < emitted.length; i++) {
          if (emitted[i] < from || emitted[i] >= to) continue;
          if (i < got.length) live.push(got[i] - emitted[i]);
          if (i < out.length) server.push(out[i] - emitted[i]);
        }
      }
      const loop = loopDelay.percentile(99) / 1e6;
      const loopMax = loopDelay.max / 1e6;
      const step: CapacityStep = {
        parties: target,
        seconds,
        writeMs: summarize(inWindow.map((w) => w.ms)),
        liveMs: summarize(live),
        serverMs: summarize(server),
        loopDelayMs: { p99: loop, max: loopMax },
        commitsPerSecond: inWindow.length / seconds,
        rowsPerSecond: (events.n - events0 + inWindow.length) / seconds,
        tupleWritesPerSecond: tuples0 !== null && tuples1 !== null ? (tuples1 - tuples0) / seconds : null,
        cores: (cpu.user + cpu.system) / 1e6 / seconds,
        peakRssMb: peakRss / 2 ** 20,
        completedParties: completedAt.filter((t) => t >= from && t < to).length,
        held: false,
      };
      step.held = step.writeMs.p95 <= LIMITS.writeP95Ms && step.liveMs.p95 <= LIMITS.liveP95Ms;
      steps.push(step);
      o.log(
        `  ${o.target.kind} ${target} parties: write p95 ${fmt.ms(step.writeMs.p95)}, live p95 ${fmt.ms(step.liveMs.p95)} (server ${fmt.ms(step.serverMs.p95)}, loop delay p99 ${fmt.ms(step.loopDelayMs.p99)}), ${step.commitsPerSecond.toFixed(0)} commits/s, ${step.cores.toFixed(2)} cores, ${step.peakRssMb.toFixed(0)} MB${step.held ? "" : " — over the limit"}`,
      );
      if (!step.held) break;
    }
  } finally {
    stopping = true;
    clearInterval(sampler);
    loopDelay.disable();
    await runner.stop();
    await Promise.allSettled(slots);
  }
  const { errors: viewerErrors } = await viewerReport();
  viewers.kill();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await destroy();
  // A finished party's viewer got every delta it emitted, or the order matching is off.
  const misaligned = completedIds.filter((id) => bus.emitted.get(id)?.length !== handed.get(id)?.length).length;
  // Stepping stops at the first step over a limit: the capacity is the step before it.
  const firstMiss = steps.findIndex((s) => !s.held);
  const capacity = (firstMiss === -1 ? steps.at(-1)?.parties : steps[firstMiss - 1]?.parties) ?? 0;
  return { database: o.target.kind, pace: PACE, limits: LIMITS, steps, capacity, failedParties, errors, viewerErrors, misaligned };
}
