// GET /api/parties/:id/artifacts (the list) and /artifacts/<path> (the text, by version).
import { z } from "zod";

export const artifactVersionSchema = z.object({ version: z.number().int(), at: z.string(), producer: z.string(), reason: z.string().nullable() });

export const artifactListItemSchema = z.object({
  path: z.string(),
  title: z.string(),
  producer: z.string(),
  phase: z.number().int(),
  version: z.number().int(),
  bytes: z.number().int(),
  versions: z.array(artifactVersionSchema),
});
export const artifactListSchema = z.array(artifactListItemSchema);
export type ArtifactListItem = z.infer<typeof artifactListItemSchema>;

/** `?version=N` on GET /artifacts/<path>. */
export const versionQuerySchema = z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(1, "must be 1 or more");

/** The refusal for a path that names none of the party's artifacts: the same for critiques and revisions. */
export const UNKNOWN_ARTIFACT = { field: "artifactPath", rule: "must be the path of one of this party's artifacts" } as const;
