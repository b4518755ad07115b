// The reducer against real logs: whole parties played by the orchestrator in memory with
// the offline model (lib/party/testing), reduced the way the dashboard reduces them.
import { describe, expect, it } from "vitest";
import type { IncomingEvent, StoredEvent } from "@/lib/wire/events";
import { driveParty, finalArtifacts, ofType } from "@/lib/party/testing/drive-party";
import { applyEvents, initialView } from "./reducer";
import { critiquesOf, usageTotal } from "./selectors";
import type { PartyView } from "./types";
import { replayStep, START } from "../log/replay";

const DESCRIPTION = "A booking app for climbing gyms: members book time slots, staff manage capacity and route setting. EU members, card payments.";

function reduce(events: readonly IncomingEvent[]): PartyView {
  return applyEvents(initialView(), events);
}

/**
 * What a browser sees live: each stored delta batch is preceded by the same text as
 * token-sized live deltas (no seq), some of which arrive twice and out of order.
 */
function withLiveDeltas(events: readonly StoredEvent[]): IncomingEvent[] {
  const out: IncomingEvent[] = [];
  for (const e of events) {
    if (e.type === "message-delta") {
      const pieces: IncomingEvent[] = [];
      for (let i = 0; i < e.data.text.length; i += 7) {
        pieces.push({ type: "message-delta", data: { messageId: e.data.messageId, offset: e.data.offset + i, text: e.data.text.slice(i, i + 7) } });
      }
      if (pieces.length > 2) [pieces[1], pieces[2]] = [pieces[2], pieces[1]];
      out.push(...pieces, ...pieces.slice(0, 2));
    }
    out.push(e);
  }
  return out;
}

describe("PartyView on a real party log", () => {
  it("a whole party run ends with every phase done, every message whole and the artifacts of the log", async () => {
    const r = await driveParty({ description: DESCRIPTION, mode: "party" });
    expect(r.outcome.status).toBe("completed");
    const v = reduce(r.events);

    expect(v.status).toBe("completed");
    expect(v.mode).toBe("party");
    expect(v.phases.map((p) => p.status)).toEqual(["completed", "completed", "completed", "completed", "completed"]);
    const ends = ofType(r.events, "message-end");
    const messages = Object.values(v.messages);
    expect(messages.filter((m) => m.status === "done")).toHaveLength(new Set(ends.map((e) => e.data.messageId)).size);
    expect(messages.some((m) => m.status === "streaming")).toBe(false);
    for (const e of ends) expect(v.messages[e.data.messageId].text).toBe(e.data.content);
    expect(v.pendingInput).toBeNull();
    expect(Object.values(v.inputs).every((i) => i.answered)).toBe(true);

    const expected = finalArtifacts(r.events);
    expect(v.artifactOrder.sort()).toEqual([...expected.keys()].sort());
    for (const [path, content] of expected) expect(v.artifacts[path].content).toBe(content);

    // Every blueprint artifact carries its automatic critique round, with its record.
    const critiques = ofType(r.events, "critique-result");
    expect(critiques.length).toBeGreaterThan(0);
    for (const c of critiques) {
      expect(critiquesOf(v, c.data.artifactPath).map((x) => x.roundId)).toContain(c.data.roundId);
      expect(v.artifacts[c.data.recordPath]).toBeDefined();
    }
    expect(critiquesOf(v, "docs/architecture/architecture-overview.md")[0]?.ratings.length).toBeGreaterThan(0);

    const usage = ofType(r.events, "usage").reduce((n, e) => n + e.data.inputTokens + e.data.outputTokens, 0);
    const total = usageTotal(v);
    expect(total.inputTokens + total.outputTokens).toBe(usage);
    for (const p of v.phases.filter((p) => p.maxMessages > 0)) {
      const end = ofType(r.events, "phase-end").filter((e) => e.data.phase === p.number).at(-1)!;
      expect(p.messages).toBe(end.data.messages);
      expect(p.messages).toBeLessThanOrEqual(p.maxMessages);
    }
    expect(v.nextSteps.at(-1)?.text).toContain("SUGGESTED NEXT STEPS:");
    expect(Object.values(v.agents).every((a) => a.status === "shutdown" || a.status === "failed")).toBe(true);
  }, 120_000);

  it("live deltas (duplicated, out of order) on top of the stored batches change nothing", async () => {
    const r = await driveParty({ description: DESCRIPTION, mode: "party" });
    const plain = reduce(r.events);
    const live = reduce(withLiveDeltas(r.events));
    expect(live.messages).toEqual(plain.messages);
    // Mid-stream too: stop right after a delta batch and compare the streaming text.
    const cut = r.events.findIndex((e, i) => e.type === "message-delta" && r.events[i + 1]?.type === "message-delta");
    expect(cut).toBeGreaterThan(0);
    const head = r.events.slice(0, cut + 2);
    expect(reduce(withLiveDeltas(head)).messages).toEqual(reduce(head).messages);
    // A reconnect replays from the start: nothing doubles.
    expect(applyEvents(plain, r.events)).toBe(plain);
  }, 120_000);

  it("a replay played to the end shows what the live view shows", async () => {
    const r = await driveParty({ description: DESCRIPTION, mode: "party" });
    let cursor = START;
    let view = initialView();
    for (let steps = 0; steps < 1_000_000; steps++) {
      const s = replayStep(r.events, cursor, 1_000);
      view = applyEvents(view, s.emit);
      cursor = s.cursor;
      if (s.done) break;
    }
    const direct = reduce(r.events);
    expect(view.messages).toEqual(direct.messages);
    expect(view.artifacts).toEqual(direct.artifacts);
    expect(view.phases).toEqual(direct.phases);
    expect(view.status).toBe("completed");
  }, 120_000);

  it("a total phase failure and the fallback: classic phases, party artifacts gone, classic ones written", async () => {
    const r = await driveParty({
      description: DESCRIPTION,
      mode: "party",
      faults: "throw:liam,throw:zara,throw:felix",
      answer: (req) => (req.kind === "phase_failure" ? { selection: "2" } : undefined),
    });
    expect(r.outcome.status).toBe("completed");
    const v = reduce(r.events);
    expect(v.mode).toBe("classic");
    expect(v.modeVia).toBe("fallback");
    expect(v.phases).toHaveLength(8);
    expect(v.phases.every((p) => p.status === "completed")).toBe(true);
    expect(v.abandonedPhases.map((p) => p.status).slice(0, 2)).toEqual(["completed", "failed"]);
    expect(Object.values(v.notes).some((n) => n.text.includes("Switching to classic mode"))).toBe(true);
    expect(Object.values(v.agents).filter((a) => ["liam", "zara", "felix"].includes(a.agent)).every((a) => a.status === "failed")).toBe(true);
    expect(v.artifactOrder).toContain("docs/requirements/prd.md");
    expect(v.artifactOrder.sort()).toEqual([...finalArtifacts(r.events).keys()].sort());
  }, 120_000);
});
