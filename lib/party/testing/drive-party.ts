// Test support: plays a whole party in memory the way the real runner does — run the
// orchestrator until it suspends, answer the pending input request, run again with a
// fresh PartyRuntime (a resume) — against the offline model (or the scripted one) at full speed. Also a store
// wrapper that "crashes" the runner after a number of commits, for resume tests.
import { defaultPersonaConfig, type PersonaConfig } from "../../agents/persona-config";
import type { RetryPolicy } from "../../agents/provider-retry";
import { createModelRegistry } from "../../ai/model-registry";
import { createScriptedModel } from "../../ai/testing/scripted-model";
import type { ModelLookup, PartyContext } from "../agent-step";
import { runClassicMode } from "../classic-mode";
import type { InputRequestData, PartyEvent, StoredEvent } from "../../wire/events";
import { MemoryPartyStore } from "./memory-store";
import { orchestrateParty, type RunOutcome } from "../run-party";
import { PartyRuntime } from "../runtime";
import type { InputAnswer, PartyRecord, PartyStore } from "../store";
import type { Mode } from "../../vocabulary";

/** Default selection per input kind; vision questions get `visionAnswer` as text. */
export const DEFAULT_SELECTIONS: Readonly<Record<string, string>> = {
  mode: "1",
  stack_approval: "Y",
  constitution_review: "1",
  walkthrough: "1",
  phase_failure: "1",
};

export const DEFAULT_VISION_ANSWER =
  "The main users are small teams; the core problem is doing this reliably without spreadsheets. Success is steady weekly use after three months.";

export interface AnswerContext {
  /** Requests answered so far, oldest first (not including this one). */
  asked: InputRequestData[];
  events: StoredEvent[];
}

/** Return the answer for a request, or undefined for the default. */
export type Answerer = (req: InputRequestData, c: AnswerContext) => Partial<InputAnswer> | undefined;

export interface DriveOptions {
  description: string;
  title?: string;
  partyId?: string;
  mode?: Mode | null;
  flags?: string[];
  seed?: number;
  /** OFFLINE_MODEL_FAULTS grammar, e.g. "throw:oscar:1". */
  faults?: string;
  /** Per model call (ctx.timeoutMs). */
  timeoutMs?: number;
  /** How transient provider faults are waited out (ctx.retry; DEFAULT_RETRY when not given). */
  retry?: RetryPolicy;
  visionAnswer?: string;
  answer?: Answerer;
  /** Guard against a party that never ends (e.g. always answering [1] Retry). */
  maxRuns?: number;
  store?: MemoryPartyStore;
  /** What each run's runtime writes through (crash injection); `run` counts from 1. */
  wrapStore?: (store: MemoryPartyStore, run: number) => PartyStore;
  /**
   * An error thrown out of orchestrateParty: return true to treat it as a runner crash — the
   * driver bumps the lease epoch (another runner takes over) and resumes.
   */
  onError?: (e: unknown, run: number) => boolean;
  /** Which model plays every agent when `models` is not given (default "offline"); `seed` and `faults` go to it. */
  model?: "offline" | "scripted";
  models?: ModelLookup;
  personas?: PersonaConfig;
  /** Flush streamed text once this much is pending (the runtime's flushChars), besides every 5 ms. */
  flushChars?: number;
}

export interface DriveResult {
  store: MemoryPartyStore;
  partyId: string;
  party: PartyRecord;
  events: StoredEvent[];
  outcome: RunOutcome;
  /** Every request that was answered, in order. */
  requests: InputRequestData[];
  runs: number;
  crashes: number;
}

export function defaultAnswer(req: InputRequestData, visionAnswer = DEFAULT_VISION_ANSWER): InputAnswer {
  if (req.kind === "vision_questions") return { selection: null, text: visionAnswer };
  return { selection: DEFAULT_SELECTIONS[req.kind] ?? req.options[0]?.key ?? null, text: null };
}

/**
 * One registry for the whole drive, like one runner process: the offline model's fault
 * counters ("throw:oscar:1") count across resumes.
 */
export function offlineModels(o: { seed?: number; faults?: string } = {}): ModelLookup {
  return createModelRegistry({ defaultModel: "offline", offline: { seed: o.seed ?? 42, tokensPerSecond: 0, firstTokenMs: 0, faults: o.faults } });
}

/**
 * The scripted model for every agent (lib/ai/testing/scripted-model.ts): schema-valid
 * arguments and canned text, for tests of the engine's mechanics rather than of what the
 * built-in model writes. One instance for the drive, so fault counters span resumes; the
 * spec is "offline" so the engine treats it as it treats the built-in model (no prompt
 * cache, no price).
 */
export function scriptedModels(o: { seed?: number; faults?: string } = {}): ModelLookup {
  const model = createScriptedModel({ seed: o.seed, faults: o.faults });
  return { modelFor: () => ({ model, spec: "offline" }) };
}

export async function driveParty(o: DriveOptions): Promise<DriveResult> {
  const store = o.store ?? new MemoryPartyStore();
  const partyId = o.partyId ?? "party-1";
  const party: PartyRecord = {
    id: partyId,
    title: o.title ?? "Test project",
    description: o.description,
    mode: o.mode === undefined ? "party" : o.mode,
    flags: o.flags ?? [],
    status: "pending",
    modelSettings: { seed: o.seed },
  };
  if (!store.parties.has(partyId)) {
    store.addParty(party, 1);
    await store.commit(partyId, 1, { events: [{ type: "party-start", data: { mode: party.mode, title: party.title, description: party.description, flags: party.flags } }] });
  }
  const models = o.models ?? (o.model === "scripted" ? scriptedModels(o) : offlineModels(o));
  const personas = o.personas ?? defaultPersonaConfig();
  const requests: InputRequestData[] = [];
  let crashes = 0;
  const maxRuns = o.maxRuns ?? 200;

  for (let run = 1; run <= maxRuns; run++) {
    const epoch = store.epochs.get(partyId)!;
    const rt = new PartyRuntime(partyId, epoch, { store: o.wrapStore ? o.wrapStore(store, run) : store, flushMs: 5, flushChars: o.flushChars });
    const ctx: PartyContext = { rt, models, personas, timeoutMs: o.timeoutMs ?? 10_000, retry: o.retry };
    let outcome: RunOutcome;
    try {
      outcome = await orchestrateParty(ctx, party, runClassicMode);
    } catch (e) {
      if (!o.onError?.(e, run)) throw e;
      crashes++;
      store.epochs.set(partyId, epoch + 1);
      continue;
    }
    const events = store.events.get(partyId)!;
    if (outcome.status !== "suspended") return { store, partyId, party, events, outcome, requests, runs: run, crashes };
    const req = store.pendingRequest(partyId);
    if (!req || req.requestId !== outcome.requestId) throw new Error(`run ${run} suspended on ${outcome.requestId} but the pending request is ${req?.requestId ?? "none"}`);
    const given = o.answer?.(req, { asked: [...requests], events });
    const a = { ...defaultAnswer(req, o.visionAnswer), ...given };
    requests.push(req);
    store.answer(partyId, req.requestId, { selection: a.selection ?? null, text: a.text ?? null });
  }
  throw new Error(`party ${partyId} did not finish within ${maxRuns} runs`);
}

export class SimulatedCrash extends Error {
  constructor(readonly at: number) {
    super(`simulated runner crash at commit ${at}`);
    this.name = "SimulatedCrash";
  }
}

/**
 * Crash injection: commits are counted across every run of a drive; when the count
 * reaches the next of `points`, the runner of that run "dies" — that commit is refused
 * ("before") or applied but reported as failed ("after"), and every later call through
 * that run's store throws, as if the process were gone. Use with `onError` returning
 * true for SimulatedCrash.
 */
export function crashAt(points: number[], when: "before" | "after" = "before") {
  const pending = [...points].sort((a, b) => a - b);
  let commits = 0;
  return (inner: MemoryPartyStore): PartyStore => {
    let dead = false;
    const alive = () => {
      if (dead) throw new SimulatedCrash(commits);
    };
    return {
      getParty: async (id) => (alive(), inner.getParty(id)),
      getCheckpoint: async (id, k) => (alive(), inner.getCheckpoint(id, k)),
      listCheckpoints: async (id) => (alive(), inner.listCheckpoints(id)),
      getInputAnswer: async (id, r) => (alive(), inner.getInputAnswer(id, r)),
      getRemarks: async (id) => (alive(), inner.getRemarks(id)),
      getArtifact: async (id, path) => (alive(), inner.getArtifact(id, path)),
      beginStep: async (id, e, k) => (alive(), inner.beginStep(id, e, k)),
      commit: async (id, e, c) => {
        alive();
        const n = ++commits;
        if (pending[0] !== undefined && n >= pending[0]) {
          pending.shift();
          dead = true;
          if (when === "after") await inner.commit(id, e, c);
          throw new SimulatedCrash(n);
        }
        return inner.commit(id, e, c);
      },
    };
  };
}

// ---- Log helpers for assertions ----

export type EventOf<T extends PartyEvent["type"]> = Extract<StoredEvent, { type: T }>;

export function ofType<T extends PartyEvent["type"]>(events: StoredEvent[], type: T): EventOf<T>[] {
  return events.filter((e): e is EventOf<T> => e.type === type);
}

/** path → content after every write and discard, as the artifacts table would hold them. */
export function finalArtifacts(events: StoredEvent[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of events) {
    if (e.type === "artifact-write") out.set(e.data.path, e.data.content);
    else if (e.type === "artifact-discard") {
      if (e.data.paths.includes("*")) out.clear();
      else e.data.paths.forEach((p) => out.delete(p));
    }
  }
  return out;
}

/** ISO timestamps replaced, so runs at different times compare equal. */
export function withoutTimestamps(s: string): string {
  return s.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, "<time>");
}
