// The PartyStore in memory: runs a whole party in a unit test. It keeps the contract of
// the database store (lib/party/testing/store-contract.ts runs the same suite on both):
// every runner write fenced by the lease epoch, none to a cancelled or failed party,
// gap-free seq, checkpoints, and events stored as JSON (what a database returns).
import { type PartyEvent, type RemarkCarried, type StoredEvent } from "../../wire/events";
import { countsAgainstBudget, personMessageEvents, placeRemark, type RoomMessage, type RoomState } from "../room";
import { remarkTargets } from "../remark-targets";
import { agentInfo } from "../roster";
import { defaultPersonaConfig } from "../../agents/persona-config";
import { CLOSED_STATUSES, LeaseLostError, PartyClosedError, type ArtifactRecord, type Checkpoint, type InputAnswer, type PartyRecord, type PartyStore } from "../store";
import { isTerminal, PERSON, phasesOf, type Mode } from "../../vocabulary";

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

  async getRemarks(partyId: string): Promise<RoomMessage[]> {
    return this.remarks(partyId);
  }

  private remarks(partyId: string): RoomMessage[] {
    const log = this.events.get(partyId) ?? [];
    const answered = new Map<string, string[]>();
    const carried = new Map<string, RemarkCarried>();
    for (const e of log) {
      if (e.type === "message-end" && e.data.replyTo) for (const id of e.data.replyTo) answered.set(id, [...(answered.get(id) ?? []), e.data.sender]);
      if (e.type === "remark-carried") carried.set(e.data.messageId, e.data);
    }
    return log.flatMap((e) => {
      if (e.type !== "message-end" || e.data.sender !== PERSON) return [];
      const c = carried.get(e.data.messageId) ?? e.data.carried;
      const heardIn = c?.where === "revision" ? null : (c?.phase ?? e.data.phase);
      return [{ messageId: e.data.messageId, phase: heardIn, to: carried.has(e.data.messageId) ? null : e.data.recipient, text: e.data.content, seq: e.seq, answeredBy: answered.get(e.data.messageId) ?? [], ...(c?.artifactPaths ? { artifactPaths: c.artifactPaths } : {}), ...(e.data.answers ? { answers: e.data.answers } : {}) }];
    });
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
    let saidInPhase = 0;
    const max = new Map<number, number>();
    const log = this.events.get(partyId) ?? [];
    for (const e of log) {
      if (e.type === "party-status" && !isTerminal(status)) status = e.data.status;
      else if (e.type === "party-end") status = e.data.status;
      else if (e.type === "mode-resolved") mode = e.data.mode;
      else if (e.type === "task-create") for (const t of e.data.tasks) max.set(t.number, t.maxMessages);
      else if (e.type === "phase-start") {
        phase = { number: e.data.phase, name: e.data.name, status: "in_progress", agents: e.data.agents, live: [], open: true, messages: 0, max: max.get(e.data.phase) ?? 0, reserved: 0 };
        saidInPhase = 0;
      } else if (e.type === "message-end" && e.data.sender === PERSON && e.data.phase === (phase?.number ?? 1)) saidInPhase++;
      else if (!phase) continue;
      else if (e.type === "phase-end" && e.data.phase === phase.number) phase.status = e.data.status;
      else if (e.type === "agent-spawn" && e.data.phase === phase.number) phase.live.push(e.data.agent);
      else if ((e.type === "agent-shutdown" || (e.type === "agent-failure" && e.data.final)) && e.data.phase === phase.number) phase.live = phase.live.filter((a) => a !== e.data.agent);
      else if (e.type === "room-update" && e.data.phase === phase.number) Object.assign(phase, { open: e.data.open, reserved: e.data.reserved });
      else if (e.type === "message-end" && e.data.phase === phase.number && countsAgainstBudget(e.data)) phase.messages++;
    }
    const remarks = this.remarks(partyId);
    const waiting = remarks.filter((m) => m.phase === null && m.answeredBy.length === 0).length;
    const owed = phase ? remarks.filter((m) => m.phase === phase!.number && m.answeredBy.length === 0).length : 0;
    const phases = phasesOf((mode ?? "party") as Mode);
    return {
      status,
      mode,
      phase,
      owed,
      saidInPhase,
      waitingRevisions: waiting,
      phaseName: (n) => phases.find((p) => p.number === n)?.name ?? `phase ${n}`,
      nameOf: (a) => agentInfo(personas, a).name,
      isAgent: (a) => Object.hasOwn(personas.personas, a),
    };
  }

  /** What the API does when the person speaks, with the same rules (throws when refused); returns where it went. */
  say(partyId: string, m: { messageId: string; to: string | null; text: string; answers?: string }): RemarkCarried {
    // Placed and appended without yielding, as the API does in one transaction.
    const state = this.roomState(partyId);
    const placement = placeRemark(state, m.to, Boolean(m.answers));
    if ("code" in placement) throw new Error(`${placement.code}: ${placement.message}`);
    let carried: RemarkCarried;
    if (placement.where === "revision") {
      const docs: Record<string, string> = {};
      for (const e of this.events.get(partyId) ?? []) if (e.type === "artifact-write") docs[e.data.path] = e.data.content;
      carried = { where: "revision", artifactPaths: remarkTargets(m.text, docs) };
    } else carried = { where: placement.where, phase: placement.phase };
    const phase = [...(this.events.get(partyId) ?? [])].reverse().find((e) => e.type === "party-status" && e.data.currentPhase !== null);
    this.append(partyId, personMessageEvents({ messageId: m.messageId, phase: phase?.type === "party-status" ? phase.data.currentPhase! : 1, to: placement.where === "room" ? placement.to : null, text: m.text, carried, ...(m.answers ? { answers: m.answers } : {}) }));
    return carried;
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
