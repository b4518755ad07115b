// What the orchestrator needs from storage. lib/db implements it on Postgres; tests use
// the in-memory one. Every write takes the runner's lease epoch and must be refused
// (LeaseLostError) when another runner has taken the party over.
import type { PartyEvent, StoredEvent } from "../wire/events";
import type { RoomMessage } from "./room";
import type { Mode } from "../vocabulary";

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
  mode: Mode | null;
  flags: string[];
  status: string;
  modelSettings: { defaultModel?: string; personaModels?: Record<string, string>; seed?: number };
}

/** The latest text of an artifact, with what the orchestrator needs to write the next version. */
export interface ArtifactRecord {
  path: string;
  title: string;
  producer: string;
  phase: number;
  version: number;
  content: string;
}

export interface PartyStore {
  getParty(partyId: string): Promise<PartyRecord | null>;
  getCheckpoint(partyId: string, key: string): Promise<Checkpoint | null>;
  /** Every checkpoint of the party by step key: a run reads them once instead of once per step. */
  listCheckpoints(partyId: string): Promise<Map<string, Checkpoint>>;
  /** Marks the step running and returns its attempt number (2+ means a crash interrupted it). */
  beginStep(partyId: string, epoch: number, key: string): Promise<number>;
  /** Atomically: append events (gap-free seq), project them, and complete the step if given. */
  commit(partyId: string, epoch: number, c: { step?: { key: string; output: unknown }; events: PartyEvent[] }): Promise<StoredEvent[]>;
  getInputAnswer(partyId: string, requestId: string): Promise<InputAnswer | null>;
  /** Every remark of the person's, oldest first: the phase that hears it (null: a revision), who has answered it. */
  getRemarks(partyId: string): Promise<RoomMessage[]>;
  /** An artifact's latest version (a person may have revised it while the party waited). */
  getArtifact(partyId: string, path: string): Promise<ArtifactRecord | null>;
}

export class LeaseLostError extends Error {
  constructor(partyId: string) {
    super(`lease on party ${partyId} was lost: another runner owns it now`);
    this.name = "LeaseLostError";
  }
}

/**
 * A completed party still takes on-demand work (a critique); a cancelled or failed one
 * takes no write from any runner, whatever epoch it holds.
 */
export const CLOSED_STATUSES: readonly string[] = ["cancelled", "failed"];

/** The party ended (cancelled by the person, or failed) while a runner was still working on it. */
export class PartyClosedError extends LeaseLostError {
  constructor(partyId: string, status: string) {
    super(partyId);
    this.message = `party ${partyId} is ${status}: the runner stops`;
    this.name = "PartyClosedError";
  }
}

export interface StoreHooks {
  /** Before a step starts; throw to refuse it. */
  beforeBeginStep?(partyId: string): void;
  /** Before a commit; throw to refuse it. */
  beforeCommit?(partyId: string, c: { step?: { key: string; output: unknown }; events: PartyEvent[] }): void;
  afterCommit?(partyId: string, events: PartyEvent[], stored: StoredEvent[]): void;
}

/** The same store with checks or side effects around its writes (fencing, budgets, fan-out, test crashes). */
export function hookedStore(inner: PartyStore, h: StoreHooks): PartyStore {
  return {
    getParty: (id) => inner.getParty(id),
    getCheckpoint: (id, k) => inner.getCheckpoint(id, k),
    listCheckpoints: (id) => inner.listCheckpoints(id),
    getInputAnswer: (id, r) => inner.getInputAnswer(id, r),
    getRemarks: (id) => inner.getRemarks(id),
    getArtifact: (id, path) => inner.getArtifact(id, path),
    beginStep: async (id, e, k) => {
      h.beforeBeginStep?.(id);
      return inner.beginStep(id, e, k);
    },
    commit: async (id, e, c) => {
      h.beforeCommit?.(id, c);
      const stored = await inner.commit(id, e, c);
      h.afterCommit?.(id, c.events, stored);
      return stored;
    },
  };
}
