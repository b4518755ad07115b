// The person speaking into the room: the message event, who it is addressed to, who has
// answered it, and the budget rule. The API (accepting a message) and the orchestrator
// (running an optional round of its protocol) apply the same rule, so the phase's
// message budget holds whichever of them moves first.
import type { PartyEvent } from "./events";
import { PERSON } from "../vocabulary";

export const PERSON_LABEL = "USER";
export const MAX_MESSAGE_CHARS = 2000;

export interface RoomMessage {
  messageId: string;
  phase: number;
  /** A persona key, or null for everyone in the phase. */
  to: string | null;
  text: string;
  seq: number;
  /** Agents that have answered it (their reply's `replyTo` names it). */
  answeredBy: string[];
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

/** Replies still owed by the agents that are live in the phase (each counts against the budget). */
export function pendingReplies(messages: readonly RoomMessage[], live: readonly string[]): number {
  return live.reduce((n, agent) => n + unansweredBy(messages, agent).length, 0);
}

/** The log entries of one message from the person (what the API appends). */
export function personMessageEvents(m: { messageId: string; phase: number; to: string | null; text: string }): PartyEvent[] {
  const meta = { messageId: m.messageId, phase: m.phase, type: m.to ? ("message" as const) : ("broadcast" as const), sender: PERSON, recipient: m.to, label: PERSON_LABEL };
  const first = m.text.split("\n")[0];
  return [
    { type: "message-start", data: meta },
    { type: "message-end", data: { ...meta, content: m.text, summary: first.length <= 120 ? first : `${first.slice(0, 117)}…` } },
  ];
}

/** What the API knows about the party when the person speaks. */
export interface RoomState {
  status: string;
  mode: string | null;
  /** The current phase's row, or null before the first phase starts. */
  phase: {
    number: number;
    name: string;
    status: string;
    agents: string[];
    /** Agents of the phase still working (spawned, not failed out, not shut down). */
    live: string[];
    messages: number;
    max: number;
    reserved: number;
    open: boolean;
  } | null;
  messages: RoomMessage[];
  /** Display names, for the error messages. */
  nameOf(agent: string): string;
}

export interface RoomProblem {
  code: "conflict" | "validation_failed";
  message: string;
  field?: "to";
}

/** The messages a message would cost: itself and one reply from each agent it reaches. */
export function messageCost(to: string | null, live: readonly string[]): number {
  return 1 + (to ? 1 : live.length);
}

/** Why the person cannot say this now (null: they can). */
export function roomProblem(s: RoomState, to: string | null): RoomProblem | null {
  const conflict = (message: string): RoomProblem => ({ code: "conflict", message });
  if (["completed", "failed", "cancelled"].includes(s.status)) {
    return conflict(`The party is ${s.status}: nobody is in the room any more. To change an artifact, ask for a revision (POST /api/parties/:id/revisions).`);
  }
  if (!s.mode) return conflict("The party has not started yet: choose a mode first (it waits on the mode menu).");
  if (s.mode !== "party") return conflict("Classic mode has one agent at a time and no debate to join: answer its questions, and revise an artifact once it is written.");
  const p = s.phase;
  if (!p || p.status !== "in_progress") return conflict("No phase is running right now: the next one is about to start. Try again in a moment.");
  if (p.agents.length === 0) {
    return conflict(`${p.name} (phase ${p.number}) has no agents to talk to. To change an artifact, ask for a revision (POST /api/parties/:id/revisions).`);
  }
  if (to !== null) {
    if (!p.agents.includes(to)) {
      return { code: "validation_failed", field: "to", message: `Invalid input — to: must be one of ${p.agents.join(", ")} (the agents of ${p.name}), or absent for everyone` };
    }
    if (!p.live.includes(to)) {
      return { code: "validation_failed", field: "to", message: `Invalid input — to: ${s.nameOf(to)} is no longer in ${p.name} (it failed out); speak to ${p.live.join(", ") || "nobody"} or to everyone` };
    }
  }
  if (p.live.length === 0) return conflict(`Every agent of ${p.name} has failed: nobody can answer. Answer the failure menu to retry the phase.`);
  if (!p.open) return conflict(`${p.name} is wrapping up and answering its last messages. Once its artifacts are written, ask for a revision instead.`);
  const pending = pendingReplies(s.messages, p.live);
  const cost = messageCost(to, p.live);
  if (p.messages + pending + p.reserved + cost > p.max) {
    const left = Math.max(0, p.max - p.messages - pending - p.reserved);
    return conflict(
      `The debate in ${p.name} has used its message budget (${p.messages} of ${p.max} messages, ${p.reserved} kept for the team's remaining turns${pending ? `, ${pending} replies still owed to you` : ""}; this message and its replies need ${cost}, ${left} left). ${INSTEAD[p.number] ?? INSTEAD[0]}`,
    );
  }
  return null;
}

const INSTEAD: Record<number, string> = {
  0: "Once the phase's artifacts are written, ask for a revision with your feedback (POST /api/parties/:id/revisions).",
  1: "Put it in your answer to the team's questions if they are still open; otherwise ask for a revision of the project brief once it is written (POST /api/parties/:id/revisions).",
  2: "To change the stack, choose [C] at the stack approval; anything else can go into a revision of the architecture once it is written (POST /api/parties/:id/revisions).",
  3: "Once the blueprint is written, ask for a revision of the document it concerns with your feedback (POST /api/parties/:id/revisions).",
};

/** What the composer needs: whether the person can speak now, to whom, and how much room is left. */
export function roomSummary(s: RoomState) {
  const p = s.phase;
  const problem = roomProblem(s, null);
  const oneAgent = p?.live.length ? roomProblem(s, p.live[0]) : problem;
  return {
    phase: p?.number ?? null,
    canSpeak: problem === null || oneAgent === null,
    canSpeakToEveryone: problem === null,
    agents: (p?.live ?? []).map((key) => ({ key, name: s.nameOf(key) })),
    budget: p ? { used: p.messages, max: p.max, reserved: p.reserved, owed: pendingReplies(s.messages, p.live), left: Math.max(0, p.max - p.messages - p.reserved - pendingReplies(s.messages, p.live)) } : null,
    reason: problem === null || oneAgent === null ? null : (oneAgent ?? problem)!.message,
  };
}
