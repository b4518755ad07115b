// The PartyStore in memory: runs a whole party in a unit test, with the same fencing
// and gap-free seq rules as the database store.
import type { PartyEvent, StoredEvent } from "./events";
import { LeaseLostError, type Checkpoint, type InputAnswer, type PartyRecord, type PartyStore } from "./store";

export class MemoryPartyStore implements PartyStore {
  readonly events = new Map<string, StoredEvent[]>();
  readonly checkpoints = new Map<string, Checkpoint>();
  readonly answers = new Map<string, InputAnswer>();
  readonly parties = new Map<string, PartyRecord>();
  /** The epoch a runner must hold to write; bump it to simulate a takeover. */
  readonly epochs = new Map<string, number>();

  addParty(p: PartyRecord, epoch = 1): void {
    this.parties.set(p.id, p);
    this.epochs.set(p.id, epoch);
    this.events.set(p.id, []);
  }

  private fence(partyId: string, epoch: number): void {
    if (this.epochs.get(partyId) !== epoch) throw new LeaseLostError(partyId);
  }

  private append(partyId: string, events: PartyEvent[]): StoredEvent[] {
    const log = this.events.get(partyId)!;
    const stored = events.map((e, i) => ({ ...structuredClone(e), seq: log.length + 1 + i, at: new Date().toISOString() }) as StoredEvent);
    log.push(...stored);
    return stored;
  }

  async getParty(partyId: string) {
    return this.parties.get(partyId) ?? null;
  }

  async getCheckpoint(partyId: string, key: string) {
    return structuredClone(this.checkpoints.get(`${partyId}\0${key}`) ?? null);
  }

  async beginStep(partyId: string, epoch: number, key: string) {
    this.fence(partyId, epoch);
    const k = `${partyId}\0${key}`;
    const attempt = (this.checkpoints.get(k)?.attempt ?? 0) + 1;
    this.checkpoints.set(k, { status: "running", output: null, attempt });
    return attempt;
  }

  async commit(partyId: string, epoch: number, c: { step?: { key: string; output: unknown }; events: PartyEvent[] }) {
    this.fence(partyId, epoch);
    const stored = this.append(partyId, c.events);
    if (c.step) {
      const k = `${partyId}\0${c.step.key}`;
      this.checkpoints.set(k, { status: "completed", output: structuredClone(c.step.output), attempt: this.checkpoints.get(k)?.attempt ?? 1 });
    }
    return stored;
  }

  async getInputAnswer(partyId: string, requestId: string) {
    return this.answers.get(`${partyId}\0${requestId}`) ?? null;
  }

  /** What the API does when the person answers. */
  answer(partyId: string, requestId: string, a: InputAnswer): void {
    this.answers.set(`${partyId}\0${requestId}`, a);
    this.append(partyId, [{ type: "input-response", data: { requestId, ...a } }]);
  }

  pendingRequest(partyId: string) {
    const log = this.events.get(partyId) ?? [];
    const answered = new Set(log.flatMap((e) => (e.type === "input-response" ? [e.data.requestId] : [])));
    return log.flatMap((e) => (e.type === "input-request" && !answered.has(e.data.requestId) ? [e.data] : [])).at(-1) ?? null;
  }
}
