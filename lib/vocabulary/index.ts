// The project's vocabulary, declared once and imported by the orchestrator, the stores,
// the CLI and the browser: modes, party statuses, phases, agents, critique perspectives
// and input kinds. Framework-free and browser-safe (no node modules, no database, no zod:
// the input kinds' details schemas are imported from ./input-kinds where they are parsed).
// Who speaks is shared with the built-in model, so it is declared in the protocol package.
export { ORCHESTRATOR, PERSON, PERSONAS, SUB_AGENTS, subAgent, type AgentIdentity, type PersonaKey } from "@inception-party/protocol";
export * from "./input-kind-names";
export * from "./input-rules";
export type { ConstitutionArticle, FollowUpQuestion, InputDetails, InputKindDetails, QuestionGroup, StackApprovalDetails, WalkthroughReviewDetails, WalkthroughReviewStep } from "./input-kinds";
export * from "./messages";
export * from "./modes";
export * from "./perspectives";
export * from "./phases";
export * from "./statuses";
export * from "./walkthrough-review";
