import { describe, expect, it } from "vitest";
import { criticalPath, type CallInterval } from "./critical-path";

// A hand-made party: phase 1 is a round of three parallel turns (discuss → summarize →
// serialize each), then a second round that starts after all three; phase 2 is one agent.
const call = (phase: string, group: string, start: number, end: number): CallInterval => ({ phase, group, start, end });

const graph: CallInterval[] = [
  // round 1: a (3+1+1=5), b (2+1+1=4), c (4+2+1=7) — c is the longest turn
  call("1", "a1", 0, 3), call("1", "a1", 3, 4), call("1", "a1", 4, 5),
  call("1", "b1", 0, 2), call("1", "b1", 2, 3), call("1", "b1", 3, 4),
  call("1", "c1", 0, 4), call("1", "c1", 4, 6), call("1", "c1", 6, 7),
  // round 2 starts at 7.5 (after every round-1 turn): a 2, b 3
  call("1", "a2", 7.5, 9.5),
  call("1", "b2", 7.5, 10.5),
  // phase 2: one agent, two sequential turns
  call("2", "x1", 20, 21), call("2", "x1", 21, 23),
  call("2", "x2", 23.5, 24.5),
];

describe("criticalPath", () => {
  it("sums the longest dependent chain of each phase", () => {
    const cp = criticalPath(graph);
    const p1 = cp.phases.find((p) => p.phase === "1")!;
    expect(p1.bound).toBe(7 + 3); // turn c1 then b2
    expect(p1.chain).toEqual([6, 7, 8, 10]);
    const p2 = cp.phases.find((p) => p.phase === "2")!;
    expect(p2.bound).toBe(4);
    expect(cp.bound).toBe(14);
  });

  it("gives the sequential baseline as the sum of all durations", () => {
    const cp = criticalPath(graph);
    expect(cp.sequential).toBe(5 + 4 + 7 + 2 + 3 + 4);
    expect(cp.phases.map((p) => p.calls)).toEqual([11, 3]);
  });

  it("does not chain calls of parallel turns that merely interleave", () => {
    // b's discuss (0-2) ends before a's summarize (3-4) starts, but they are in parallel turns.
    const cp = criticalPath(graph.slice(0, 6));
    expect(cp.bound).toBe(5); // turn a alone, not b.discuss + a.summarize + a.serialize = 4
    // Without turns, the simplest rule would chain them: b discuss (2) → a summarize (1) → a serialize (1)
    const plain = criticalPath(graph.slice(0, 6).map(({ phase, start, end }) => ({ phase, start, end })));
    expect(plain.bound).toBe(5); // a1 discuss→summarize→serialize is still the longest here
    const tricky = criticalPath([
      { phase: "1", start: 0, end: 5 }, // long discuss of b
      { phase: "1", start: 0, end: 1 }, // short discuss of a
      { phase: "1", start: 6, end: 9 }, // a's summarize, delayed
    ]);
    expect(tricky.bound).toBe(8); // the simplest rule chains b's 5 with a's 3
    const grouped = criticalPath([
      { phase: "1", group: "b", start: 0, end: 5 },
      { phase: "1", group: "a", start: 0, end: 1 },
      { phase: "1", group: "a", start: 6, end: 9 },
    ]);
    expect(grouped.bound).toBe(5); // max(b 5, a 1+3 = 4)
  });

  it("treats phases as independent and a lone call as its own chain", () => {
    expect(criticalPath([{ phase: "p", start: 1, end: 4 }]).bound).toBe(3);
    expect(criticalPath([]).bound).toBe(0);
    expect(() => criticalPath([{ phase: "p", start: 2, end: 1 }])).toThrow(RangeError);
  });
});
