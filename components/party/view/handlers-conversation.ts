// Handlers for who speaks: agents joining, failing and leaving, streamed messages
// (deltas may arrive before their start or out of order), and the person's inputs.
import type { EventHandlers } from "./handler-types";
import { countsAgainstBudget, ORCHESTRATOR, PERSON } from "@/lib/vocabulary";
import { agentDisplay } from "./agent-display";
import { addNote, drainHeld, ensureAgent, hold, markSpeaking, metaOf, setAgent, setMessage, upsertPhase } from "./reducer-helpers";
import type { MessageMeta } from "@/lib/wire/events";
import type { AgentView, InputRecord, MessageView, PartyView } from "./types";

export const CONVERSATION_HANDLERS = {
  "agent-spawn": (view, e) => {
    const d = e.data;
    const prev = view.agents[d.agent];
    const agent: AgentView = {
      agent: d.agent,
      name: d.name,
      title: d.title,
      style: d.style ?? "",
      model: d.model,
      phase: d.phase,
      status: "idle",
      failures: 0,
      lastError: null,
      activeMessageId: null,
    };
    return {
      ...view,
      agents: { ...view.agents, [d.agent]: agent },
      agentOrder: prev ? view.agentOrder : [...view.agentOrder, d.agent],
    };
  },
  "agent-shutdown": (view, e) => {
    const a = view.agents[e.data.agent];
    if (!a) return view;
    return setAgent(view, { ...a, status: a.status === "failed" ? "failed" : "shutdown", activeMessageId: null });
  },
  "agent-failure": (view, e, at) => {
    const d = e.data;
    const base = ensureAgent(view, d.agent, d.phase);
    const a = base.agents[d.agent];
    const withAgent = setAgent(base, {
      ...a,
      status: d.final ? "failed" : "idle",
      failures: d.attempt,
      lastError: d.error,
      activeMessageId: null,
    });
    const { name } = agentDisplay(withAgent, d.agent);
    const text = d.final
      ? `${name} failed again (${d.kind}): ${d.error}`
      : `${name} did not deliver (${d.kind}): ${d.error}. Retrying once.`;
    return addNote(withAgent, `failure-${withAgent.lastSeq}-${d.agent}-${d.attempt}`, { kind: "failure", phase: d.phase, text, at });
  },
  "message-start": (view, e, at) => {
    const m = e.data;
    const { v: entered, agent } = enterMessage(view, m, at, (existing) => ({
      text: existing && existing.status === "streaming" ? existing.text : "",
      summary: null,
      status: "streaming",
    }));
    let v = entered;
    if (m.sender !== ORCHESTRATOR) {
      const a = agent ? v.agents[m.sender] : undefined;
      if (a) v = setAgent(v, { ...a, status: "thinking", activeMessageId: m.messageId });
    }
    return drainHeld(v, m.messageId);
  },
  "message-delta": (view, e) => {
    const { messageId, offset, text } = e.data;
    const msg = view.messages[messageId];
    if (!msg) return hold(view, messageId, offset, text);
    if (msg.status !== "streaming") return view; // ended (content is final) or discarded
    if (offset > msg.text.length) return hold(view, messageId, offset, text);
    if (offset + text.length <= msg.text.length) return view; // already have it
    const v = setMessage(view, { ...msg, text: msg.text + text.slice(msg.text.length - offset) });
    return drainHeld(markSpeaking(v, msg), messageId);
  },
  "remark-carried": (view, e) => {
    const { messageId, ...carried } = e.data;
    const msg = view.messages[messageId];
    return msg ? setMessage(view, { ...msg, carried }) : view;
  },
  "message-discard": (view, e) => {
    const msg = view.messages[e.data.messageId];
    const { [e.data.messageId]: _dropped, ...held } = view.heldDeltas;
    let v: PartyView = { ...view, heldDeltas: held };
    if (!msg) return v;
    v = setMessage(v, { ...msg, text: "", status: "discarded", discardReason: e.data.reason });
    const a = v.agents[msg.sender];
    if (a && a.activeMessageId === msg.messageId) v = setAgent(v, { ...a, status: a.status === "failed" ? "failed" : "idle", activeMessageId: null });
    return v;
  },
  "message-end": (view, e, at) => {
    const m = e.data;
    const { v: entered, agent, existing } = enterMessage(view, m, at, () => ({ text: m.content, summary: m.summary || null, status: "done" }));
    const { [m.messageId]: _dropped, ...held } = entered.heldDeltas;
    let v: PartyView = { ...entered, heldDeltas: held };
    if (m.carried) v = setMessage(v, { ...v.messages[m.messageId], carried: m.carried });
    if (m.sender !== ORCHESTRATOR) {
      const a = agent ? v.agents[m.sender] : undefined;
      if (a && a.status !== "shutdown" && a.status !== "failed") v = setAgent(v, { ...a, status: "idle", activeMessageId: null, failures: 0 });
      if (countsAgainstBudget(m) && (!existing || existing.status !== "done")) {
        v = { ...v, phases: upsertPhase(v.phases, m.phase, (p) => ({ ...p, messages: p.messages + 1 })) };
      }
    }
    return v;
  },
  "input-request": (view, e, at) => {
    const d = e.data;
    const rec: InputRecord = { requestId: d.requestId, kind: d.kind, title: d.title, answered: false, selection: null, selectionLabel: null, text: null, at };
    const known = Boolean(view.inputs[d.requestId]);
    return {
      ...view,
      pendingInput: d,
      status: "awaiting_input",
      inputs: { ...view.inputs, [d.requestId]: known ? view.inputs[d.requestId] : rec },
      feed: known ? view.feed : [...view.feed, { kind: "input", id: d.requestId }],
    };
  },
  "input-response": (view, e) => {
    const d = e.data;
    const req = view.pendingInput?.requestId === d.requestId ? view.pendingInput : null;
    const rec = view.inputs[d.requestId];
    const label = req?.options.find((o) => o.key === d.selection)?.label ?? null;
    const inputs = rec
      ? { ...view.inputs, [d.requestId]: { ...rec, answered: true, selection: d.selection, selectionLabel: label ?? rec.selectionLabel, text: d.text } }
      : view.inputs;
    return {
      ...view,
      inputs,
      pendingInput: req ? null : view.pendingInput,
      status: req && view.status === "awaiting_input" ? "in_progress" : view.status,
    };
  },
} satisfies Partial<EventHandlers>;

/**
 * A message's start or end puts it in the view: its agent is known (spawned late or not),
 * the message is (re)written from the event, and it takes its place in the feed once.
 */
function enterMessage(
  view: PartyView,
  m: MessageMeta,
  at: string | null,
  body: (existing: MessageView | undefined) => Pick<MessageView, "text" | "summary" | "status">,
): { v: PartyView; agent: boolean; existing: MessageView | undefined } {
  const agent = m.sender !== ORCHESTRATOR && m.sender !== PERSON;
  const v = agent ? ensureAgent(view, m.sender, m.phase) : view;
  const existing = v.messages[m.messageId];
  const msg: MessageView = { ...metaOf(m), ...body(existing), discardReason: null, at: existing?.at ?? at };
  return {
    v: { ...v, messages: { ...v.messages, [m.messageId]: msg }, feed: existing ? v.feed : [...v.feed, { kind: "message", id: m.messageId }] },
    agent,
    existing,
  };
}
