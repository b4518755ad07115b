// Handlers for the party's course: its start, mode, team, phases, budget rooms, usage
// and end.
import { isMode } from "@/lib/vocabulary";
import type { EventHandlers } from "./handler-types";
import { addCost, addNote, defaultPhases, shutDownAll, upsertPhase } from "./reducer-helpers";
import type { PhaseView } from "./types";

export const PARTY_LIFECYCLE_HANDLERS = {
  "party-start": (view, e) => {
    const mode = isMode(e.data.mode) ? e.data.mode : null;
    return {
      ...view,
      title: e.data.title,
      description: e.data.description,
      mode: view.mode ?? mode,
      phases: view.phases.length ? view.phases : defaultPhases(view.mode ?? mode),
    };
  },
  "mode-resolved": (view, e) => {
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
  },
  "team-create": (view, e) => ({ ...view, teamName: e.data.team_name, teamDeleted: false }),
  "team-delete": (view) => ({ ...view, teamDeleted: true, agents: shutDownAll(view.agents) }),
  "task-create": (view, e) => {
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
  },
  "phase-start": (view, e) => {
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
  },
  "phase-end": (view, e) => {
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
  },
  "room-update": (view, e) => ({ ...view, rooms: { ...view.rooms, [e.data.phase]: { open: e.data.open } } }),
  "walkthrough-step": (view, e, at) => addNote(view, `walkthrough-${view.lastSeq}`, { kind: "info", phase: null, text: `${e.data.title}: ${e.data.outcome}`, at }),
  "note": (view, e, at) => addNote(view, `note-${view.lastSeq}-${view.feed.length}`, { kind: e.data.kind, phase: e.data.phase, text: e.data.text, at }),
  "usage": (view, e) => {
    const d = e.data;
    const mode = view.mode;
    const i = view.usage.findIndex((u) => u.agent === d.agent && u.phase === d.phase && u.model === d.model && u.mode === mode);
    const usage = [...view.usage];
    if (i >= 0) usage[i] = { ...usage[i], inputTokens: usage[i].inputTokens + d.inputTokens, outputTokens: usage[i].outputTokens + d.outputTokens, costUsd: addCost(usage[i].costUsd, d.costUsd) };
    else usage.push({ agent: d.agent, phase: d.phase, model: d.model, mode, inputTokens: d.inputTokens, outputTokens: d.outputTokens, costUsd: d.costUsd ?? null });
    return { ...view, usage };
  },
  "party-status": (view, e) => {
    return {
      ...view,
      status: view.end ? view.status : e.data.status,
      currentPhase: e.data.currentPhase ?? view.currentPhase,
    };
  },
  "party-end": (view, e) => {
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
      end: { status: d.status, reason: d.reason ?? null, discoveryContext: d.discovery_context ?? null, requirements: d.requirements ?? [] },
    };
  },
} satisfies Partial<EventHandlers>;
