// POST /api/parties/:id/critique ("Critique this", docs/api.md).
import { z } from "zod";

/**
 * The perspectives a person can pick. The server's presets (what each one reviews) are
 * keyed by these; a test keeps the two lists equal without pulling the orchestrator into
 * the browser bundle.
 */
export const PERSPECTIVE_KEYS = ["security", "operations", "product", "architecture", "data", "testing"] as const;
export type PerspectiveKey = (typeof PERSPECTIVE_KEYS)[number];

export const critiqueRequestSchema = z.strictObject({
  artifactPath: z.string({ error: "is required and must be a string" }).min(1, "is required").max(300, "is not an artifact path"),
  perspectives: z
    .array(z.enum(PERSPECTIVE_KEYS, { error: `each must be one of ${PERSPECTIVE_KEYS.join(", ")}` }))
    .min(1, "pick at least 1 perspective")
    .max(6, "pick at most 6 perspectives")
    .refine((xs) => new Set(xs).size === xs.length, "must not repeat a perspective"),
});
export type CritiqueRequest = z.input<typeof critiqueRequestSchema>;

/** 202: the round runs; its events follow on the party's stream. */
export const critiqueAcceptedSchema = z.object({ status: z.literal("accepted"), roundId: z.string(), recordPath: z.string() });
export type CritiqueAccepted = z.infer<typeof critiqueAcceptedSchema>;
