// Test-only: events and views the dashboard's tests share (the reducer's, the selectors', the
// end banner's): a party-mode start and the stored/live event wrappers the dashboard receives.
import type { IncomingEvent, MessageMeta, PartyEvent } from "@/lib/wire/events";
import { ORCHESTRATOR } from "@/lib/vocabulary";
import { applyEvents, initialView } from "../reducer";
import type { PartyView } from "../types";

/** Numbers stored events 1, 2, 3… the way the log does. */
export function stored(events: PartyEvent[], from = 1): IncomingEvent[] {
  return events.map((e, i) => ({ ...e, seq: from + i, at: `2026-11-22T10:00:${String(i % 60).padStart(2, "0")}Z` }));
}

export const live = (messageId: string, offset: number, text: string): IncomingEvent => ({ type: "message-delta", data: { messageId, offset, text } });

export function meta(over: Partial<MessageMeta> = {}): MessageMeta {
  return { messageId: "m1", phase: 1, type: "message", sender: "nadia", recipient: ORCHESTRATOR, label: "QUESTIONS", ...over };
}

export const PARTY_TASKS = [
  { number: 1, name: "Vision Council", subject: "Vision Council — gathering", activeForm: "Gathering project vision", maxMessages: 10 },
  { number: 2, name: "Stack & Architecture Debate", subject: "Stack Debate", activeForm: "Evaluating", maxMessages: 10 },
  { number: 3, name: "Blueprint Assembly", subject: "Blueprint", activeForm: "Producing", maxMessages: 10 },
  { number: 4, name: "Constitution & Scaffold", subject: "Constitution", activeForm: "Generating", maxMessages: 0 },
  { number: 5, name: "Walkthrough", subject: "Walkthrough", activeForm: "Running", maxMessages: 0 },
];

export const spawn = (agent: string, name: string, phase = 1): PartyEvent => ({
  type: "agent-spawn",
  data: { agent, name, title: `${name} title`, phase, model: "offline", style: "Calm" },
});

export function partyStart(): PartyEvent[] {
  return [
    { type: "party-start", data: { mode: "party", title: "Clinic triage", description: "A triage app", flags: ["--new", "--party"] } },
    { type: "mode-resolved", data: { mode: "party", via: "flag" } },
    { type: "team-create", data: { team_name: "inception-party", description: "team" } },
    { type: "task-create", data: { mode: "party", tasks: PARTY_TASKS } },
    { type: "phase-start", data: { phase: 1, name: "Vision Council", agents: ["nadia", "oscar", "tessa"] } },
    { type: "party-status", data: { status: "in_progress", currentPhase: 1 } },
    spawn("nadia", "Nadia"),
    spawn("oscar", "Oscar"),
    spawn("tessa", "Tessa"),
  ];
}

export function started(): PartyView {
  return applyEvents(initialView(), stored(partyStart()));
}

export const text = (v: PartyView, id = "m1") => v.messages[id]?.text;
