// What the orchestrator needs from storage. lib/db implements it on Postgres; tests use
// the in-memory one. Every write takes the runner's lease epoch and must be refused
// (LeaseLostError) when another runner has taken the party over.
import type { PartyEvent, StoredEvent } from "./events";

export interface Checkpoint {
  status: "running" | "completed";
  output: unknown;
  attempt: number;
}

export interface InputAnswer {
  selection: string | null;
  text: string | null;
}

export interface PartyRecord {
  id: string;
  title: string;
  description: string;
  mode: "party" | "classic" | null;
  flags: string[];
  status: string;
  modelSettings: { defaultModel?: string; personaModels?: Record<string, string>; seed?: number };
}

export interface PartyStore {
  getParty(partyId: string): Promise<PartyRecord | null>;
  getCheckpoint(partyId: string, key: string): Promise<Checkpoint | null>;
  /** Marks the step running and returns its attempt number (2+ means a crash interrupted it). */
  beginStep(partyId: string, epoch: number, key: string): Promise<number>;
  /** Atomically: append events (gap-free seq), project them, and complete the step if given. */
  commit(partyId: string, epoch: number, c: { step?: { key: string; output: unknown }; events: PartyEvent[] }): Promise<StoredEvent[]>;
  getInputAnswer(partyId: string, requestId: string): Promise<InputAnswer | null>;
}

export class LeaseLostError extends Error {
  constructor(partyId: string) {
    super(`lease on party ${partyId} was lost: another runner owns it now`);
    this.name = "LeaseLostError";
  }
}

export interface StoreHooks {
  /** Before a step starts; throw to refuse it. */
  beforeBeginStep?(partyId: string): void;
  /** Before a commit; throw to refuse it. */
  beforeCommit?(partyId: string): void;
  afterCommit?(partyId: string, events: PartyEvent[], stored: StoredEvent[]): void;
}

/** The same store with checks or side effects around its writes (fencing, budgets, fan-out, test crashes). */
export function hookedStore(inner: PartyStore, h: StoreHooks): PartyStore {
  return {
    getParty: (id) => inner.getParty(id),
    getCheckpoint: (id, k) => inner.getCheckpoint(id, k),
    getInputAnswer: (id, r) => inner.getInputAnswer(id, r),
    beginStep: async (id, e, k) => {
      h.beforeBeginStep?.(id);
      return inner.beginStep(id, e, k);
    },
    commit: async (id, e, c) => {
      h.beforeCommit?.(id);
      const stored = await inner.commit(id, e, c);
      h.afterCommit?.(id, c.events, stored);
      return stored;
    },
  };
}
