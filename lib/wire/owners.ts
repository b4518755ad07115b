// The owner link: opening it (GET /api/parties/:id/owners: the confirmation page),
// claiming it (POST /api/parties/:id/owners) and rotating it (POST /api/parties/:id/owner-link);
// the watch link's rotation (POST /api/parties/:id/watch-link).
import { z } from "zod";

export const claimSchema = z.strictObject({
  token: z.string({ error: "is required and must be a string" }).min(1, "is required").max(100, "is not an owner link token"),
});
export type ClaimInput = z.input<typeof claimSchema>;

/** 200 from POST /owners (the GET answers 303 to the page that asks to confirm). */
export const claimedSchema = z.object({ id: z.string(), role: z.literal("owner"), url: z.string() });
export type Claimed = z.infer<typeof claimedSchema>;

/** 200 from POST /owner-link. */
export const ownerLinkSchema = z.object({ ownerUrl: z.string() });
export type OwnerLink = z.infer<typeof ownerLinkSchema>;

/** 200 from POST /watch-link. */
export const watchLinkSchema = z.object({ watchUrl: z.string() });
export type WatchLink = z.infer<typeof watchLinkSchema>;
