// Row "reload" — reload to visible: a finished party of about 500 events on a production
// server (`next start`, its own PGlite data directory), its page requested as its owner
// would reload it, timed until the server-rendered HTML contains the names of everyone on
// the team who spoke (the page renders the party from a snapshot folded on the server).
// The route's code is loaded first by a request that gets no snapshot; then the first
// request folds the whole log and the later ones come from the snapshot cache.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { timeToVisible, type VisibleTiming } from "../../tests/support/page-visible";
import { Client, driveUntil, ServerProcess } from "../../tests/support/server";
import { benchPort } from "./ports";
import { fmt, judge, type Row } from "./report";
import { defineRow, type BenchOptions } from "./row";
import { percentile } from "./stats";

const PORT = benchPort("reload");
const GOAL_MS = 1500;
const DESCRIPTION =
  "A booking app for climbing gyms: members book time slots, staff manage capacity and route setting. EU members pay by card; staff work on tablets at the front desk.";

const settings = (quick: boolean) => (quick ? { tps: "2000", reloads: 5, partyMs: 150_000 } : { tps: "400", reloads: 20, partyMs: 420_000 });

export type ReloadResult = { skipped: string } | { events: number; names: string[]; first: VisibleTiming; warm: VisibleTiming[] };

export async function benchReload(o: BenchOptions): Promise<ReloadResult> {
  if (!existsSync(path.join(o.nextDir, "BUILD_ID"))) return { skipped: "skipped: run npm run build first" };
  const s = settings(o.quick);
  const dataDir = mkdtempSync(path.join(tmpdir(), "ip-bench-reload-"));
  const server = new ServerProcess({ port: PORT, env: { DATA_DIR: dataDir, OFFLINE_MODEL_TPS: s.tps, OFFLINE_MODEL_FIRST_TOKEN_MS: "20" } });
  try {
    await server.start();
    const c = new Client(server);
    await c.session();
    const created = await c.json<{ id: string }>("/api/parties", { method: "POST", body: JSON.stringify({ title: "Reload bench", description: DESCRIPTION, mode: "party" }) });
    if (created.status !== 201 && created.status !== 200) throw new Error(`creating the party answered ${created.status}: ${JSON.stringify(created.body)}`);
    const id = created.body.id;
    o.log(`reload: party ${id} running at ${s.tps} tokens/s`);
    await driveUntil(c, id, (p) => p.status === "completed", s.partyMs);
    const log = await c.readLog(id);
    // Display names of the agents that spoke: what a person looks for on the reloaded page.
    const spoke = new Set(log.filter((e) => e.type === "message-end").map((e) => String(e.data.sender)));
    const names = [...new Set(log.filter((e) => e.type === "agent-spawn" && spoke.has(String(e.data.agent))).map((e) => String(e.data.name)))];
    if (!names.length) throw new Error("the party's log has no agent that spoke");
    o.log(`reload: ${log.length} events, team ${names.join(", ")}`);
    const url = `${server.url}/parties/${id}`;
    // Load the page's code once (a stranger gets no snapshot): "first" is then this party's first fold, not the route's cold start.
    await fetch(`${server.url}/parties/not-a-party`, { signal: AbortSignal.timeout(30_000) }).then((r) => r.text());
    const first = await timeToVisible(url, c.cookie, names);
    const warm: VisibleTiming[] = [];
    for (let i = 0; i < s.reloads; i++) warm.push(await timeToVisible(url, c.cookie, names));
    return { events: log.length, names, first, warm };
  } finally {
    await server.signal("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function rows(r: ReloadResult): Row[] {
  const measure = "Reload to visible: a finished party's page, request → HTML with its team's names";
  if ("skipped" in r) return [{ id: "reload", measure, value: r.skipped, goal: "", verdict: "skipped" }];
  const all = [r.first, ...r.warm];
  const missing = all.find((t) => t.visibleMs === null);
  if (missing) return [{ id: "reload", measure, value: `the HTML never showed ${missing.missing.join(", ")}`, goal: `≤ ${GOAL_MS} ms`, verdict: "miss", measured: null }];
  const warm = r.warm.map((t) => t.visibleMs!);
  const worst = Math.max(r.first.visibleMs!, ...warm);
  return [
    {
      id: "reload",
      measure: `${measure} (${r.events} events; first request, then ${warm.length} reloads p50 / max)`,
      value: `${fmt.ms(r.first.visibleMs!)}; ${fmt.ms(percentile(warm, 50))} / ${fmt.ms(Math.max(...warm))}`,
      goal: `≤ ${GOAL_MS} ms`,
      verdict: judge(worst, GOAL_MS),
      measured: worst,
    },
    {
      id: "",
      measure: "  first byte p50; whole page p50; HTML size",
      value: `${fmt.ms(percentile(all.map((t) => t.firstByteMs), 50))}; ${fmt.ms(percentile(all.map((t) => t.totalMs), 50))}; ${(r.first.bytes / 1024).toFixed(0)} KiB`,
      goal: "",
      verdict: "info",
    },
  ];
}

export const reloadRow = defineRow<ReloadResult>({
  id: "reload",
  title: (o) => `reload to visible: a finished party's server-rendered page (${settings(o.quick).tps} tokens/s party)`,
  deadlineMs: (o) => (o.quick ? 3 : 9) * 60_000,
  run: benchReload,
  table: rows,
});
