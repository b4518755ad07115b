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
