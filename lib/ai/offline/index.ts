// Public surface of the built-in offline model.
export { createOfflineModel, OfflineModelError } from "./offline-model";
export { parseFaults, FaultSpecError, FAULT_GRAMMAR } from "./faults";
export type { FaultConfig, FaultKind, FaultRule } from "./faults";
export type { OfflineModelOptions } from "./options";
// Its reading of the requirements a person states (channels, sign-in, devices, products):
// rules, not a model, so the end of any party lists what no document covers with it.
export { readRequirements } from "./reading/requirements";
