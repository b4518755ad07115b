// The documents each mode promises, who writes each, and how one is rewritten: the
// source of "missing artifacts" (promised, never written because its agent failed) and of
// revisions (the producer rewrites its own document, with the same validation).
import type { MissingArtifact } from "../wire/events";
import { agentInfo } from "./roster";
import type { PersonaConfig } from "../agents/persona-config";
import { ARTIFACT_KINDS, ARTIFACT_PATHS, type TaskKey } from "@inception-party/protocol";
import { ORCHESTRATOR, type Mode } from "../vocabulary";

export interface Promised {
  path: string;
  title: string;
  /** The agent that writes it (persona key). */
  producer: string;
  phase: number;
}

/** The scaffold is derived from the architecture's Directory Layout, never written by an agent. */
export const SCAFFOLD_PATH = "scaffold.txt";

const doc = (path: string, title: string, producer: string, phase: number): Promised => ({ path, title, producer, phase });

export const PROMISED: Record<Mode, Promised[]> = {
  party: [
    doc(ARTIFACT_PATHS.brief, "Project Brief", ORCHESTRATOR, 1),
    doc(ARTIFACT_PATHS.architecture, ARTIFACT_KINDS["architecture-overview"].title, "architect", 3),
    doc(ARTIFACT_PATHS.dataModel, ARTIFACT_KINDS["data-model"].title, "data_modeler", 3),
    doc(ARTIFACT_PATHS.testStrategy, ARTIFACT_KINDS["test-strategy-outline"].title, "test_strategist", 3),
    doc(ARTIFACT_PATHS.constitution, "Constitution", "constitution_generator", 4),
    doc(ARTIFACT_PATHS.skillReport, "Skill Customization Report", "skills_researcher", 4),
  ],
  classic: [
    doc(ARTIFACT_PATHS.brief, "Project Brief", "product_analyst", 1),
    doc(ARTIFACT_PATHS.prd, ARTIFACT_KINDS.prd.title, "product_analyst", 4),
    doc(ARTIFACT_PATHS.architecture, ARTIFACT_KINDS["architecture-overview"].title, "architecture_designer", 5),
    doc(ARTIFACT_PATHS.dataModel, ARTIFACT_KINDS["data-model"].title, "architecture_designer", 5),
    doc(ARTIFACT_PATHS.testStrategy, ARTIFACT_KINDS["test-strategy-outline"].title, "architecture_designer", 5),
    doc(ARTIFACT_PATHS.constitution, "Constitution", "constitution_generator", 6),
    doc(ARTIFACT_PATHS.skillReport, "Skill Customization Report", "skills_researcher", 7),
  ],
};

export function promisedFor(mode: Mode, path: string): Promised | undefined {
  return PROMISED[mode].find((p) => p.path === path);
}

/** A promised document its agent failed to write, with a one-line reason for a banner. */
export function missingArtifact(personas: PersonaConfig, p: Promised): MissingArtifact {
  const agentName = agentInfo(personas, p.producer).name;
  return { path: p.path, title: p.title, agent: p.producer, agentName, phase: p.phase, reason: `The ${p.title.toLowerCase()} could not be written: ${agentName} failed twice.` };
}

/** The artifact-missing events for these promised paths of `mode`. */
export function missingEvents(personas: PersonaConfig, mode: Mode, paths: readonly string[]) {
  return PROMISED[mode].filter((p) => paths.includes(p.path)).map((p) => ({ type: "artifact-missing" as const, data: missingArtifact(personas, p) }));
}

/** The agent turn that (re)writes a document: its own revise task, or its first-writing task when it was never written. */
export function rewriteTask(mode: Mode, path: string, exists: boolean): TaskKey {
  if (path === ARTIFACT_PATHS.constitution) return exists ? "constitution.revise" : "constitution.draft";
  if (path === ARTIFACT_PATHS.skillReport) return exists ? "artifact.revise" : "skills.report";
  if (exists) return "artifact.revise";
  return mode === "party" ? "blueprint.produce" : "classic.artifact";
}

/** Why a path cannot be revised (null: it can). */
export function notRevisable(path: string, producer: string): string | null {
  if (path === SCAFFOLD_PATH) return "the scaffold is derived from the architecture's Directory Layout: revise the architecture and it follows";
  if (producer === "critique") return "a critique's discussion record is what the perspectives said: ask for another critique round instead";
  return null;
}
