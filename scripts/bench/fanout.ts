// Row 3 — fan-out: N viewers on one party over real HTTP (node:http in this process,
// serving partyEventStream as the route handler does). Three agents stream at once at
// the offline model's pace through real MessageWriters, whose batches are committed to
// an in-memory log and published on the bus like PrismaPartyStore does. Each token's
// text carries its emission time; the viewers, in a child process so their parsing does
// not share the server's event loop (and this process's CPU time is the server's alone),
// note when it arrives: live (the delta frame) and logged (the batched message-delta
// event that a reconnecting viewer would replay).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { spawn } from "node:child_process";
import { performance as perf } from "node:perf_hooks";
import { EventBus } from "../../lib/events/bus";
import { partyEventStream, type PartyStreamOptions } from "../../lib/events/sse";
import type { PartyEvent } from "../../lib/wire/events";
import { MemoryPartyStore } from "../../lib/party/testing/memory-store";
import { PartyRuntime } from "../../lib/party/runtime";
import { hookedStore } from "../../lib/party/store";
import { summarize, type Summary } from "./stats";
import { DEFAULT_FLUSH_MS } from "../../lib/party/runtime";
import { fmt, judge, type Row } from "./report";
import { EACH_FRAME_JS } from "./sse-frames-js";
import { defineRow } from "./row";

const now = () => performance.timeOrigin + performance.now();

// Plain JS: a process started from a string needs no TypeScript loader.
const CLIENT = String.raw`
const http = require("node:http");
const now = () => performance.timeOrigin + performance.now();
const { port, viewers, path } = JSON.parse(process.env.BENCH_FANOUT);
const live = [];
const logged = [];
let connected = 0, errors = 0, ended = 0, frames = 0;
const reqs = [];
${EACH_FRAME_JS}
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
for (let i = 0; i < viewers; i++) {
  const req = http.get({ host: "127.0.0.1", port, path, agent, headers: { accept: "text/event-stream" } }, (res) => {
    connected++;
    if (connected === viewers) process.send({ kind: "connected" });
    eachFrame(res, (frame, at) => {
      frames++;
      const isLive = frame.startsWith("event: message-delta");
      const isLogged = !isLive && frame.includes("\nevent: message-delta\n");
      if (!isLive && !isLogged) return;
      const out = isLive ? live : logged;
      const re = /@(\d+\.\d+)~/g;
      let m;
      while ((m = re.exec(frame))) out.push(at - Number(m[1]));
    });
    res.on("end", () => ended++);
    res.on("error", () => errors++);
  });
  req.on("error", () => errors++);
  reqs.push(req);
}
process.on("message", (m) => {
  if (m !== "stop") return;
  for (const r of reqs) r.destroy();
  const l = Float64Array.from(live), g = Float64Array.from(logged);
  const u = process.cpuUsage();
  // Exit once the figures are written: they are megabytes, and exiting on a timer (it was
  // 100 ms) cut them short on a busy machine, leaving the row waiting until its deadline.
  process.send({ kind: "result", live: l, logged: g, connected, errors, frames, cpuMs: (u.user + u.system) / 1000 }, () => process.exit(0));
});
`;

export interface FanoutResult {
  viewers: number;
  connected: number;
  errors: number;
  tokens: number;
  seconds: number;
  /** Emission → receipt of each live delta frame, ms, over every viewer. */
  liveMs: Summary;
  /** Emission → receipt in a stored message-delta batch, ms. */
  loggedMs: Summary;
  framesPerViewer: number;
  /** Emission → handed to the socket, first viewer's live deltas (the server's share), ms. */
  serverWriteMs: Summary;
  /** Event-loop utilisation of the server while streaming. */
  serverElu: number;
  /** Server CPU time while streaming, per frame handed to a viewer (µs), and in cores. */
  serverCpuUsPerFrame: number;
  serverCores: number;
}

export async function benchFanout(o: {
  viewers: number;
  seconds: number;
  agents?: number;
  tokensPerSecond?: number;
  /** The SSE stream per viewer; partyEventStream unless trying out an alternative. */
  stream?: (o: PartyStreamOptions) => ReadableStream<Uint8Array>;
  /** A line per stage: a row that stops short shows where. */
  log?: (m: string) => void;
}): Promise<FanoutResult> {
  const log = o.log ?? (() => {});
  const makeStream = o.stream ?? partyEventStream;
  const agents = o.agents ?? 3;
  const tps = o.tokensPerSecond ?? 150;
  const partyId = "bench-fanout";
  const bus = new EventBus();
  const mem = new MemoryPartyStore();
  mem.addParty({ id: partyId, title: "t", description: "d", mode: "party", flags: [], status: "in_progress", modelSettings: {} });
  const store = hookedStore(mem, { afterCommit: (id, _events, stored) => bus.publish(id, stored) });
  const readEvents = async (p: string, after: number) => (mem.events.get(p) ?? []).filter((e) => e.seq > after).slice(0, 1000);

  // Server side of the delay: when each frame for the first viewer is handed to the socket.
  const written: number[] = [];
  let writes = 0;
  let first = true;
  const dec = new TextDecoder();
  const server = http.createServer((req, res) => {
    const sample = first;
    first = false;
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache, no-transform", connection: "keep-alive" });
    const reader = makeStream({ partyId, afterSeq: 0, bus, readEvents }).getReader();
    req.on("close", () => void reader.cancel().catch(() => {}));
    // What Next does with a Response body: read the stream, write each chunk.
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          res.write(value);
          writes++;
          if (sample && value.length < 200) {
            const m = /^event: message-delta\ndata: .*@(\d+\.\d+)~/.exec(dec.decode(value));
            if (m) written.push(now() - Number(m[1]));
          }
        }
      } catch {
        // client went away
      }
      res.end();
    })();
  });
  server.maxConnections = o.viewers + 10;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;

  const client = spawn(process.execPath, ["-e", CLIENT], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    serialization: "advanced",
    env: { ...process.env, BENCH_FANOUT: JSON.stringify({ port, viewers: o.viewers, path: `/parties/${partyId}/events` }) },
  });
  type ViewerResult = { live: Float64Array; logged: Float64Array; connected: number; errors: number; frames: number; cpuMs: number };
  // Every message the viewers send, and a failure if their process ends first: the row
  // fails at once, rather than waiting for figures that can no longer come. "disconnect"
  // (not "exit"): the channel closes after its last message has been read.
  let got: ((m: { kind: string }) => void) | undefined;
  const viewersGone = new Promise<never>((_, reject) => {
    client.once("error", reject);
    client.once("disconnect", () => reject(new Error(`the viewers' process ended (${client.exitCode ?? client.signalCode ?? "channel closed"}) before sending its figures`)));
  });
  viewersGone.catch(() => {});
  client.on("message", (m: { kind: string }) => got?.(m));
  const message = <T>(kind: string) =>
    Promise.race([
      new Promise<T>((resolve) => {
        got = (m) => {
          if (m.kind === kind) resolve(m as T);
        };
      }),
      viewersGone,
    ]);
  const connected = message<void>("connected");
  // A viewer whose connection failed never counts as connected: fail with how many did
  // (seen on a busy machine), rather than wait for the row's deadline.
  const connectBy = Date.now() + 60_000;
  let waited: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    connected,
    new Promise((_, reject) => (waited = setTimeout(() => reject(new Error(`only ${bus.viewers(partyId)} of ${o.viewers} viewers connected within 60 s`)), 60_000))),
  ]).finally(() => clearTimeout(waited));
  while (bus.viewers(partyId) < o.viewers) {
    if (Date.now() > connectBy) throw new Error(`only ${bus.viewers(partyId)} of ${o.viewers} viewers subscribed within 60 s`);
    await new Promise((r) => setTimeout(r, 10));
  }
  log(`3: ${o.viewers} viewers connected`);
  await new Promise((r) => setTimeout(r, 200));

  // The offline model's pacing: a tick at most every 25 ms releases every token due.
  const rt = new PartyRuntime(partyId, 1, { store, live: bus });
  let tokens = 0;
  const t0 = performance.now();
  const elu0 = perf.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  const writes0 = writes;
  await Promise.all(
    Array.from({ length: agents }, async (_, a) => {
      const meta = { messageId: `m${a}`, phase: 1, type: "message" as const, sender: `agent${a}`, recipient: null, label: "bench" };
      const w = rt.messageWriter(meta, 1);
      const start = performance.now();
      let i = 0;
      while (performance.now() - start < o.seconds * 1000) {
        await new Promise((r) => setTimeout(r, 25));
        const due = Math.floor(((performance.now() - start) * tps) / 1000);
        for (; i < due; i++) {
          w.delta(`@${now().toFixed(3)}~ `);
          tokens++;
        }
      }
      await w.close();
      await rt.append([{ type: "message-end", data: { ...meta, content: "", summary: "" } } as PartyEvent]);
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const serverElu = perf.eventLoopUtilization(elu0).utilization;
  const cpu = process.cpuUsage(cpu0);
  const serverCpuMs = (cpu.user + cpu.system) / 1000;
  const framesDuring = writes - writes0;
  await new Promise((r) => setTimeout(r, 500));

  log(`3: ${tokens} tokens streamed; collecting the viewers' figures`);
  const figures = message<ViewerResult>("result");
  client.send("stop");
  const result = await figures;
  client.kill();
  bus.closeAll();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  return {
    viewers: o.viewers,
    connected: result.connected,
    errors: result.errors,
    tokens,
    seconds,
    liveMs: summarize(result.live),
    loggedMs: summarize(result.logged),
    framesPerViewer: result.frames / Math.max(1, result.connected),
    serverWriteMs: summarize(written),
    serverElu,
    serverCpuUsPerFrame: (serverCpuMs * 1000) / Math.max(1, framesDuring),
    serverCores: serverCpuMs / 1000 / seconds,
  };
}

function fanoutRows(f: FanoutResult): Row[] {
  const ok = f.connected === f.viewers && f.errors === 0;
  return [
    {
      id: "3",
      measure: `Fan-out, ${f.viewers} SSE viewers: live delta emission → receipt p50 / p95 / p99`,
      value: `${fmt.ms(f.liveMs.p50)} / ${fmt.ms(f.liveMs.p95)} / ${fmt.ms(f.liveMs.p99)}`,
      goal: `p95 ≤ ${DEFAULT_FLUSH_MS + 50} ms (flush + 50)`,
      verdict: ok ? judge(f.liveMs.p95, DEFAULT_FLUSH_MS + 50) : "error",
      measured: f.liveMs.p95,
      note: ok ? `${f.tokens} tokens in ${f.seconds.toFixed(1)} s to each viewer` : `${f.connected}/${f.viewers} connected, ${f.errors} errors`,
    },
    {
      id: "3b",
      measure: "  same token in its stored message-delta batch (what a replay sees) p50 / p95",
      value: `${fmt.ms(f.loggedMs.p50)} / ${fmt.ms(f.loggedMs.p95)}`,
      goal: "",
      verdict: "info",
      measured: f.loggedMs.p95,
    },
    {
      id: "3c",
      measure: "  server CPU per write to a viewer (a write carries one event-loop turn of frames); CPU used while streaming",
      value: `${fmt.us(f.serverCpuUsPerFrame)}; ${f.serverCores.toFixed(2)} core (event loop busy ${(f.serverElu * 100).toFixed(0)}%)`,
      goal: "",
      verdict: "info",
      measured: f.serverCpuUsPerFrame,
    },
  ];
}

const settings = (o: { quick: boolean; viewers?: number }) => ({ viewers: o.viewers ?? 200, seconds: o.quick ? 2 : 5 });

export const fanoutRow = defineRow<FanoutResult>({
  id: "3",
  title: (o) => `${settings(o).viewers} SSE viewers over HTTP, 3 agents at 150 tok/s for ${settings(o).seconds} s`,
  deadlineMs: (o) => (o.quick ? 2 : 5) * 60_000,
  run: (o) => benchFanout({ ...settings(o), log: o.log }),
  table: fanoutRows,
});
