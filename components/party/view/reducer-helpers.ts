// The building blocks the event handlers share: immutable updates of phases, agents,
// messages and notes, and the buffer for token deltas that arrive out of order.
import { phasesOf, type Mode } from "@/lib/vocabulary";
import type { MessageMeta } from "@/lib/wire/events";
import { knownAgent } from "./agent-display";
import type { AgentView, MessageView, NoteView, PartyView, PhaseView } from "./types";

const MAX_HELD_PER_MESSAGE = 4000;

/** Dollars add up only while every part is known. */
export const addCost = (a: number | null, b: number | null | undefined): number | null => (a === null || b == null ? null : a + b);

/** Only the envelope: message-end's data also carries content and summary. */
export function metaOf(m: MessageMeta): MessageMeta {
  return { messageId: m.messageId, phase: m.phase, type: m.type, sender: m.sender, recipient: m.recipient, label: m.label, ...(m.replyTo?.length ? { replyTo: m.replyTo } : {}) };
}

/** The mode's phases, all pending: what the timeline shows before task-create arrives. */
export function defaultPhases(mode: Mode | null): PhaseView[] {
  if (!mode) return [];
  return phasesOf(mode).map((p) => ({
    number: p.number,
    name: p.name,
    activeForm: p.activeForm,
    maxMessages: p.maxMessages,
    subject: null,
    status: "pending" as const,
    agents: [],
    messages: 0,
    attempts: 0,
  }));
}

export function upsertPhase(phases: PhaseView[], n: number, f: (p: PhaseView) => PhaseView): PhaseView[] {
  const i = phases.findIndex((p) => p.number === n);
  if (i >= 0) {
    const out = [...phases];
    out[i] = f(phases[i]);
    return out;
  }
  const blank: PhaseView = { number: n, name: `Phase ${n}`, subject: null, activeForm: null, status: "pending", agents: [], messages: 0, maxMessages: 0, attempts: 0 };
  return [...phases, f(blank)].sort((a, b) => a.number - b.number);
}

export function setAgent(view: PartyView, a: AgentView): PartyView {
  return { ...view, agents: { ...view.agents, [a.agent]: a } };
}

export function setMessage(view: PartyView, m: MessageView): PartyView {
  return { ...view, messages: { ...view.messages, [m.messageId]: m } };
}

/** Sub-agents and classic agents speak without an agent-spawn: give them a card anyway. */
export function ensureAgent(view: PartyView, key: string, phase: number): PartyView {
  const a = view.agents[key];
  if (a) return a.phase === phase ? view : setAgent(view, { ...a, phase, status: a.status === "speaking" || a.status === "thinking" ? a.status : "idle", failures: 0 });
  const k = knownAgent(key);
  return {
    ...view,
    agents: {
      ...view.agents,
      [key]: { agent: key, name: k.name, title: k.title, style: k.style, model: null, phase, status: "idle", failures: 0, lastError: null, activeMessageId: null },
    },
    agentOrder: [...view.agentOrder, key],
  };
}

export function markSpeaking(view: PartyView, msg: MessageView): PartyView {
  const a = view.agents[msg.sender];
  if (!a || a.status === "speaking" || a.status === "shutdown" || a.status === "failed") return view;
  return setAgent(view, { ...a, status: "speaking", activeMessageId: msg.messageId });
}

export function shutDownAll(agents: Record<string, AgentView>): Record<string, AgentView> {
  let changed = false;
  const out: Record<string, AgentView> = {};
  for (const [k, a] of Object.entries(agents)) {
    if (a.status === "shutdown" || a.status === "failed") out[k] = a;
    else {
      changed = true;
      out[k] = { ...a, status: "shutdown", activeMessageId: null };
    }
  }
  return changed ? out : agents;
}

export function hold(view: PartyView, messageId: string, offset: number, text: string): PartyView {
  const list = view.heldDeltas[messageId] ?? [];
  if (list.length >= MAX_HELD_PER_MESSAGE) return view;
  return { ...view, heldDeltas: { ...view.heldDeltas, [messageId]: [...list, { offset, text }] } };
}

/** Applies held deltas that the text has now caught up with; drops the ones it passed. */
export function drainHeld(view: PartyView, messageId: string): PartyView {
  let held = view.heldDeltas[messageId];
  let msg = view.messages[messageId];
  if (!held?.length || !msg || msg.status !== "streaming") return view;
  let text = msg.text;
  for (let progressed = true; progressed && held.length; ) {
    progressed = false;
    const rest: typeof held = [];
    for (const d of held) {
      if (d.offset > text.length) rest.push(d);
      else {
        if (d.offset + d.text.length > text.length) text += d.text.slice(text.length - d.offset);
        progressed = true;
      }
    }
    held = rest;
  }
  const { [messageId]: _old, ...others } = view.heldDeltas;
  let v: PartyView = { ...view, heldDeltas: held.length ? { ...others, [messageId]: held } : others };
  if (text !== msg.text) {
    msg = { ...msg, text };
    v = markSpeaking(setMessage(v, msg), msg);
  }
  return v;
}

export function addNote(view: PartyView, id: string, note: Omit<NoteView, "id">): PartyView {
  return { ...view, notes: { ...view.notes, [id]: { id, ...note } }, feed: [...view.feed, { kind: "note", id }] };
}
