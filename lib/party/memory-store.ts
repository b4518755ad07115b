// The PartyStore in memory: runs a whole party in a unit test. It keeps the contract of
// the database store (lib/party/testing/store-contract.ts runs the same suite on both):
// every runner write fenced by the lease epoch, none to a cancelled or failed party,
// gap-free seq, checkpoints, and events stored as JSON (what a database returns).
import { type PartyEvent, type StoredEvent } from "./events";
import { personMessageEvents, roomProblem, type RoomMessage, type RoomState } from "./room";
import { agentInfo } from "./roster";
import { defaultPersonaConfig } from "../agents/persona-config";
import { CLOSED_STATUSES, LeaseLostError, PartyClosedError, type ArtifactRecord, type Checkpoint, type InputAnswer, type PartyRecord, type PartyStore } from "./store";
import { isTerminal, PERSON } from "../vocabulary";

/** What a JSON column gives back: undefined fields gone, a copy the caller cannot mutate. */
const asJson = <T>(v: T): T => (v === undefined ? (null as T) : (JSON.parse(JSON.stringify(v)) as T));

export class MemoryPartyStore implements PartyStore {
  readonly events = new Map<string, StoredEvent[]>();
  readonly checkpoints = new Map<string, Checkpoint>();
  readonly answers = new Map<string, InputAnswer>();
  readonly parties = new Map<string, PartyRecord>();
  /** The epoch a runner must hold to write; bump it to simulate a takeover. */
  readonly epochs = new Map<string, number>();

  addParty(p: PartyRecord, epoch = 1): void {
    this.parties.set(p.id, { ...p });
    this.epochs.set(p.id, epoch);
    this.events.set(p.id, []);
  }

  private fence(partyId: string, epoch: number): void {
    const party = this.parties.get(partyId);
    if (!party || this.epochs.get(partyId) !== epoch) throw new LeaseLostError(partyId);
    if (CLOSED_STATUSES.includes(party.status)) throw new PartyClosedError(partyId, party.status);
  }

  /** Appends and projects the party's status, as the database's event projection does. */
  private append(partyId: string, events: PartyEvent[]): StoredEvent[] {
    const log = this.events.get(partyId)!;
    const party = this.parties.get(partyId)!;
    const at = new Date().toISOString();
    const stored = events.map((e, i) => ({ type: e.type, data: asJson(e.data), seq: log.length + 1 + i, at }) as StoredEvent);
    log.push(...stored);
    for (const e of events) {
      if (e.type === "party-status" && !isTerminal(party.status)) party.status = e.data.status;
      if (e.type === "party-end") party.status = e.data.status;
    }
    return stored;
  }

  async getParty(partyId: string) {
    const p = this.parties.get(partyId);
    return p ? { ...p } : null;
  }

  async getCheckpoint(partyId: string, key: string) {
    const c = this.checkpoints.get(`${partyId}\0${key}`);
    return c ? { ...c, output: asJson(c.output) } : null;
  }

  async listCheckpoints(partyId: string) {
    const prefix = `${partyId}\0`;
    const out = new Map<string, Checkpoint>();
    for (const [k, c] of this.checkpoints) if (k.startsWith(prefix)) out.set(k.slice(prefix.length), { ...c, output: asJson(c.output) });
    return out;
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
      this.checkpoints.set(k, { status: "completed", output: asJson(c.step.output), attempt: this.checkpoints.get(k)?.attempt ?? 1 });
    }
    return stored;
  }

  async getInputAnswer(partyId: string, requestId: string) {
    const a = this.answers.get(`${partyId}\0${requestId}`);
    return a ? { ...a } : null;
  }

  async getRoomMessages(partyId: string, phase: number): Promise<RoomMessage[]> {
    return this.roomMessages(partyId, phase);
  }

  private roomMessages(partyId: string, phase: number): RoomMessage[] {
    const log = this.events.get(partyId) ?? [];
    const answered = new Map<string, string[]>();
    for (const e of log) {
      if (e.type === "message-end" && e.data.replyTo) for (const id of e.data.replyTo) answered.set(id, [...(answered.get(id) ?? []), e.data.sender]);
    }
    return log.flatMap((e) =>
      e.type === "message-end" && e.data.sender === PERSON && e.data.phase === phase
        ? [{ messageId: e.data.messageId, phase, to: e.data.recipient, text: e.data.content, seq: e.seq, answeredBy: answered.get(e.data.messageId) ?? [] }]
        : [],
    );
  }

  async getArtifact(partyId: string, path: string): Promise<ArtifactRecord | null> {
    let found: ArtifactRecord | null = null;
    let version = 0;
    for (const e of this.events.get(partyId) ?? []) {
      if (e.type === "artifact-write" && e.data.path === path) {
        const { title, producer, phase, content } = e.data;
        found = { path, title, producer, phase, content, version: ++version };
      } else if (e.type === "artifact-discard" && (e.data.paths.includes("*") || e.data.paths.includes(path))) {
        found = null;
        version = 0;
      }
    }
    return structuredClone(found);
  }

  /** The room as the API sees it, rebuilt from the log (the database keeps it in its tables). */
  roomState(partyId: string): RoomState {
    const personas = defaultPersonaConfig();
    let status = "pending";
    let mode: string | null = this.parties.get(partyId)?.mode ?? null;
    let phase: NonNullable<RoomState["phase"]> | null = null;
    const max = new Map<number, number>();
    for (const e of this.events.get(partyId) ?? []) {
      if (e.type === "party-status" && !["completed", "failed", "cancelled"].includes(status)) status = e.data.status;
      else if (e.type === "party-end") status = e.data.status;
      else if (e.type === "mode-resolved") mode = e.data.mode;
      else if (e.type === "task-create") for (const t of e.data.tasks) max.set(t.number, t.maxMessages);
      else if (e.type === "phase-start") {
        const name = e.data.name;
        phase = { number: e.data.phase, name, status: "in_progress", agents: e.data.agents, live: [], messages: 0, max: max.get(e.data.phase) ?? 0, reserved: 0, open: true };
      } else if (!phase) continue;
      else if (e.type === "phase-end" && e.data.phase === phase.number) phase.status = e.data.status;
      else if (e.type === "agent-spawn" && e.data.phase === phase.number) phase.live.push(e.data.agent);
      else if ((e.type === "agent-shutdown" || (e.type === "agent-failure" && e.data.final)) && e.data.phase === phase.number) phase.live = phase.live.filter((a) => a !== e.data.agent);
      else if (e.type === "room-update" && e.data.phase === phase.number) Object.assign(phase, { reserved: e.data.reserved, open: e.data.open });
      else if (e.type === "message-end" && e.data.phase === phase.number && e.data.type !== "work" && e.data.sender !== "discover-orchestrator") phase.messages++;
    }
    const p = phase as NonNullable<RoomState["phase"]> | null;
    return { status, mode, phase: p, messages: p ? this.roomMessages(partyId, p.number) : [], nameOf: (a) => agentInfo(personas, a).name };
  }

  /** What the API does when the person speaks into the room, with the same rules (throws when refused). */
  say(partyId: string, m: { messageId: string; phase: number; to: string | null; text: string }): void {
    // Checked and appended without yielding, as the API does in one transaction.
    const state = this.roomState(partyId);
    const problem = roomProblem(state, m.to);
    if (problem) throw new Error(`${problem.code}: ${problem.message}`);
    if (state.phase!.number !== m.phase) throw new Error(`the party is in phase ${state.phase!.number}, not ${m.phase}`);
    this.append(partyId, personMessageEvents(m));
  }

  /** What the API does when the person answers. */
  answer(partyId: string, requestId: string, a: InputAnswer): void {
    this.answers.set(`${partyId}\0${requestId}`, { ...a });
    this.append(partyId, [{ type: "input-response", data: { requestId, ...a } }]);
  }

  /** What the API (cancel) or the runner (a failure it gives up on) does to end a party from outside the run. */
  end(partyId: string, status: "cancelled" | "failed", reason: string): StoredEvent[] {
    if (isTerminal(this.parties.get(partyId)!.status)) return [];
    return this.append(partyId, [
      { type: "party-status", data: { status, currentPhase: null } },
      { type: "party-end", data: { status, reason } },
    ]);
  }

  pendingRequest(partyId: string) {
    const log = this.events.get(partyId) ?? [];
    const answered = new Set(log.flatMap((e) => (e.type === "input-response" ? [e.data.requestId] : [])));
    return log.flatMap((e) => (e.type === "input-request" && !answered.has(e.data.requestId) ? [e.data] : [])).at(-1) ?? null;
  }
}
