// The machine a run came from, printed with every table: figures from a busy shared box
// and from a quiet one are not comparable.
import os from "node:os";

export interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  node: string;
  platform: string;
  /** 1-minute load average at the start and the end of the run. */
  load: { start: number; end: number | null };
  /** Load above half the cores at either end: other work shared the CPU. */
  busy: boolean;
}

export function machine(): Machine {
  const cpus = os.cpus();
  const load = os.loadavg()[0];
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    ramGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    load: { start: Math.round(load * 100) / 100, end: null },
    busy: load > cpus.length / 2,
  };
}

export function finish(m: Machine): Machine {
  const end = Math.round(os.loadavg()[0] * 100) / 100;
  return { ...m, load: { ...m.load, end }, busy: m.busy || end > m.cores / 2 };
}

export function describeMachine(m: Machine): string {
  const load = `load ${m.load.start}${m.load.end === null ? "" : ` → ${m.load.end}`}`;
  return `${m.cpu}, ${m.cores} cores, ${m.ramGb} GB RAM, Node ${m.node}, ${m.platform}; ${load}${m.busy ? " (shared, busy machine: other work was running)" : ""}`;
}
