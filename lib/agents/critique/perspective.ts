import { z } from "zod";

const nonEmptyText = z.string().trim().min(1, { error: "must not be empty" });

/** One viewpoint the calling role asks for (name, model, role label, focus areas). */
export const PerspectiveSchema = z.strictObject({
  name: z.string().trim().min(1, { error: "must not be empty" }).max(60, { error: "must be at most 60 characters" }),
  /** Model id for this perspective (the critique spec's `cli_tool`); absent → the caller's default model. */
  model: nonEmptyText.optional(),
  roleLabel: nonEmptyText,
  focusAreas: z
    .array(nonEmptyText)
    .min(1, { error: "must list at least 1 focus area" })
    .max(8, { error: "must list at most 8 focus areas" }),
});
export type Perspective = z.infer<typeof PerspectiveSchema>;

/**
 * What one perspective returns (the critique spec's expected JSON). A weakness that starts with
 * `CRITICAL:` marks a critical issue (see divergence.ts).
 */
export const PerspectiveResultSchema = z.strictObject({
  strengths: z.array(nonEmptyText),
  weaknesses: z.array(nonEmptyText),
  suggestions: z.array(nonEmptyText),
  rating: z
    .int({ error: "must be an integer from 1 to 5" })
    .min(1, { error: "must be at least 1" })
    .max(5, { error: "must be at most 5" }),
});
export type PerspectiveResult = z.infer<typeof PerspectiveResultSchema>;

/** 1..6 perspectives with unique names (case-insensitive): names attribute every point in the record. */
export const PerspectiveListSchema = z
  .array(PerspectiveSchema)
  .min(1, { error: "must list at least 1 perspective" })
  .max(6, { error: "must list at most 6 perspectives" })
  .superRefine((perspectives, ctx) => {
    const seen = new Map<string, number>();
    perspectives.forEach((perspective, index) => {
      const key = perspective.name.toLowerCase();
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, index);
        return;
      }
      ctx.addIssue({
        code: "custom",
        path: [index, "name"],
        message: `duplicate perspective name "${perspective.name}" (same as perspectives[${first}].name)`,
      });
    });
  });
