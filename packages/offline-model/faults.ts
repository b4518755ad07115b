// Fault injection for tests (OFFLINE_MODEL_FAULTS): make chosen agents throw, hang,
// send invalid tool input, break their stream, or write hostile markdown, so the
// engine's retry, timeout, validation and rendering paths can be exercised.

export type FaultKind = "throw" | "hang" | "invalid-args" | "stream-error";

export interface FaultRule {
  kind: FaultKind;
  /** Persona key, or "*" for every agent. */
  agent: string;
  /** How many matching calls are affected; Infinity when omitted. */
  count: number;
}

export interface FaultConfig {
  rules: FaultRule[];
  hostileMarkdown: boolean;
}

export const FAULT_GRAMMAR =
  "comma-separated rules: throw:<agent>[:<n>], hang:<agent>[:<n>], invalid-args:<agent>[:<n>], stream-error:<agent>[:<n>], hostile-markdown (<agent> is a persona key or *, <n> a positive integer)";

export class FaultSpecError extends Error {
  constructor(rule: string, why: string) {
    super(`Invalid offline model fault rule "${rule}": ${why}. Expected ${FAULT_GRAMMAR}.`);
    this.name = "FaultSpecError";
  }
}

const KINDS: FaultKind[] = ["throw", "hang", "invalid-args", "stream-error"];

export function parseFaults(spec: string | undefined): FaultConfig {
  const config: FaultConfig = { rules: [], hostileMarkdown: false };
  if (!spec?.trim()) return config;
  for (const raw of spec.split(",")) {
    const rule = raw.trim();
    if (!rule) continue;
    if (rule === "hostile-markdown") {
      config.hostileMarkdown = true;
      continue;
    }
    const parts = rule.split(":");
    const kind = parts[0] as FaultKind;
    if (!KINDS.includes(kind)) throw new FaultSpecError(rule, `unknown fault "${parts[0]}"`);
    if (parts.length < 2 || parts.length > 3) throw new FaultSpecError(rule, "wrong number of parts");
    const agent = parts[1].trim().toLowerCase();
    if (!/^(\*|[a-z][a-z0-9_-]*)$/.test(agent)) throw new FaultSpecError(rule, `"${parts[1]}" is not an agent key or *`);
    let count = Infinity;
    if (parts.length === 3) {
      if (!/^[1-9]\d*$/.test(parts[2].trim())) throw new FaultSpecError(rule, `"${parts[2]}" is not a positive integer`);
      count = Number(parts[2]);
    }
    config.rules.push({ kind, agent, count });
  }
  return config;
}

/** Per-model-instance counters: each rule affects its first n matching calls. */
export class FaultState {
  private readonly used: number[];
  constructor(readonly config: FaultConfig) {
    this.used = config.rules.map(() => 0);
  }

  /** The fault for this call, if any; counts it against the rule. */
  next(agent: string, serialize: boolean): FaultKind | undefined {
    const a = agent.toLowerCase();
    for (const [i, r] of this.config.rules.entries()) {
      if (r.agent !== "*" && r.agent !== a) continue;
      if (r.kind === "invalid-args" && !serialize) continue;
      if (this.used[i] >= r.count) continue;
      this.used[i]++;
      return r.kind;
    }
    return undefined;
  }
}
