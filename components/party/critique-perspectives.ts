// The perspectives a person can pick for "Critique this" and how a critique round reads
// on screen. The keys mirror PERSPECTIVE_PRESETS in lib/party/critique-round.ts (a test
// keeps them in step); the server's module is not imported so the orchestrator stays out
// of the browser bundle.

export interface PerspectiveOption {
  key: string;
  name: string;
  focus: string;
}

export const PERSPECTIVE_OPTIONS: readonly PerspectiveOption[] = [
  { key: "security", name: "Security", focus: "threat model, auth, data protection, secrets" },
  { key: "architecture", name: "Architecture", focus: "component boundaries, data flow, coupling, failure modes" },
  { key: "product", name: "Product", focus: "user value, scope, success metrics" },
  { key: "operations", name: "Operations", focus: "deployment, observability, scaling, cost" },
  { key: "data", name: "Data", focus: "entities, integrity, migrations, retention" },
  { key: "testing", name: "Testing", focus: "critical paths, test pyramid, testability" },
];

export const DEFAULT_PERSPECTIVES: readonly string[] = ["security", "architecture", "product"];

/** "consensus_reached" → "Consensus reached". */
export function verdictLabel(verdict: string): string {
  if (verdict === "consensus_reached") return "Consensus reached";
  if (verdict === "consensus_blocked") return "Consensus blocked";
  const words = verdict.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "No verdict";
}

/** "proceed-with-caution" → "Proceed with caution". */
export function recommendationLabel(rec: string): string {
  const words = rec.replace(/[_-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "";
}

export type SeverityLevel = "NONE" | "LOW" | "MEDIUM" | "HIGH";

/** A severity as one of the four levels; an empty or unknown one reads as "NONE". */
export function severityLevel(severity: string): SeverityLevel {
  const s = severity.trim().toUpperCase();
  return s === "HIGH" || s === "MEDIUM" || s === "LOW" ? s : "NONE";
}

/** A 1-5 rating clamped for display (model output is untrusted). */
export function clampRating(rating: number): number {
  return Number.isFinite(rating) ? Math.min(5, Math.max(0, Math.round(rating))) : 0;
}
