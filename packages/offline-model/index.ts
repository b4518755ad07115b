// Public surface of the built-in offline model.
export { createOfflineModel, OfflineModelError } from "./offline-model";
export { parseFaults, FaultSpecError, FAULT_GRAMMAR } from "./faults";
export type { FaultConfig, FaultKind, FaultRule } from "./faults";
export type { OfflineModelOptions } from "./options";
// Its reading of stated requirements (rules, not a model): the end report uses it whatever the model.
export { readRequirements } from "./reading/requirements";
