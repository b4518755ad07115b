// GET/POST /api/parties/:id/input: the pending request (its schema lives with the summary,
// which carries it too) and the person's answer (docs/api.md, "Answering").
import { z } from "zod";
import { MAX_ANSWER_CHARS } from "../vocabulary/input-rules";

export { pendingInputSchema, type PendingInput } from "./parties";

export const answerSchema = z.strictObject({
  requestId: z.string({ error: "is required and must be a string" }).min(1, "is required").max(100, "is not a request id"),
  selection: z.string().max(20, "is not one of the options").nullish(),
  text: z.string().max(MAX_ANSWER_CHARS, `must be at most ${MAX_ANSWER_CHARS} characters`).nullish(),
});
export type AnswerInput = z.input<typeof answerSchema>;

/** 202 from POST /input. */
export const answerAcceptedSchema = z.object({ status: z.literal("accepted") });
export type AnswerAccepted = z.infer<typeof answerAcceptedSchema>;
