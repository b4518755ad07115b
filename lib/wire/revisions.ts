// POST /api/parties/:id/revisions ("Revise" and "Write it now", docs/steering.md).
import { z } from "zod";

export const MAX_FEEDBACK_CHARS = 4000;

export const revisionRequestSchema = z.strictObject({
  artifactPath: z.string({ error: "is required and must be a string" }).trim().min(1, "is required").max(300, "is not an artifact path"),
  feedback: z
    .string({ error: "is required and must be a string" })
    .trim()
    .min(1, "must not be empty: say what should change")
    .max(MAX_FEEDBACK_CHARS, `must be at most ${MAX_FEEDBACK_CHARS} characters`),
});
export type RevisionRequest = z.input<typeof revisionRequestSchema>;

/** 202: the job runs; its revision-start and revision-result follow on the party's stream. */
export const revisionAcceptedSchema = z.object({
  status: z.literal("accepted"),
  revisionId: z.string(),
  artifactPath: z.string(),
  /** The version the feedback is about (0 for "Write it now"). */
  baseVersion: z.number().int(),
  missing: z.boolean(),
});
export type RevisionAccepted = z.infer<typeof revisionAcceptedSchema>;
