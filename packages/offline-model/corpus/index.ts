// The precision/recall corpus: scenarios (tuned and held-out), the scorer, and a party
// player. docs/offline-model.md ("Measuring precision and recall") says how to run it.
import { HELD_OUT } from "./held-out";
import { TUNED } from "./tuned";
import type { CorpusScenario, Split } from "./types";

export interface SplitScenario {
  split: Split;
  scenario: CorpusScenario;
}

export const CORPUS: SplitScenario[] = [
  ...TUNED.map((scenario) => ({ split: "tuned" as const, scenario })),
  ...HELD_OUT.map((scenario) => ({ split: "held-out" as const, scenario })),
];

export { TUNED } from "./tuned";
export { HELD_OUT } from "./held-out";
export * from "./types";
export * from "./score";
export * from "./catalogues";
