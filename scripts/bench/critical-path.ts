// The critical-path lower bound of a party's model calls.
//
// Within a phase, a call depends on every call that ended before it started, with one
// refinement: calls are grouped into turns (one agent turn = discuss → summarize →
// serialize on one model lookup). Calls of one turn depend on each other in order;
// a call of another turn counts as a predecessor only if that whole turn had ended
// before this call's turn began. Without the refinement, a parallel round whose turns
// happen to interleave (agent A's discuss ends before agent B's summarize starts)
// would chain calls that the protocol lets run side by side, and overstate the bound.
// Phases run one after another, so the bound is the sum of the per-phase longest paths.

export interface CallInterval {
  phase: string;
  /** The turn the call belongs to; calls without one are each their own turn. */
  group?: string;
  start: number;
  end: number;
}

export interface PhasePath {
  phase: string;
  /** Sum of the durations along the longest dependent chain. */
  bound: number;
  /** Indices (into the input) of that chain, in order. */
  chain: number[];
  calls: number;
  /** Sum of every call's duration in the phase (one model voicing every persona). */
  sequential: number;
}

export interface CriticalPath {
  bound: number;
  sequential: number;
  phases: PhasePath[];
}

export function criticalPath(calls: readonly CallInterval[]): CriticalPath {
  for (const c of calls) {
    if (!(c.end >= c.start)) throw new RangeError(`a call ends before it starts (${c.start} → ${c.end})`);
  }
  const groupOf = (i: number) => calls[i].group ?? `#${i}`;
  // Span of each turn.
  const span = new Map<string, { start: number; end: number }>();
  calls.forEach((c, i) => {
    const g = `${c.phase}\0${groupOf(i)}`;
    const s = span.get(g);
    if (!s) span.set(g, { start: c.start, end: c.end });
    else {
      s.start = Math.min(s.start, c.start);
      s.end = Math.max(s.end, c.end);
    }
  });
  const turn = (i: number) => span.get(`${calls[i].phase}\0${groupOf(i)}`)!;

  const byPhase = new Map<string, number[]>();
  calls.forEach((c, i) => {
    const list = byPhase.get(c.phase) ?? [];
    list.push(i);
    byPhase.set(c.phase, list);
  });

  const phases: PhasePath[] = [];
  for (const [phase, idx] of byPhase) {
    const order = [...idx].sort((a, b) => calls[a].start - calls[b].start || calls[a].end - calls[b].end);
    const longest = new Map<number, number>();
    const prev = new Map<number, number>();
    for (const c of order) {
      let best = 0;
      let from = -1;
      for (const d of order) {
        if (d === c || calls[d].end > calls[c].start) continue;
        const sameTurn = groupOf(d) === groupOf(c);
        if (!sameTurn && turn(d).end > turn(c).start) continue;
        const l = longest.get(d);
        if (l !== undefined && l > best) {
          best = l;
          from = d;
        }
      }
      longest.set(c, best + (calls[c].end - calls[c].start));
      prev.set(c, from);
    }
    let last = order[0];
    for (const c of order) if (longest.get(c)! > longest.get(last)!) last = c;
    const chain: number[] = [];
    for (let c = last; c !== -1; c = prev.get(c)!) chain.unshift(c);
    const sequential = idx.reduce((s, i) => s + (calls[i].end - calls[i].start), 0);
    phases.push({ phase, bound: longest.get(last)!, chain, calls: idx.length, sequential });
  }
  return {
    bound: phases.reduce((s, p) => s + p.bound, 0),
    sequential: phases.reduce((s, p) => s + p.sequential, 0),
    phases,
  };
}
