import { describe, expect, it } from "vitest";
import type { IncomingEvent, PartyEvent, StoredEvent } from "@/lib/wire/events";
import { applyEvents, initialView } from "../view/reducer";
import { replayStep, START, type ReplayCursor } from "./replay";

const meta = { messageId: "m", phase: 1, type: "message" as const, sender: "nadia", recipient: null, label: "QUESTIONS" };
const log: StoredEvent[] = (
  [
    { type: "phase-start", data: { phase: 1, name: "Vision Council", agents: ["nadia"] } },
    { type: "message-start", data: meta },
    { type: "message-delta", data: { messageId: "m", offset: 0, text: "Hello there, " } },
    { type: "message-delta", data: { messageId: "m", offset: 13, text: "how are you?" } },
    { type: "message-end", data: { ...meta, content: "QUESTIONS:\nHello there, how are you?", summary: "" } },
    { type: "party-end", data: { status: "completed" } },
  ] as PartyEvent[]
).map((e, i) => ({ ...e, seq: i + 1, at: "2026-11-22T10:00:00Z" }) as StoredEvent);

function runAll(step: number): { emitted: IncomingEvent[]; steps: number } {
  let cursor: ReplayCursor = START;
  const emitted: IncomingEvent[] = [];
  let steps = 0;
  for (;;) {
    const r = replayStep(log, cursor, step, 100);
    emitted.push(...r.emit);
    cursor = r.cursor;
    steps++;
    if (r.done || steps > 10_000) break;
  }
  return { emitted, steps };
}

describe("replayStep", () => {
  it("plays every event exactly once and rebuilds the same final view", () => {
    const { emitted } = runAll(40);
    const replayed = applyEvents(initialView(), emitted);
    const direct = applyEvents(initialView(), log);
    expect(replayed.messages).toEqual(direct.messages);
    expect(replayed.status).toBe("completed");
    expect(emitted.filter((e) => e.type === "phase-start")).toHaveLength(1);
    expect(emitted.filter((e) => e.type === "message-end")).toHaveLength(1);
  });

  it("types text in small pieces at the given speed", () => {
    // At 100 chars/s, 40 ms buys 4 characters.
    let cursor: ReplayCursor = { index: 2, within: 0, waited: 0, shown: false };
    const r = replayStep(log, cursor, 40, 100);
    expect(r.emit).toEqual([{ type: "message-delta", data: { messageId: "m", offset: 0, text: "Hell" } }]);
    cursor = r.cursor;
    const r2 = replayStep(log, cursor, 40, 100);
    expect(r2.emit[0].data).toEqual({ messageId: "m", offset: 4, text: "o th" });
  });

  it("lingers on a phase start before moving on", () => {
    const first = replayStep(log, START, 100, 100);
    expect(first.emit.map((e) => e.type)).toEqual(["phase-start"]);
    expect(first.cursor.index).toBe(0);
    const later = replayStep(log, first.cursor, 900, 100);
    expect(later.emit.map((e) => e.type)).toContain("message-start");
  });

  it("takes many more steps at a slow speed than a fast one", () => {
    expect(runAll(20).steps).toBeGreaterThan(runAll(400).steps);
  });
});
