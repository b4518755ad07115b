// Pieces of the model that the app's test and measurement tooling reuses (the scripted
// model, the log checks, the bench's timed models). Not for production code: the app's
// door to the model is the package's entry, and eslint holds it to that.
export { FaultState } from "../faults";
export { fillFromSchema } from "../json-schema";
export { FULLER_MESSAGE_LABELS, messageText } from "../message-text";
export { mulberry32 } from "../prng";
export { promptToText, readPrompt } from "../prompt-text";
