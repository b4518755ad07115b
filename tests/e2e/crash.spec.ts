// Nothing is lost when the production server is SIGKILLed at 40 random points of a
// party: it completes exactly as an uninterrupted run of the same seed. Its own file
// (the other reliability tests are reliability.spec.ts) so that its restarts run
// beside other specs. It prints its figures.
import { expect, test } from "@playwright/test";
import { answerPending, checkLog, fingerprint, sleep } from "../support/server";
import { drive, FAST, ServerBlock } from "../support/reliability";
import { portOf } from "../support/ports";

const servers = new ServerBlock(portOf("crash"));
// The killed run streams at 1200 tokens/s (CRASH_TPS), twice PACE: the kills follow the log
// as it is written, so the pace only sets how long the party streams between restarts
// (about 50 s of the run at 600), and a message still takes a dozen or more of the
// stream's 25 ms ticks, so kills land mid-stream as before. Its lease is short, so that a
// restarted server takes the party back as soon as it is up (a live lease of its own is
// waited out).
const KILLED_RUN: Record<string, string> = { LEASE_MS: "1500", OFFLINE_MODEL_TPS: process.env.CRASH_TPS ?? "1200" };

test("crash test: SIGKILL at 20+ random points, every party completes exactly as an uninterrupted run", async () => {
  // About 5 minutes on two quiet cores; a restart is 3-4 times slower at load 10.
  test.setTimeout(1_500_000);
  // The reference: same seed, no interruption, at the fast pace (the same seed writes the
  // same words at any pace). Its log spreads the kill points.
  const refStarted = Date.now();
  const { s: ref, c: rc, id: refId } = await servers.serverWithParty(FAST);
  expect(await drive(rc, refId, undefined, 400_000, ref)).toBe("completed");
  const refRunS = Math.round((Date.now() - refStarted) / 1000);
  const refLog = await rc.readLog(refId);
  await ref.signal("SIGTERM");

  // Kill points are measured in durable progress, not in seq: a restart re-streams the
  // message it interrupted, so the log grows without the party advancing, and seq-based
  // points bunch up into kills that land before anything new is done. Progress is the
  // tokens of completed model calls (usage events), which a restart never repeats.
  const progressAt: number[] = [];
  let spent = 0;
  for (const e of refLog) {
    if (e.type === "usage") spent += Number(e.data.inputTokens) + Number(e.data.outputTokens);
    progressAt[e.seq] = spent;
  }
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  // 40 points at random positions of the reference log, before its last model call ends
  // (a few are passed by when the party finishes first); each kill lands 1-6 events after its point's progress is reached (after the restart,
  // for points inside one long call), so mid-stream as often as between steps.
  const lastCallEnd = refLog.findLast((e) => e.type === "usage")!.seq;
  const points = Array.from({ length: 40 }, () => 5 + Math.floor(rand() * (lastCallEnd - 5)))
    .sort((a, b) => a - b)
    .map((seq) => ({ progress: progressAt[seq], offset: 1 + Math.floor(rand() * 6) }));
  // The killed run follows its log as it is written (the stream, not polls) and kills at
  // the event it chose, so each restart advances the party by a few events only: all 40
  // points are reached at any pace and any load (polling, a busy machine's slow answers
  // let the party run past several points per restart: 10 kills of 40 at load 9).
  const { s, c, id } = await servers.serverWithParty(KILLED_RUN);
  const killedRunStarted = Date.now();
  const deadline = killedRunStarted + 1_200_000;
  // A restart: until the server answers, and until the party's next event (the lease).
  const restartMs: number[] = [];
  const resumeMs: number[] = [];
  const phases: Record<string, number> = {};
  let kills = 0;
  let progress = 0;
  let lastKillProgress = 0;
  let phase: number | null = null;
  let seen = 0;
  let killAtSeq: number | null = null;
  let killedAt: number | null = null;
  let status = "";
  for (;;) {
    expect(Date.now(), `the killed run is at seq ${seen} after ${kills} kills (restarts ${restartMs.join(", ")} ms)`).toBeLessThan(deadline);
    let kill = false;
    let stalled: ReturnType<typeof setTimeout> | undefined;
    const read = c.readLog(id, seen, {
      until: (e) => {
        seen = e.seq;
        if (killedAt !== null) {
          resumeMs.push(Date.now() - killedAt);
          killedAt = null;
        }
        if (e.type === "usage") progress += Number(e.data.inputTokens) + Number(e.data.outputTokens);
        if (e.type === "phase-start") phase = Number(e.data.phase);
        // Waiting for the person counts too: an answer must carry the party on after a crash.
        if (e.type === "input-request") return true;
        const next = points[0];
        if (!next || progress < next.progress) return false;
        killAtSeq ??= e.seq + next.offset;
        kill = e.seq >= killAtSeq;
        return kill;
      },
    });
    // A party that writes nothing for 90 s while followed is stuck: fail at once, saying where.
    const stuck = new Promise<never>((_, reject) => {
      stalled = setTimeout(() => reject(new Error(`the killed run wrote nothing for 90 s after seq ${seen} (${kills} kills); the server's output ends:\n${s.output.split("\n").slice(-30).join("\n")}`)), 90_000);
    });
    const events = await Promise.race([read, stuck]).finally(() => clearTimeout(stalled));
    if (kill) {
      points.shift();
      killAtSeq = null;
      phases[String(phase)] = (phases[String(phase)] ?? 0) + 1;
      await s.signal("SIGKILL");
      kills++;
      lastKillProgress = progress;
      killedAt = Date.now();
      await s.start();
      restartMs.push(Date.now() - killedAt);
      continue;
    }
    // An input request, the party's end, or a stream that ended: answer what waits.
    status = await answerPending(c, id);
    if (["completed", "failed", "cancelled"].includes(status)) break;
    if (!events.length) await sleep(100);
  }
  const killedRunS = Math.round((Date.now() - killedRunStarted) / 1000);
  const log = await c.readLog(id);
  await s.signal("SIGTERM");
  const check = checkLog(log);
  const discarded = log.filter((e) => e.type === "message-discard").length;
  const p50 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)] ?? 0;
  console.log(
    `crash test: ${kills} SIGKILLs (by phase ${JSON.stringify(phases)}) in ${killedRunS} s (restarts p50 ${p50(restartMs)} ms, the party's next event p50 ${p50(resumeMs)} ms after the kill, ` +
      `last kill at ${Math.round((100 * lastKillProgress) / spent)}% of the party's tokens; reference run ${refRunS} s), ${log.length} events checked (reference ${refLog.length}), ${discarded} interrupted messages re-streamed, ${check.messages} messages, status ${status}`,
  );
  expect(status).toBe("completed");
  expect(kills).toBeGreaterThanOrEqual(20);
  expect(Object.keys(phases).length).toBeGreaterThanOrEqual(3);
  expect(check.gapFree).toBe(true);
  expect(check.duplicateMessageIds).toBe(0);
  const a = fingerprint(log);
  const b = fingerprint(refLog);
  expect(a.artifacts).toEqual(b.artifacts);
  expect(a.messages).toEqual(b.messages);
});
