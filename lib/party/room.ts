// The person speaking to the team: a remark is never refused for the agents' message
// budget (the person is the client, not a participant in the debate). Where it goes
// depends on what the party is doing: into the room of a phase that debates, to the next
// phase's agents when no room is open, or — once the documents are written — into a
// revision of the documents it concerns. The API (placing a remark) and the orchestrator
// (carrying what nobody answered) apply the same rules.
import type { PartyEvent, RemarkCarried } from "../wire/events";
import { PERSON } from "../vocabulary";

export { countsAgainstBudget } from "../vocabulary";

export const PERSON_LABEL = "USER";
/** Remarks one phase takes (and, after the party, remarks waiting for their revision). */
export const MAX_REMARKS_PER_PHASE = 5;

export interface RoomMessage {
  messageId: string;
  /** The phase whose agents hear it (null: it becomes a revision instead). */
  phase: number | null;
  /** A persona key, or null for everyone in the phase. */
  to: string | null;
  text: string;
  seq: number;
  /** Agents that have answered it (their reply's `replyTo` names it). */
  answeredBy: string[];
  /** Documents a revision remark concerns. */
  artifactPaths?: string[];
  /** The team's question it answers (a follow-up's id). */
  answers?: string;
}

const addressedTo = (m: RoomMessage, agent: string) => m.to === null || m.to === agent;

/** Everything the person said to this agent (or to everyone) in the phase, oldest first. */
export function heardBy(messages: readonly RoomMessage[], agent: string): RoomMessage[] {
  return messages.filter((m) => addressedTo(m, agent));
}

/** What this agent still has to answer. */
export function unansweredBy(messages: readonly RoomMessage[], agent: string): RoomMessage[] {
  return heardBy(messages, agent).filter((m) => !m.answeredBy.includes(agent));
}

/** Messages none of the agents it reached has answered. */
export function unanswered(messages: readonly RoomMessage[], live: readonly string[]): RoomMessage[] {
  return messages.filter((m) => !live.some((a) => addressedTo(m, a) && m.answeredBy.includes(a)));
}

/** The log entries of one remark (what the API appends). */
export function personMessageEvents(m: { messageId: string; phase: number; to: string | null; text: string; carried: RemarkCarried; answers?: string }): PartyEvent[] {
  const meta = { messageId: m.messageId, phase: m.phase, type: m.to ? ("message" as const) : ("broadcast" as const), sender: PERSON, recipient: m.to, label: PERSON_LABEL };
  const first = m.text.split("\n")[0];
  return [
    { type: "message-start", data: meta },
    { type: "message-end", data: { ...meta, content: m.text, summary: first.length <= 120 ? first : `${first.slice(0, 117)}…`, carried: m.carried, ...(m.answers ? { answers: m.answers } : {}) } },
  ];
}

/** What the API knows about the party when the person speaks. */
export interface RoomState {
  status: string;
  mode: string | null;
  /** The current phase, or null before the first phase starts. */
  phase: {
    number: number;
    name: string;
    status: string;
    agents: string[];
    /** Agents of the phase still working (spawned, not failed out, not shut down). */
    live: string[];
    /** False while the phase wraps up. */
    open: boolean;
    /** The agents' own debate: messages said, the budget, and what the mandatory turns still need. */
    messages: number;
    max: number;
    reserved: number;
  } | null;
  /** Remarks heard in the current phase that nobody has answered yet. */
  owed: number;
  /** Remarks said while the current phase ran. */
  saidInPhase: number;
  /** Remarks waiting for their revision. */
  waitingRevisions: number;
  /** A phase's display name in the party's mode. */
  phaseName(n: number): string;
  /** Display names, for the messages. */
  nameOf(agent: string): string;
  /** Known persona keys (any phase). */
  isAgent(agent: string): boolean;
}

export interface RoomProblem {
  code: "conflict" | "validation_failed" | "rate_limited";
  message: string;
  field?: "to";
}

/** Where a remark goes; `revision` remarks get their documents from the caller. */
export type Placement = { where: "room"; phase: number; to: string | null } | { where: "next-phase"; phase: number; to: null; leftRoom: string | null } | { where: "revision"; to: null };

/** The last phase whose agents can still act on a remark, per mode: later, it becomes a revision. */
const LAST_HEARING_PHASE: Record<string, number> = { party: 3, classic: 4 };

/** Where the person's remark goes now, or why it cannot be taken. An answer to the team's question is never over the bound. */
export function placeRemark(s: RoomState, to: string | null, isAnswer = false): RoomProblem | Placement {
  if (s.status === "cancelled") return { code: "conflict", message: "This party was cancelled, so nobody works on it any more. Start a new kickoff to go on." };
  if (s.status === "failed") return { code: "conflict", message: "This party stopped on an error, so nobody works on it any more. Start a new kickoff to go on; your description can be pasted in again." };
  if (to !== null && !s.isAgent(to)) return { code: "validation_failed", field: "to", message: "Invalid input — to: must be the key of one of the team's agents, such as nadia or liam, or absent for everyone" };
  const p = s.phase;
  const room = s.status !== "completed" && s.mode === "party" && p !== null && p.number <= LAST_HEARING_PHASE.party && p.status === "in_progress" && p.open && p.live.length > 0;
  if (room && to !== null && !p.live.includes(to)) {
    const who = p.live.map((a) => `${s.nameOf(a)} (${a})`).join(", ");
    return { code: "validation_failed", field: "to", message: `Invalid input — to: ${s.nameOf(to)} is not in ${p.name} now; speak to ${who}, or to everyone` };
  }
  const completed = s.status === "completed";
  if (!isAnswer && (completed ? s.waitingRevisions >= MAX_REMARKS_PER_PHASE : s.saidInPhase >= MAX_REMARKS_PER_PHASE)) {
    return {
      code: "rate_limited",
      message: completed
        ? `${MAX_REMARKS_PER_PHASE} of your remarks are still waiting to be worked into the documents. Once they are done, say the next one — or open a document under Artifacts and choose Revise.`
        : `You have made ${MAX_REMARKS_PER_PHASE} remarks during ${p?.name ?? "this phase"}, as many as one phase takes, and the team is working through them. Say the next one when the next phase starts, or put it in your answer when the team next asks you.`,
    };
  }
  if (room) return { where: "room", phase: p.number, to };
  if (completed || !s.mode) return completed ? { where: "revision", to: null } : { where: "next-phase", phase: 1, to: null, leftRoom: to };
  const last = LAST_HEARING_PHASE[s.mode] ?? 0;
  if (!p) return { where: "next-phase", phase: 1, to: null, leftRoom: to };
  // Classic mode has no room: its agent's next turn reads it first, in this phase or a later one.
  const started = p.status === "in_progress" || p.status === "completed";
  const next = s.mode === "classic" || !started ? p.number : p.number + 1;
  return next <= last ? { where: "next-phase", phase: next, to: null, leftRoom: to } : { where: "revision", to: null };
}

/** What the composer needs: whether the person can speak now, to whom, and the agents' budget (for information). */
export function roomSummary(s: RoomState) {
  const p = s.phase;
  const placed = placeRemark(s, null);
  const problem = "code" in placed ? placed : null;
  const room = !("code" in placed) && placed.where === "room";
  return {
    phase: p?.number ?? null,
    canSpeak: problem === null,
    canSpeakToEveryone: problem === null,
    agents: room && p ? p.live.map((key) => ({ key, name: s.nameOf(key) })) : [],
    budget: p && p.max > 0 ? { used: p.messages, max: p.max, reserved: p.reserved, owed: s.owed, left: Math.max(0, p.max - p.messages - p.reserved) } : null,
    reason: problem?.message ?? null,
  };
}

/** The sentence the person reads under their remark: where it went, in plain words. */
export function deliverySentence(s: RoomState, placement: Placement, titles: string[] = [], queued = false): string {
  switch (placement.where) {
    case "room":
      return placement.to ? `${s.nameOf(placement.to)} answers you before their next turn.` : `Every agent of ${s.phase?.name ?? "the phase"} answers you before their next turn.`;
    case "next-phase": {
      const left = placement.leftRoom ? `${s.nameOf(placement.leftRoom)} has no turn left, so ` : "";
      const whom = s.mode === "classic" ? `the agent of ${s.phaseName(placement.phase)}` : `the agents of ${s.phaseName(placement.phase)}`;
      return `${left ? left : "No debate is open right now, so "}your remark goes to ${whom}: they answer it before anything else and write with it in mind.`;
    }
    case "revision": {
      const docs = titles.length ? listJoin(titles) : "the project brief";
      const when = queued ? "as soon as the team is free" : "now";
      return `The documents are written, so your remark becomes a revision of ${docs}, starting ${when}; the new version${titles.length > 1 ? "s appear" : " appears"} under Artifacts, and the team tells you what changed.`;
    }
  }
}

function listJoin(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

