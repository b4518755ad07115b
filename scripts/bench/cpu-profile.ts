// Reads a V8 .cpuprofile (node --cpu-prof) and sums self and total time per function,
// so a missed goal can name where the time went.
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface FunctionTime {
  name: string;
  /** Percent of all samples in the function itself. */
  self: number;
  /** Percent of samples with the function anywhere on the stack. */
  total: number;
}

const shortUrl = (url: string) => url.replace(/^file:\/\//, "").replace(/^.*\/node_modules\//, "~/").replace(/^.*\/work\/main\//, "");

export function label(n: ProfileNode): string {
  const f = n.callFrame;
  return `${f.functionName || "(anonymous)"} ${shortUrl(f.url)}${f.url ? `:${f.lineNumber + 1}` : ""}`;
}

/** Per function, share of samples (self and inclusive), largest self first. */
export function functionTimes(p: CpuProfile, filter: (name: string) => boolean = () => true): FunctionTime[] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const hits = new Map<number, number>();
  for (const s of p.samples ?? []) hits.set(s, (hits.get(s) ?? 0) + 1);
  let all = 0;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const [id, h] of hits) {
    const n = byId.get(id)!;
    all += h;
    const name = label(n);
    self.set(name, (self.get(name) ?? 0) + h);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const nm = label(byId.get(cur)!);
      if (seen.has(nm)) continue;
      seen.add(nm);
      total.set(nm, (total.get(nm) ?? 0) + h);
    }
  }
  return [...total.keys()]
    .filter(filter)
    .map((name) => ({ name, self: (100 * (self.get(name) ?? 0)) / all, total: (100 * total.get(name)!) / all }))
    .sort((a, b) => b.self - a.self);
}

export function readProfile(file: string): CpuProfile {
  return JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
}
