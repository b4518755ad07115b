// "Continue on another device": the party's owner link. Opening it in another browser
// makes that browser's guest identity an owner of this one party; a new link (rotation)
// invalidates the old one and drops the owners it admitted. The watch link is untouched.
import { randomBytes } from "node:crypto";
import { AppError, notFound, parseOrThrow } from "../errors/app-error";
import type { Viewer } from "../auth/viewer";
import { addCoOwner, rotateOwnerToken } from "../db/owners";
import { findParty } from "../db/parties";
import { access, ownerUrlOf, sameSecret } from "./party-service";
import { getServices } from "./services";
import { claimSchema, type Claimed, type OwnerLink } from "../wire/owners";

/**
 * Makes the viewer an owner of the party if the token is its current owner link's. A
 * wrong or replaced token is a 404, as for anyone without access.
 */
export async function claimOwnership(viewer: Viewer, partyId: string, body: unknown): Promise<Claimed> {
  const { token } = parseOrThrow(claimSchema, body);
  if (!viewer.guestId) throw new AppError("unauthorized", "No guest session: open the link in a browser, or call POST /api/session first and send its cookie.");
  const { db } = await getServices();
  const party = /^[\w-]{1,64}$/.test(partyId) ? await findParty(db, partyId) : null;
  if (!party || !sameSecret(token, party.ownerToken)) throw notFound();
  if (party.ownerId !== viewer.guestId) await addCoOwner(db, party.id, viewer.guestId);
  return { id: party.id, role: "owner", url: `/parties/${party.id}` };
}

/** A new owner link; the old one stops working and the browsers it admitted lose access (the caller keeps it). */
export async function rotateOwnerLink(viewer: Viewer, partyId: string): Promise<OwnerLink> {
  const party = await access(viewer, partyId, true);
  const { db } = await getServices();
  const token = randomBytes(24).toString("base64url");
  await rotateOwnerToken(db, party.id, token, viewer.guestId === party.ownerId ? null : viewer.guestId);
  return { ownerUrl: ownerUrlOf({ id: party.id, ownerToken: token }) };
}
