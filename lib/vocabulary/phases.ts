// The phases of both modes, as the orchestrator announces them (task-create, phase-start)
// and as the dashboard shows them before the first event arrives.
import type { Mode } from "./modes";

export interface PhaseDef {
  number: number;
  /** The short name shown on the timeline and in "Continue to …". */
  name: string;
  /** The task list entry: what the phase does, in one line. */
  subject: string;
  /** The spinner text while the phase runs. */
  activeForm: string;
  /** Agent messages the phase may spend; 0 = no budget (sequential phases, classic mode). */
  maxMessages: number;
}

export interface ClassicPhaseDef extends PhaseDef {
  /** The one agent that works in the phase (null: the orchestrator alone finalizes). */
  agent: string | null;
}

/**
 * Party mode's five tasks (T1–T5): the one declaration of their names and message budgets
 * (the persona file says only which phase each persona works in).
 */
export const PARTY_PHASES = [
  { number: 1, name: "Vision Council", subject: "Vision Council — gathering multi-perspective project vision", activeForm: "Gathering project vision", maxMessages: 10 },
  { number: 2, name: "Stack & Architecture Debate", subject: "Stack Debate — evaluating technology options", activeForm: "Evaluating technology options", maxMessages: 10 },
  { number: 3, name: "Blueprint Assembly", subject: "Blueprint Assembly — producing design artifacts", activeForm: "Producing design artifacts", maxMessages: 10 },
  { number: 4, name: "Constitution & Scaffold", subject: "Constitution & Scaffold — generating governance artifacts", activeForm: "Generating governance", maxMessages: 0 },
  { number: 5, name: "Walkthrough", subject: "Walkthrough — interactive review and next steps", activeForm: "Running walkthrough", maxMessages: 0 },
] as const satisfies readonly PhaseDef[];

/** Classic mode's eight sequential phases, one agent each. */
export const CLASSIC_PHASES = [
  { number: 1, name: "Project Vision", agent: "product_analyst", subject: "Project Vision — probing questions and the project brief", activeForm: "Gathering project vision", maxMessages: 0 },
  { number: 2, name: "Research", agent: "constitution_generator", subject: "Research — best practices, compliance, performance, testing standards", activeForm: "Researching the domain", maxMessages: 0 },
  { number: 3, name: "Tech Stack", agent: "discover-orchestrator", subject: "Tech Stack — recommending one cohesive stack", activeForm: "Recommending a tech stack", maxMessages: 0 },
  { number: 4, name: "Product Requirements", agent: "product_analyst", subject: "Product Requirements — writing the PRD", activeForm: "Writing product requirements", maxMessages: 0 },
  { number: 5, name: "Architecture Blueprint", agent: "architecture_designer", subject: "Architecture Blueprint — architecture, data model, test strategy", activeForm: "Designing the architecture", maxMessages: 0 },
  { number: 6, name: "Constitution", agent: "constitution_generator", subject: "Constitution — drafting and reviewing the articles", activeForm: "Drafting the constitution", maxMessages: 0 },
  { number: 7, name: "Project Structure & Skills", agent: "skills_researcher", subject: "Project Structure & Skills — scaffold, skills and walkthrough", activeForm: "Setting up structure and skills", maxMessages: 0 },
  { number: 8, name: "Finalize", agent: null, subject: "Finalize — discovery context and project state", activeForm: "Finalizing discovery", maxMessages: 0 },
] as const satisfies readonly ClassicPhaseDef[];

/** Any phase number of either mode (party uses 1–5, classic 1–8). */
export type PhaseNumber = (typeof CLASSIC_PHASES)[number]["number"];
export type PartyPhaseNumber = (typeof PARTY_PHASES)[number]["number"];

/** Party mode's phase `n`. */
export function partyPhase(n: PartyPhaseNumber): (typeof PARTY_PHASES)[number] {
  return PARTY_PHASES[n - 1];
}

export function phasesOf(mode: Mode): readonly PhaseDef[] {
  return mode === "party" ? PARTY_PHASES : CLASSIC_PHASES;
}

/** Display names, index 0 = phase 1. */
export function phaseNames(mode: Mode): string[] {
  return phasesOf(mode).map((p) => p.name);
}

/** "T2" in party mode (its tasks), "2" in classic mode (or before the mode is known). */
export function phaseLabel(mode: Mode | null, phase: number): string {
  return mode === "party" ? `T${phase}` : String(phase);
}

/** A phase named on its own in a line: "T2" in party mode, "Phase 2" otherwise. */
export function phaseTag(mode: Mode | null, phase: number): string {
  return mode === "party" ? phaseLabel(mode, phase) : `Phase ${phase}`;
}
