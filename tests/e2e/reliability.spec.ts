// Nothing is lost: the production server killed inside an on-demand critique and
// inside a revision, provider faults, SSE viewers dropping and resuming, a graceful
// shutdown, and (on a real PostgreSQL) a takeover between two instances. The crash
// test's 40 SIGKILLs at random points are crash.spec.ts. Each test prints its figures.
import { expect, test } from "@playwright/test";
import pg from "pg";
import { answerPending, checkLog, Client, ServerProcess, sleep, type LogEvent } from "../support/server";
import { drive, FAST, newParty, ServerBlock } from "../support/reliability";
import { portOf } from "../support/ports";

const PG_URL = process.env.CI_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const servers = new ServerBlock(portOf("reliability"));
const server = (env: Record<string, string> = {}) => servers.server(env);
const serverWithParty = (env: Record<string, string> = {}) => servers.serverWithParty(env);

const failuresOf = (log: LogEvent[]) =>
  log.filter((e) => e.type === "agent-failure").map((e) => `${e.data.agent}:${e.data.kind}:${e.data.attempt}${e.data.final ? ":final" : ""}`);

test("provider faults: throw, hang, invalid tool input and a broken stream each end in retry or degradation, never a stuck party", async () => {
  test.setTimeout(300_000);
  // One fault of each kind, on four different agents, in one party on the production server,
  // at the fast pace: a fault comes per call at any pace, and the hang is cut by
  // MODEL_TIMEOUT_MS, not by how fast the text streams.
  const { s, c, id } = await serverWithParty({ ...FAST, OFFLINE_MODEL_FAULTS: "throw:oscar:1,stream-error:nadia:1,hang:felix:1,invalid-args:zara:2,throw:tessa", MODEL_TIMEOUT_MS: "3000" });
  expect(await drive(c, id, undefined, 240_000, s)).toBe("completed");
  const log = await c.readLog(id);
  await s.signal("SIGTERM");
  const failures = failuresOf(log);
  const retries = log.filter((e) => e.type === "message-end" && e.data.label === "RETRY").map((e) => e.data.recipient);
  const degradations = log.filter((e) => e.type === "note" && e.data.kind === "degradation").map((e) => e.data.text);
  console.log(`provider faults: ${log.length} events, failures ${JSON.stringify(failures)}, retries to ${JSON.stringify(retries)}, ${degradations.length} degradation note(s)`);
  // throw and a broken stream: one failure, the retry recovers.
  expect(failures).toContain("oscar:error:1");
  expect(failures).toContain("nadia:error:1");
  // A hang is cut off by MODEL_TIMEOUT_MS and retried.
  expect(failures).toContain("felix:timeout:1");
  // Invalid tool input is fed back inside the turn: no failure at all.
  expect(failures.filter((f) => f.startsWith("zara:"))).toEqual([]);
  // An agent that keeps failing is dropped with the degradation note; the phase goes on.
  expect(failures).toContain("tessa:error:2:final");
  expect(degradations.some((t) => String(t).startsWith("NOTE: Tessa"))).toBe(true);
  expect(retries).toEqual(expect.arrayContaining(["oscar", "nadia", "felix", "tessa"]));
  expect(checkLog(log)).toMatchObject({ gapFree: true, duplicateMessageIds: 0 });
});

test("provider faults: when every agent of a phase fails, the menu's retry relaunches the team and its fallback finishes the party", async () => {
  test.setTimeout(300_000);
  // Every Vision Council agent fails each call (fault counters are per run, so a retry
  // fails again): menu → [1] retry → menu again → [2] classic mode, which completes.
  // At the fast pace: nothing here depends on how fast the text streams.
  const { s, c, id } = await serverWithParty({ ...FAST, OFFLINE_MODEL_FAULTS: "throw:nadia,throw:oscar,throw:tessa" });
  const menuAnswers = ["1", "2"];
  const deadline = Date.now() + 240_000;
  let status = "";
  while (!["completed", "failed", "cancelled"].includes(status)) {
    expect(Date.now(), `party still ${status}`).toBeLessThan(deadline);
    const { body } = await c.json<{ status: string; pendingInput: { id: string; kind: string } | null }>(`/api/parties/${id}`);
    status = body.status;
    if (status === "awaiting_input" && body.pendingInput?.kind === "phase_failure") {
      const selection = menuAnswers.shift();
      expect(selection, "more failure menus than expected").toBeDefined();
      await c.json(`/api/parties/${id}/input`, { method: "POST", body: JSON.stringify({ requestId: body.pendingInput.id, selection }) });
    } else status = await answerPending(c, id);
    await sleep(100);
  }
  const log = await c.readLog(id);
  await s.signal("SIGTERM");
  const menus = log.filter((e) => e.type === "input-request" && e.data.kind === "phase_failure");
  const phaseEnds = log.filter((e) => e.type === "phase-end").map((e) => `${e.data.phase}:${e.data.status}`);
  const resolved = log.filter((e) => e.type === "mode-resolved").map((e) => `${e.data.mode} via ${e.data.via}`);
  console.log(`phase-failure menu: ${failuresOf(log).length} agent failures, ${menus.length} menus, phase ends ${JSON.stringify(phaseEnds)}, ${JSON.stringify(resolved)}, status ${status}`);
  expect(menus).toHaveLength(2);
  expect(String(menus[0].data.body)).toContain("[1] Retry phase");
  expect(phaseEnds.slice(0, 2)).toEqual(["1:failed", "1:failed"]);
  expect(resolved).toEqual(["party via flag", "classic via fallback"]);
  expect(status).toBe("completed");
  expect(checkLog(log)).toMatchObject({ gapFree: true, duplicateMessageIds: 0 });
});

test("a second server on the same embedded database refuses to start and names the holder", async () => {
  const a = server();
  await a.start();
  // Same DATA_DIR, another port: PGlite takes no lock of its own.
  const b = new ServerProcess({ port: servers.nextPort++, env: { ...a.opts.env } });
  const err = await b.start().then(
    () => null,
    (e: Error) => e.message,
  );
  await a.signal("SIGTERM");
  console.log(`second server: ${err?.split("\n").find((l) => l.includes("in use")) ?? "started"}`);
  expect(err).toMatch(/server on :\d+ exited with 1/);
  expect(err).toMatch(/the embedded database in .*pglite is in use by another process \(pid \d+/);
  // The first server's database is intact: it starts again and serves.
  await a.start();
  const c = new Client(a);
  await c.session();
  expect((await c.json("/api/parties")).status).toBe(200);
  await a.signal("SIGTERM");
});

test("reconnect test: viewers drop at random seqs and resume with Last-Event-ID", async () => {
  test.setTimeout(300_000);
  // At the fast pace: the viewers drop after a count of events, not after a time, and
  // reconnect within milliseconds, so they resume on the live tail at any pace.
  const { s, c, id } = await serverWithParty(FAST);
  let seed = 99;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  let drops = 0;
  const viewer = async () => {
    const got: LogEvent[] = [];
    for (;;) {
      const part = await c.readLog(id, got.at(-1)?.seq ?? 0, { stopAfter: 1 + Math.floor(rand() * 40) });
      got.push(...part);
      if (got.at(-1)?.type === "party-end") return got;
      drops++;
    }
  };
  const [, ...views] = await Promise.all([drive(c, id), viewer(), viewer(), viewer()]);
  const log = await c.readLog(id);
  await s.signal("SIGTERM");
  console.log(`reconnect test: 3 viewers, ${drops} drops, ${log.length} events each compared`);
  expect(drops).toBeGreaterThan(10);
  for (const v of views) expect(v).toEqual(log);
});

test("graceful shutdown: SIGTERM ends streams with a retry hint, exits 0, and the party carries on after restart", async () => {
  test.setTimeout(300_000);
  const { s, c, id } = await serverWithParty();
  await drive(c, id, async () => {
    await sleep(100);
  }, 5_000).catch(() => "running");
  const r = await c.req(`/api/parties/${id}/events`);
  const text = r.text();
  await sleep(300);
  const started = Date.now();
  const code = await s.signal("SIGTERM");
  const stopMs = Date.now() - started;
  const body = await text;
  console.log(`graceful shutdown: exit ${code} in ${stopMs} ms, stream ended with ${JSON.stringify(body.trim().split("\n").at(-1))}`);
  expect(code).toBe(0);
  expect(body.trim().endsWith("retry: 1000")).toBe(true);
  // The pace mattered until the SIGTERM (a stream open mid-party); that the party carries
  // on after the restart does not depend on it, so the rest runs at the fast pace.
  Object.assign(s.opts.env, FAST);
  await s.start();
  expect(await drive(c, id)).toBe("completed");
  const log = await c.readLog(id);
  expect(checkLog(log)).toMatchObject({ gapFree: true, duplicateMessageIds: 0 });
  await s.signal("SIGTERM");
});

/** A party run to completion on a fast model, then the server restarted on a slow one, so a kill lands inside the next job. */
async function completedThenSlow(s: ServerProcess, c: Client) {
  await s.start();
  await c.session();
  const id = await newParty(c);
  expect(await drive(c, id, undefined, 240_000, s)).toBe("completed");
  const head = await c.readLog(id);
  await s.signal("SIGTERM");
  Object.assign(s.opts.env, { OFFLINE_MODEL_TPS: "60", OFFLINE_MODEL_FIRST_TOKEN_MS: "200" });
  await s.start();
  return { id, head, endSeq: head.at(-1)!.seq };
}

/** Kills the server inside the job, restarts it on the fast model, and reads the log after `after` up to the job's `resultType` event. */
async function killMidJobAndResume(s: ServerProcess, c: Client, id: string, after: number, resultType: string): Promise<LogEvent[]> {
  await sleep(800);
  await s.signal("SIGKILL");
  Object.assign(s.opts.env, FAST);
  await s.start();
  return Promise.race([
    c.readLog(id, after, { until: (e) => e.type === resultType }),
    sleep(90_000).then(() => Promise.reject(new Error(`no ${resultType} 90 s after the restart`))),
  ]);
}

test("an on-demand critique cut by SIGKILL is finished by the restarted server, once", async () => {
  test.setTimeout(300_000);
  const s = server(FAST);
  const c = new Client(s);
  try {
    // A slow model for the round, so that the kill lands inside it.
    const { id, head, endSeq } = await completedThenSlow(s, c);
    const perspectives = ["security", "operations", "product", "architecture", "data", "testing"];
    const { status, body } = await c.json<{ roundId: string }>(`/api/parties/${id}/critique`, { method: "POST", body: JSON.stringify({ artifactPath: "docs/project-brief.md", perspectives }) });
    expect(status).toBe(202);
    const started = await c.readLog(id, endSeq, { until: (e) => e.type === "message-start" });
    const rest = await killMidJobAndResume(s, c, id, endSeq, "critique-result");
    const log = [...head, ...rest];
    const round = rest.filter((e) => e.data.roundId === body.roundId);
    console.log(
      `critique resume: killed at seq ${started.at(-1)!.seq} (${started.length} events into the round), ${rest.length} events after party-end, ${rest.filter((e) => e.type === "message-discard").length} interrupted messages re-streamed`,
    );
    expect(round.map((e) => e.type)).toEqual(["critique-start", "critique-result"]);
    expect((round[1].data.ratings as unknown[]).length).toBe(perspectives.length);
    expect(checkLog(log)).toMatchObject({ gapFree: true, duplicateMessageIds: 0 });
    const { body: summary } = await c.json<{ status: string }>(`/api/parties/${id}`);
    expect(summary.status).toBe("completed");
  } finally {
    await s.signal("SIGKILL");
  }
});

test("a revision cut by SIGKILL is finished by the restarted server, once", async () => {
  test.setTimeout(300_000);
  const s = server(FAST);
  const c = new Client(s);
  const dataModel = "docs/architecture/data-model.md";
  try {
    // A slow model for the revision, so that the kill lands inside its turn.
    const { id, head, endSeq } = await completedThenSlow(s, c);
    const v1 = await (await c.req(`/api/parties/${id}/artifacts/${dataModel}`)).text();
    const { status, body } = await c.json<{ revisionId: string; baseVersion: number }>(`/api/parties/${id}/revisions`, { method: "POST", body: JSON.stringify({ artifactPath: dataModel, feedback: "Add an index on every foreign key, and say how long deleted accounts are kept." }) });
    expect(status).toBe(202);
    expect(body.baseVersion).toBe(1);
    // The 202 may come before the job's first event is stored: a finished party with nothing new answers 204.
    let started: LogEvent[] = [];
    for (let i = 0; i < 50 && !started.length; i++) started = await c.readLog(id, endSeq, { until: (e) => e.type === "message-delta" }).then(async (l) => (l.length ? l : (await sleep(100), l)));
    const rest = await killMidJobAndResume(s, c, id, endSeq, "revision-result");
    const log = [...head, ...rest];
    console.log(
      `revision resume: killed at seq ${started.at(-1)!.seq} (${started.length} events into the revision), ${rest.length} events after party-end, ${rest.filter((e) => e.type === "message-discard").length} interrupted messages re-streamed`,
    );
    expect(rest.filter((e) => e.type === "revision-start").map((e) => e.data.revisionId)).toEqual([body.revisionId]);
    const results = rest.filter((e) => e.type === "revision-result");
    expect(results.map((e) => e.data)).toEqual([expect.objectContaining({ revisionId: body.revisionId, status: "completed", version: 2 })]);
    expect(rest.filter((e) => e.type === "artifact-write" && e.data.path === dataModel)).toHaveLength(1);
    expect(rest.filter((e) => e.type === "message-end" && e.data.label === "ARTIFACT REVISED")).toHaveLength(1);
    expect(checkLog(log)).toMatchObject({ gapFree: true, duplicateMessageIds: 0 });
    const v2 = await (await c.req(`/api/parties/${id}/artifacts/${dataModel}?version=2`)).text();
    expect(await (await c.req(`/api/parties/${id}/artifacts/${dataModel}?version=1`)).text()).toBe(v1);
    expect(v2).not.toBe(v1);
    const { body: summary } = await c.json<{ status: string; activeJob: string | null }>(`/api/parties/${id}`);
    expect(summary).toMatchObject({ status: "completed", activeJob: null });
  } finally {
    await s.signal("SIGKILL");
  }
});

// @alone: its takeover is timed against the lease (playwright.config.ts).
test("two instances on PostgreSQL: a killed runner is taken over, a paused one is fenced off", { tag: "@alone" }, async () => {
  test.setTimeout(600_000);
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    test.skip(true, `no PostgreSQL at ${PG_URL}`);
  }
  const dbName = `ip_e2e_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  const slow = { OFFLINE_MODEL_TPS: "300", OFFLINE_MODEL_FIRST_TOKEN_MS: "100" };
  const x = server({ DATABASE_URL: url.toString(), INSTANCE_ID: "x", ...slow });
  const y = server({ DATABASE_URL: url.toString(), INSTANCE_ID: "y", ...slow });
  try {
    await x.start();
    await y.start();
    const cx = new Client(x);
    await cx.session();
    const cy = new Client(y);
    cy.cookie = cx.cookie; // same guest on both instances
    const id = await newParty(cx);
    const q = new pg.Client({ connectionString: url.toString() });
    await q.connect();
    // Run until phase 1 is streaming on x, then kill x; a viewer on y keeps receiving.
    await sleep(1500);
    await answerPending(cx, id);
    await sleep(1500);
    const viewer = cy.readLog(id);
    const before = Number((await q.query("SELECT last_seq FROM parties WHERE id = $1", [id])).rows[0].last_seq);
    const killedAt = Date.now();
    await x.signal("SIGKILL");
    let takeoverMs = -1;
    for (let i = 0; i < 200 && takeoverMs < 0; i++) {
      const row = (await q.query("SELECT owner, expires_at > now() AS live FROM runner_leases WHERE party_id = $1", [id])).rows[0];
      if (row?.owner === "y" && row.live) takeoverMs = Date.now() - killedAt;
      else {
        await answerPending(cy, id);
        await sleep(100);
      }
    }
    await q.end();
    console.log(`two instances: y took over ${takeoverMs} ms after x was killed (lease 3000 ms)`);
    expect(takeoverMs).toBeGreaterThanOrEqual(0);
    expect(takeoverMs).toBeLessThan(3000 + 2500);

    // Now pause y past its lease: x (restarted) takes over; y's writes after SIGCONT are refused.
    await x.start();
    await answerPending(cy, id);
    await y.signal("SIGSTOP");
    await sleep(6000);
    await y.signal("SIGCONT");
    expect(await drive(cx, id)).toBe("completed");
    const seen = await viewer.catch(() => [] as LogEvent[]);
    const log = await cx.readLog(id);
    const check = checkLog(log);
    console.log(`two instances: ${log.length} events, the viewer on y saw ${seen.length} (${seen.filter((e) => e.seq > before).length} after the kill at seq ${before}), ${check.messages} messages`);
    expect(check).toMatchObject({ gapFree: true, duplicateMessageIds: 0 });
    expect(seen).toEqual(log);
  } finally {
    await x.signal("SIGKILL");
    await y.signal("SIGCONT").catch(() => null);
    await y.signal("SIGKILL");
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
});
