// The dashboard's view of a party, derived from its event log alone (DESIGN.md: "the log
// is the truth; a reload shows the same screen"). Pure and React-free: `applyEvent`
// returns a new state and never mutates its input, so React can compare by identity and
// the unit tests can replay any sequence of events.
import type { InputRequestData, MessageMeta, MissingArtifact, NextStepAction, PartyEvent, PartyStatus, RevisionStart } from "@/lib/party/events";
import { PERSON } from "@/lib/party/room";
import { ORCHESTRATOR } from "@/lib/party/roster";

export { ORCHESTRATOR, PERSON };

export type Mode = "party" | "classic";
export type PhaseStatus = "pending" | "in_progress" | "completed" | "failed" | "cancelled";
export type AgentStatus = "idle" | "thinking" | "speaking" | "failed" | "shutdown";
export type MessageStatus = "streaming" | "done" | "discarded";

export interface PhaseView {
  number: number;
  name: string;
  subject: string | null;
  activeForm: string | null;
  status: PhaseStatus;
  agents: string[];
  /** Agent messages that count against the budget (not the orchestrator's, not "work"). */
  messages: number;
  /** 0 = no budget for this phase (sequential phases, classic mode). */
  maxMessages: number;
  /** How many times the phase was started (a retry after a total failure starts it again). */
  attempts: number;
}

export interface AgentView {
  agent: string;
  name: string;
  title: string;
  style: string;
  model: string | null;
  phase: number;
  status: AgentStatus;
  /** Failed attempts in its current phase (1 = a retry is under way). */
  failures: number;
  lastError: string | null;
  /** The message it is writing now, if any. */
  activeMessageId: string | null;
}

/** Only the envelope: message-end's data also carries content and summary. */
function metaOf(m: MessageMeta): MessageMeta {
  return { messageId: m.messageId, phase: m.phase, type: m.type, sender: m.sender, recipient: m.recipient, label: m.label, ...(m.replyTo?.length ? { replyTo: m.replyTo } : {}) };
}

export interface MessageView extends MessageMeta {
  text: string;
  summary: string | null;
  status: MessageStatus;
  discardReason: string | null;
  at: string | null;
}

export interface NoteView {
  id: string;
  kind: "degradation" | "status" | "info" | "warning" | "failure";
  phase: number | null;
  text: string;
  at: string | null;
}

export interface ArtifactView {
  path: string;
  title: string;
  producer: string;
  phase: number;
  content: string;
  version: number;
  at: string | null;
  /** Every version written, oldest first (the last is `content`): the picker and the diff read them. */
  versions: ArtifactVersionView[];
}

export interface ArtifactVersionView {
  version: number;
  content: string;
  at: string | null;
  /** Why it was written again ("Revised with the person's feedback: …"); null for the first writing. */
  reason: string | null;
}

/** A revision (or a first writing of a missing artifact) and how it ended. */
export interface RevisionView extends Pick<RevisionStart, "revisionId" | "artifactPath" | "title" | "agent" | "feedback" | "missing" | "source"> {
  status: "running" | "completed" | "failed";
  version: number | null;
  changesSummary: string | null;
  reason: string | null;
}

/** One perspective's verdict in a critique round (seed 003: a rating of 1 to 5). */
export interface CritiqueRating {
  name: string;
  rating: number;
  /** "perspective", "fallback" (the default model spoke for it) or "direct-reading". */
  source: string;
}

/** A multi-perspective critique round (seed 003) on one artifact, from its critique-result. */
export interface CritiqueRoundView {
  roundId: string;
  artifactPath: string;
  phase: number;
  /** "consensus_reached" | "consensus_blocked". */
  verdict: string;
  /** Divergence severity: "HIGH" | "MEDIUM" | "LOW" (or "NONE"). */
  severity: string;
  averageRating: number;
  ratings: CritiqueRating[];
  /** "proceed" | "revise" | "proceed-with-caution" | "escalate". */
  recommendation: string;
  /** The discussion record, itself an artifact. */
  recordPath: string;
  actionItems: string[];
  at: string | null;
}

/** A critique round that started and has no result yet. */
export interface RunningCritiqueView {
  roundId: string;
  artifactPath: string;
  /** Asked for by the person ("Critique this"), not part of a phase. */
  onDemand: boolean;
  perspectives: string[];
  at: string | null;
}

export interface UsageTotals {
  inputTokens: number;
  outputTokens: number;
  /** US dollars; null once any of it ran on a model whose price is unknown (the offline model costs 0). */
  costUsd: number | null;
}

/** Dollars add up only while every part is known. */
const addCost = (a: number | null, b: number | null | undefined): number | null => (a === null || b == null ? null : a + b);

export interface UsageRow extends UsageTotals {
  agent: string;
  phase: number;
  model: string;
  /**
   * The mode the party ran in when the tokens were spent. Phase numbers alone are
   * ambiguous after a fallback: party T1–T5 and classic 1–8 reuse the same numbers.
   */
  mode: Mode | null;
}

/** Tokens of one phase of one mode. */
export interface PhaseUsage extends UsageTotals {
  phase: number;
  mode: Mode | null;
  /** "T2. Stack & Architecture Debate" (party) or "2. Research" (classic). */
  label: string;
  /** Spent in the party-mode phases that a fallback to classic gave up. */
  abandoned: boolean;
}

export interface NextStepsView {
  id: string;
  source: "phase" | "party";
  phase: number | null;
  title: string;
  text: string;
  /** What each suggested item does as a button (its label is the block's own text). */
  actions: NextStepAction[];
}

export interface InputRecord {
  requestId: string;
  kind: string;
  title: string;
  answered: boolean;
  selection: string | null;
  selectionLabel: string | null;
  text: string | null;
  at: string | null;
}

export type FeedItem =
  | { kind: "message"; id: string }
  | { kind: "note"; id: string }
  | { kind: "phase"; id: string; phase: number; name: string; event: "start" | "end"; status: PhaseStatus }
  | { kind: "input"; id: string }
  | { kind: "critique"; id: string };

export interface PartyEnd {
  status: "completed" | "failed" | "cancelled";
  reason: string | null;
  discoveryContext: unknown;
}

export interface PartyView {
  /** Highest stored seq applied; stored events at or below it are duplicates. */
  lastSeq: number;
  title: string | null;
  description: string | null;
  mode: Mode | null;
  modeVia: "flag" | "menu" | "fallback" | null;
  status: PartyStatus;
  currentPhase: number | null;
  phases: PhaseView[];
  /** The party-mode phases given up by a fallback to classic, for the record. */
  abandonedPhases: PhaseView[];
  teamName: string | null;
  teamDeleted: boolean;
  agents: Record<string, AgentView>;
  /** Agents in the order they first appeared. */
  agentOrder: string[];
  messages: Record<string, MessageView>;
  feed: FeedItem[];
  notes: Record<string, NoteView>;
  artifacts: Record<string, ArtifactView>;
  /** Artifact paths in first-written order. */
  artifactOrder: string[];
  /** Critique rounds by round id (a round may arrive before its artifact is written). */
  critiques: Record<string, CritiqueRoundView>;
  /** Round ids in arrival order. */
  critiqueOrder: string[];
  /** Rounds started and not finished, by round id (survives a reload: it is in the log). */
  runningCritiques: Record<string, RunningCritiqueView>;
  /** Revisions by id, and their ids in arrival order. */
  revisions: Record<string, RevisionView>;
  revisionOrder: string[];
  /** Promised artifacts a failed agent never wrote, by path (gone once written). */
  missing: Record<string, MissingArtifact>;
  /** Per phase: whether its room takes the person's messages (room-update). */
  rooms: Record<number, { open: boolean }>;
  usage: UsageRow[];
  pendingInput: InputRequestData | null;
  inputs: Record<string, InputRecord>;
  nextSteps: NextStepsView[];
  end: PartyEnd | null;
  /** Deltas that arrived ahead of the text they continue (offset > current length). */
  heldDeltas: Record<string, Array<{ offset: number; text: string }>>;
}

/** Party mode's phases as lib/party/party-mode.ts declares them: what the timeline shows before task-create arrives. */
export const PARTY_PHASES: ReadonlyArray<Pick<PhaseView, "number" | "name" | "activeForm" | "maxMessages">> = [
  { number: 1, name: "Vision Council", activeForm: "Gathering project vision", maxMessages: 10 },
  { number: 2, name: "Stack & Architecture Debate", activeForm: "Evaluating technology options", maxMessages: 10 },
  { number: 3, name: "Blueprint Assembly", activeForm: "Producing design artifacts", maxMessages: 10 },
  { number: 4, name: "Constitution & Scaffold", activeForm: "Generating governance", maxMessages: 0 },
  { number: 5, name: "Walkthrough", activeForm: "Running walkthrough", maxMessages: 0 },
];

/** CLASSIC-FLOW.md: the eight sequential phases. */
export const CLASSIC_PHASES: ReadonlyArray<Pick<PhaseView, "number" | "name" | "activeForm" | "maxMessages">> = [
  { number: 1, name: "Project Vision", activeForm: "Gathering project vision", maxMessages: 0 },
  { number: 2, name: "Research", activeForm: "Researching the domain", maxMessages: 0 },
  { number: 3, name: "Tech Stack", activeForm: "Recommending a tech stack", maxMessages: 0 },
  { number: 4, name: "Product Requirements", activeForm: "Writing product requirements", maxMessages: 0 },
  { number: 5, name: "Architecture Blueprint", activeForm: "Designing the architecture", maxMessages: 0 },
  { number: 6, name: "Constitution", activeForm: "Drafting the constitution", maxMessages: 0 },
  { number: 7, name: "Project Structure & Skills", activeForm: "Setting up structure and skills", maxMessages: 0 },
  { number: 8, name: "Finalize", activeForm: "Finalizing discovery", maxMessages: 0 },
];

/** Display names for agents that join without an agent-spawn (sub-agents, classic agents). */
const KNOWN_AGENTS: Record<string, { name: string; title: string; style: string }> = {
  [ORCHESTRATOR]: { name: "Orchestrator", title: "Discover Orchestrator", style: "Coordinating" },
  [PERSON]: { name: "You", title: "You", style: "" },
  constitution_generator: { name: "Constitution Generator", title: "Constitution Generator", style: "Principled, traceable" },
  skills_researcher: { name: "Skills Researcher", title: "Skills Researcher", style: "Practical, stack-aware" },
  product_analyst: { name: "Product Analyst", title: "Product Analyst", style: "Probing, user-focused" },
  architecture_designer: { name: "Architecture Designer", title: "Architecture Designer", style: "Systematic, pattern-driven" },
};

const MAX_HELD_PER_MESSAGE = 4000;

export function defaultPhases(mode: Mode | null): PhaseView[] {
  if (!mode) return [];
  return (mode === "party" ? PARTY_PHASES : CLASSIC_PHASES).map((p) => ({
    ...p,
    subject: null,
    status: "pending" as const,
    agents: [],
    messages: 0,
    attempts: 0,
  }));
}

export function initialView(): PartyView {
  return {
    lastSeq: 0,
    title: null,
    description: null,
    mode: null,
    modeVia: null,
    status: "pending",
    currentPhase: null,
    phases: [],
    abandonedPhases: [],
    teamName: null,
    teamDeleted: false,
    agents: {},
    agentOrder: [],
    messages: {},
    feed: [],
    notes: {},
    artifacts: {},
    artifactOrder: [],
    critiques: {},
    critiqueOrder: [],
    runningCritiques: {},
    revisions: {},
    revisionOrder: [],
    missing: {},
    rooms: {},
    usage: [],
    pendingInput: null,
    inputs: {},
    nextSteps: [],
    end: null,
    heldDeltas: {},
  };
}

/** "data_modeler" → "Data Modeler". */
export function humanize(key: string): string {
  return key
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

export function agentDisplay(view: Pick<PartyView, "agents">, key: string): { name: string; title: string } {
  const a = view.agents[key];
  if (a) return { name: a.name, title: a.title };
  const k = KNOWN_AGENTS[key];
  if (k) return { name: k.name, title: k.title };
  return { name: humanize(key), title: "" };
}

/** Avatar letters: "Constitution Generator" → "CG", "Nadia" → "NA". */
export function initials(name: string): string {
  const words = name.split(/[\s_-]+/).filter(Boolean);
  if (words.length >= 2) return (words[0][0] + words[1][0]).toUpperCase();
  return (words[0] ?? "?").slice(0, 2).toUpperCase();
}

/** A stored event (with seq) or a live token delta (no seq). */
export type IncomingEvent = PartyEvent & { seq?: number; at?: string };

/** Applies a batch in order; returns the same object when nothing changed. */
export function applyEvents(view: PartyView, events: readonly IncomingEvent[]): PartyView {
  let v = view;
  for (const e of events) v = applyEvent(v, e);
  return v;
}

export function applyEvent(view: PartyView, e: IncomingEvent): PartyView {
  if (e.seq !== undefined) {
    if (e.seq <= view.lastSeq) return view; // a replayed or duplicated stored event
    view = { ...view, lastSeq: e.seq };
  }
  const at = e.at ?? null;
  switch (e.type) {
    case "party-start": {
      const mode = e.data.mode === "party" || e.data.mode === "classic" ? e.data.mode : null;
      return {
        ...view,
        title: e.data.title,
        description: e.data.description,
        mode: view.mode ?? mode,
        phases: view.phases.length ? view.phases : defaultPhases(view.mode ?? mode),
      };
    }
    case "mode-resolved": {
      if (e.data.via === "fallback") {
        return {
          ...view,
          mode: e.data.mode,
          modeVia: "fallback",
          abandonedPhases: view.phases,
          phases: defaultPhases(e.data.mode),
          currentPhase: null,
          agents: shutDownAll(view.agents),
        };
      }
      return {
        ...view,
        mode: e.data.mode,
        modeVia: e.data.via,
        phases: view.phases.length && view.mode === e.data.mode ? view.phases : defaultPhases(e.data.mode),
      };
    }
    case "team-create":
      return { ...view, teamName: e.data.team_name, teamDeleted: false };
    case "team-delete":
      return { ...view, teamDeleted: true, agents: shutDownAll(view.agents) };
    case "task-create": {
      const phases: PhaseView[] = e.data.tasks.map((t) => ({
        number: t.number,
        name: t.name,
        subject: t.subject,
        activeForm: t.activeForm,
        status: "pending",
        agents: [],
        messages: 0,
        maxMessages: t.maxMessages,
        attempts: 0,
      }));
      const switched = view.mode !== null && view.mode !== e.data.mode && view.phases.some((p) => p.status !== "pending");
      return {
        ...view,
        mode: e.data.mode,
        phases,
        abandonedPhases: switched && !view.abandonedPhases.length ? view.phases : view.abandonedPhases,
      };
    }
    case "phase-start": {
      const { phase, name, agents } = e.data;
      const phases = upsertPhase(view.phases, phase, (p) => ({
        ...p,
        name: name || p.name,
        status: "in_progress",
        agents: agents.length ? agents : p.agents,
        messages: 0,
        attempts: p.attempts + 1,
      }));
      return {
        ...view,
        phases,
        currentPhase: phase,
        feed: [...view.feed, { kind: "phase", id: `phase-${phase}-start-${view.lastSeq}`, phase, name, event: "start", status: "in_progress" }],
      };
    }
    case "phase-end": {
      const { phase, name, status, messages, nextSteps } = e.data;
      const phases = upsertPhase(view.phases, phase, (p) => ({ ...p, name: name || p.name, status, messages }));
      const next = nextSteps
        ? [...view.nextSteps, { id: `phase-${phase}-${view.lastSeq}`, source: "phase" as const, phase, title: `After phase ${phase} — ${name}`, text: nextSteps, actions: e.data.nextStepActions ?? [] }]
        : view.nextSteps;
      return {
        ...view,
        phases,
        nextSteps: next,
        feed: [...view.feed, { kind: "phase", id: `phase-${phase}-end-${view.lastSeq}`, phase, name, event: "end", status }],
      };
    }
    case "agent-spawn": {
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
    }
    case "agent-shutdown": {
      const a = view.agents[e.data.agent];
      if (!a) return view;
      return setAgent(view, { ...a, status: a.status === "failed" ? "failed" : "shutdown", activeMessageId: null });
    }
    case "agent-failure": {
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
    }
    case "message-start": {
      const m = e.data;
      const agent = m.sender !== ORCHESTRATOR && m.sender !== PERSON;
      let v = agent ? ensureAgent(view, m.sender, m.phase) : view;
      const existing = v.messages[m.messageId];
      const msg: MessageView = {
        ...metaOf(m),
        text: existing && existing.status === "streaming" ? existing.text : "",
        summary: null,
        status: "streaming",
        discardReason: null,
        at: existing?.at ?? at,
      };
      v = {
        ...v,
        messages: { ...v.messages, [m.messageId]: msg },
        feed: existing ? v.feed : [...v.feed, { kind: "message", id: m.messageId }],
      };
      if (m.sender !== ORCHESTRATOR) {
        const a = agent ? v.agents[m.sender] : undefined;
        if (a) v = setAgent(v, { ...a, status: "thinking", activeMessageId: m.messageId });
      }
      return drainHeld(v, m.messageId);
    }
    case "message-delta": {
      const { messageId, offset, text } = e.data;
      const msg = view.messages[messageId];
      if (!msg) return hold(view, messageId, offset, text);
      if (msg.status !== "streaming") return view; // ended (content is final) or discarded
      if (offset > msg.text.length) return hold(view, messageId, offset, text);
      if (offset + text.length <= msg.text.length) return view; // already have it
      const v = setMessage(view, { ...msg, text: msg.text + text.slice(msg.text.length - offset) });
      return drainHeld(markSpeaking(v, msg), messageId);
    }
    case "message-discard": {
      const msg = view.messages[e.data.messageId];
      const { [e.data.messageId]: _dropped, ...held } = view.heldDeltas;
      let v: PartyView = { ...view, heldDeltas: held };
      if (!msg) return v;
      v = setMessage(v, { ...msg, text: "", status: "discarded", discardReason: e.data.reason });
      const a = v.agents[msg.sender];
      if (a && a.activeMessageId === msg.messageId) v = setAgent(v, { ...a, status: a.status === "failed" ? "failed" : "idle", activeMessageId: null });
      return v;
    }
    case "message-end": {
      const m = e.data;
      const agent = m.sender !== ORCHESTRATOR && m.sender !== PERSON;
      let v = agent ? ensureAgent(view, m.sender, m.phase) : view;
      const existing = v.messages[m.messageId];
      const msg: MessageView = {
        ...metaOf(m),
        text: m.content,
        summary: m.summary || null,
        status: "done",
        discardReason: null,
        at: existing?.at ?? at,
      };
      const { [m.messageId]: _dropped, ...held } = v.heldDeltas;
      v = {
        ...v,
        heldDeltas: held,
        messages: { ...v.messages, [m.messageId]: msg },
        feed: existing ? v.feed : [...v.feed, { kind: "message", id: m.messageId }],
      };
      if (m.sender !== ORCHESTRATOR) {
        const a = agent ? v.agents[m.sender] : undefined;
        if (a && a.status !== "shutdown" && a.status !== "failed") v = setAgent(v, { ...a, status: "idle", activeMessageId: null, failures: 0 });
        if (m.type !== "work" && (!existing || existing.status !== "done")) {
          v = { ...v, phases: upsertPhase(v.phases, m.phase, (p) => ({ ...p, messages: p.messages + 1 })) };
        }
      }
      return v;
    }
    case "note":
      return addNote(view, `note-${view.lastSeq}-${view.feed.length}`, { kind: e.data.kind, phase: e.data.phase, text: e.data.text, at });
    case "input-request": {
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
    }
    case "input-response": {
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
    }
    case "artifact-write": {
      const d = e.data;
      const prev = view.artifacts[d.path];
      const version = d.version ?? (prev?.version ?? 0) + 1;
      const versions = [...(prev?.versions ?? []), { version, content: d.content, at, reason: d.reason ?? null }];
      const art: ArtifactView = { path: d.path, title: d.title, producer: d.producer, phase: d.phase, content: d.content, version, at, versions };
      const { [d.path]: _written, ...missing } = view.missing;
      return {
        ...view,
        missing: _written ? missing : view.missing,
        artifacts: { ...view.artifacts, [d.path]: art },
        artifactOrder: prev ? view.artifactOrder : [...view.artifactOrder, d.path],
      };
    }
    case "artifact-discard": {
      // The critiques of a discarded artifact (and their records) go with it.
      if (e.data.paths.includes("*")) return { ...view, artifacts: {}, artifactOrder: [], critiques: {}, critiqueOrder: [], runningCritiques: {} };
      const drop = new Set(e.data.paths);
      const artifacts = Object.fromEntries(Object.entries(view.artifacts).filter(([p]) => !drop.has(p)));
      const critiques = Object.fromEntries(Object.entries(view.critiques).filter(([, c]) => !drop.has(c.artifactPath) && !drop.has(c.recordPath)));
      return {
        ...view,
        artifacts,
        artifactOrder: view.artifactOrder.filter((p) => !drop.has(p)),
        critiques,
        critiqueOrder: view.critiqueOrder.filter((id) => critiques[id]),
        runningCritiques: Object.fromEntries(Object.entries(view.runningCritiques).filter(([, c]) => !drop.has(c.artifactPath))),
      };
    }
    case "critique-start": {
      const d = e.data;
      const perspectives = Array.isArray(d.perspectives) ? d.perspectives.map((p) => String(p?.name ?? "")) : [];
      const running: RunningCritiqueView = { roundId: d.roundId, artifactPath: d.artifactPath, onDemand: d.onDemand === true, perspectives, at };
      return { ...view, runningCritiques: { ...view.runningCritiques, [d.roundId]: running } };
    }
    case "critique-result": {
      const d = e.data;
      const round: CritiqueRoundView = {
        roundId: d.roundId,
        artifactPath: d.artifactPath,
        phase: d.phase,
        verdict: d.verdict,
        severity: d.severity,
        averageRating: d.averageRating,
        ratings: Array.isArray(d.ratings) ? d.ratings.map((r) => ({ name: r.name, rating: r.rating, source: r.source })) : [],
        recommendation: d.recommendation,
        recordPath: d.recordPath,
        actionItems: Array.isArray(d.actionItems) ? d.actionItems : [],
        at,
      };
      // A round that runs again (its phase was retried) replaces the earlier result in place.
      const known = Boolean(view.critiques[d.roundId]);
      const { [d.roundId]: _finished, ...runningCritiques } = view.runningCritiques;
      return {
        ...view,
        runningCritiques,
        // A round on a finished party wakes its perspectives' agents; they are done again.
        agents: view.end ? shutDownAll(view.agents) : view.agents,
        critiques: { ...view.critiques, [d.roundId]: round },
        critiqueOrder: known ? view.critiqueOrder : [...view.critiqueOrder, d.roundId],
        feed: known ? view.feed : [...view.feed, { kind: "critique", id: d.roundId }],
      };
    }
    case "revision-start": {
      const d = e.data;
      const rev: RevisionView = {
        revisionId: d.revisionId,
        artifactPath: d.artifactPath,
        title: d.title,
        agent: d.agent,
        feedback: d.feedback,
        missing: d.missing,
        source: d.source,
        status: "running",
        version: null,
        changesSummary: null,
        reason: null,
      };
      const known = Boolean(view.revisions[d.revisionId]);
      return { ...view, revisions: { ...view.revisions, [d.revisionId]: rev }, revisionOrder: known ? view.revisionOrder : [...view.revisionOrder, d.revisionId] };
    }
    case "revision-result": {
      const d = e.data;
      const prev = view.revisions[d.revisionId];
      if (!prev) return view;
      return { ...view, revisions: { ...view.revisions, [d.revisionId]: { ...prev, status: d.status, version: d.version, changesSummary: d.changesSummary, reason: d.reason } } };
    }
    case "artifact-missing":
      return view.artifacts[e.data.path] ? view : { ...view, missing: { ...view.missing, [e.data.path]: e.data } };
    case "room-update":
      return { ...view, rooms: { ...view.rooms, [e.data.phase]: { open: e.data.open } } };
    case "walkthrough-step":
      return addNote(view, `walkthrough-${view.lastSeq}`, { kind: "info", phase: null, text: `${e.data.title}: ${e.data.outcome}`, at });
    case "usage": {
      const d = e.data;
      const mode = view.mode;
      const i = view.usage.findIndex((u) => u.agent === d.agent && u.phase === d.phase && u.model === d.model && u.mode === mode);
      const usage = [...view.usage];
      if (i >= 0) usage[i] = { ...usage[i], inputTokens: usage[i].inputTokens + d.inputTokens, outputTokens: usage[i].outputTokens + d.outputTokens, costUsd: addCost(usage[i].costUsd, d.costUsd) };
      else usage.push({ agent: d.agent, phase: d.phase, model: d.model, mode, inputTokens: d.inputTokens, outputTokens: d.outputTokens, costUsd: d.costUsd ?? null });
      return { ...view, usage };
    }
    case "party-status":
      return {
        ...view,
        status: view.end ? view.status : e.data.status,
        currentPhase: e.data.currentPhase ?? view.currentPhase,
      };
    case "party-end": {
      const d = e.data;
      const finalPhase = d.status === "completed" ? null : d.status;
      const phases = finalPhase ? view.phases.map((p) => (p.status === "in_progress" ? { ...p, status: finalPhase } : p)) : view.phases;
      const next = d.nextSteps
        ? [...view.nextSteps, { id: `party-end-${view.lastSeq}`, source: "party" as const, phase: null, title: "Suggested next steps", text: d.nextSteps, actions: d.nextStepActions ?? [] }]
        : view.nextSteps;
      return {
        ...view,
        status: d.status,
        phases,
        nextSteps: next,
        pendingInput: null,
        agents: shutDownAll(view.agents),
        end: { status: d.status, reason: d.reason ?? null, discoveryContext: d.discovery_context ?? null },
      };
    }
    default:
      return view;
  }
}

function upsertPhase(phases: PhaseView[], n: number, f: (p: PhaseView) => PhaseView): PhaseView[] {
  const i = phases.findIndex((p) => p.number === n);
  if (i >= 0) {
    const out = [...phases];
    out[i] = f(phases[i]);
    return out;
  }
  const blank: PhaseView = { number: n, name: `Phase ${n}`, subject: null, activeForm: null, status: "pending", agents: [], messages: 0, maxMessages: 0, attempts: 0 };
  return [...phases, f(blank)].sort((a, b) => a.number - b.number);
}

function setAgent(view: PartyView, a: AgentView): PartyView {
  return { ...view, agents: { ...view.agents, [a.agent]: a } };
}

function setMessage(view: PartyView, m: MessageView): PartyView {
  return { ...view, messages: { ...view.messages, [m.messageId]: m } };
}

/** Sub-agents and classic agents speak without an agent-spawn: give them a card anyway. */
function ensureAgent(view: PartyView, key: string, phase: number): PartyView {
  const a = view.agents[key];
  if (a) return a.phase === phase ? view : setAgent(view, { ...a, phase, status: a.status === "speaking" || a.status === "thinking" ? a.status : "idle", failures: 0 });
  const k = KNOWN_AGENTS[key] ?? { name: humanize(key), title: "", style: "" };
  return {
    ...view,
    agents: {
      ...view.agents,
      [key]: { agent: key, name: k.name, title: k.title, style: k.style, model: null, phase, status: "idle", failures: 0, lastError: null, activeMessageId: null },
    },
    agentOrder: [...view.agentOrder, key],
  };
}

function markSpeaking(view: PartyView, msg: MessageView): PartyView {
  const a = view.agents[msg.sender];
  if (!a || a.status === "speaking" || a.status === "shutdown" || a.status === "failed") return view;
  return setAgent(view, { ...a, status: "speaking", activeMessageId: msg.messageId });
}

function shutDownAll(agents: Record<string, AgentView>): Record<string, AgentView> {
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

function hold(view: PartyView, messageId: string, offset: number, text: string): PartyView {
  const list = view.heldDeltas[messageId] ?? [];
  if (list.length >= MAX_HELD_PER_MESSAGE) return view;
  return { ...view, heldDeltas: { ...view.heldDeltas, [messageId]: [...list, { offset, text }] } };
}

/** Applies held deltas that the text has now caught up with; drops the ones it passed. */
function drainHeld(view: PartyView, messageId: string): PartyView {
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

function addNote(view: PartyView, id: string, note: Omit<NoteView, "id">): PartyView {
  return { ...view, notes: { ...view.notes, [id]: { id, ...note } }, feed: [...view.feed, { kind: "note", id }] };
}

// ——— selectors ———

export function usageByAgent(view: Pick<PartyView, "usage">): Array<UsageTotals & { agent: string }> {
  const m = new Map<string, UsageTotals>();
  for (const u of view.usage) {
    const t = m.get(u.agent) ?? { inputTokens: 0, outputTokens: 0, costUsd: 0 };
    m.set(u.agent, { inputTokens: t.inputTokens + u.inputTokens, outputTokens: t.outputTokens + u.outputTokens, costUsd: addCost(t.costUsd, u.costUsd) });
  }
  return [...m].map(([agent, t]) => ({ agent, ...t }));
}

/**
 * Tokens per phase, each phase of each mode on its own row: after a fallback the party
 * phases it gave up come first (marked abandoned), then the classic ones.
 */
export function usageByPhase(view: Pick<PartyView, "usage" | "mode" | "phases" | "abandonedPhases">): PhaseUsage[] {
  const m = new Map<string, PhaseUsage>();
  for (const u of view.usage) {
    const key = `${u.mode ?? ""}:${u.phase}`;
    const t = m.get(key) ?? { phase: u.phase, mode: u.mode, inputTokens: 0, outputTokens: 0, costUsd: 0, ...phaseUsageLabel(view, u.mode, u.phase) };
    m.set(key, { ...t, inputTokens: t.inputTokens + u.inputTokens, outputTokens: t.outputTokens + u.outputTokens, costUsd: addCost(t.costUsd, u.costUsd) });
  }
  return [...m.values()].sort((a, b) => Number(!a.abandoned) - Number(!b.abandoned) || a.phase - b.phase);
}

function phaseUsageLabel(view: Pick<PartyView, "mode" | "phases" | "abandonedPhases">, mode: Mode | null, phase: number): { label: string; abandoned: boolean } {
  const abandoned = mode !== null && view.mode !== null && mode !== view.mode;
  const list = abandoned ? view.abandonedPhases : view.phases;
  const defaults = mode === "party" ? PARTY_PHASES : mode === "classic" ? CLASSIC_PHASES : [];
  const name = list.find((p) => p.number === phase)?.name ?? defaults.find((p) => p.number === phase)?.name;
  const number = mode === "party" ? `T${phase}` : String(phase);
  return { label: name ? `${number}. ${name}` : `Phase ${number}`, abandoned };
}

export function usageTotal(view: Pick<PartyView, "usage">): UsageTotals {
  return view.usage.reduce<UsageTotals>(
    (t, u) => ({ inputTokens: t.inputTokens + u.inputTokens, outputTokens: t.outputTokens + u.outputTokens, costUsd: addCost(t.costUsd, u.costUsd) }),
    { inputTokens: 0, outputTokens: 0, costUsd: 0 },
  );
}

/** The phase the dashboard focuses on: the running one, else the last one that started. */
export function focusPhase(view: Pick<PartyView, "phases" | "currentPhase">): PhaseView | null {
  return view.phases.find((p) => p.number === view.currentPhase) ?? view.phases.find((p) => p.status === "in_progress") ?? null;
}

/** Team cards: the agents of the focused phase (the party's roster changes per phase). */
export function currentTeam(view: PartyView): AgentView[] {
  const phase = view.currentPhase;
  const list = view.agentOrder.map((k) => view.agents[k]).filter(Boolean);
  if (phase === null) return list.filter((a) => a.status !== "shutdown");
  return list.filter((a) => a.phase === phase);
}

export function phaseProgress(view: Pick<PartyView, "phases">): { done: number; total: number } {
  return { done: view.phases.filter((p) => p.status === "completed").length, total: view.phases.length };
}

/** The critique rounds of one artifact, oldest first. */
export function critiquesOf(view: Pick<PartyView, "critiques" | "critiqueOrder">, path: string): CritiqueRoundView[] {
  return view.critiqueOrder.flatMap((id) => (view.critiques[id]?.artifactPath === path ? [view.critiques[id]] : []));
}

/** The round whose discussion record is at `path`, if it is one. */
export function critiqueOfRecord(view: Pick<PartyView, "critiques" | "critiqueOrder">, path: string): CritiqueRoundView | null {
  for (const id of view.critiqueOrder) if (view.critiques[id]?.recordPath === path) return view.critiques[id];
  return null;
}

export function isFinished(status: PartyStatus): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

/** The revision that runs now, if any (one at a time per party). */
export function runningRevision(view: Pick<PartyView, "revisions" | "revisionOrder">): RevisionView | null {
  for (let i = view.revisionOrder.length - 1; i >= 0; i--) {
    const r = view.revisions[view.revisionOrder[i]];
    if (r?.status === "running") return r;
  }
  return null;
}

/** Whether the person can speak into the room now: a phase with agents, its room open, the party not over. */
export function roomOpen(view: Pick<PartyView, "status" | "currentPhase" | "rooms" | "phases">): boolean {
  if (isFinished(view.status) || view.currentPhase == null) return false;
  const phase = view.phases.find((p) => p.number === view.currentPhase);
  if (!phase || phase.agents.length === 0) return false;
  return view.rooms[view.currentPhase]?.open ?? phase.status === "in_progress";
}
