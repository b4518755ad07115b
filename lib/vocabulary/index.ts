// The project's vocabulary, declared once and imported by the orchestrator, the stores,
// the CLI and the browser: modes, party statuses, phases, agents, critique perspectives
// and input kinds. Framework-free and browser-safe (no node modules, no database).
export * from "./agents";
export * from "./input-kinds";
export * from "./modes";
export * from "./perspectives";
export * from "./phases";
export * from "./statuses";
