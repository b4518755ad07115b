// The perspectives a person can pick for "Critique this" and how a critique round reads
// on screen. The perspectives themselves are the vocabulary's, the same ones the server runs.
import { PERSPECTIVE_KEYS, PERSPECTIVES } from "@/lib/vocabulary";

import type { PerspectiveKey } from "@/lib/wire/critique";

export interface PerspectiveOption {
  key: PerspectiveKey;
  name: string;
  focus: string;
}

export const PERSPECTIVE_OPTIONS: readonly PerspectiveOption[] = PERSPECTIVE_KEYS.map((key) => ({ key, name: PERSPECTIVES[key].name, focus: PERSPECTIVES[key].focusAreas.join(", ") }));

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
