// "Continue on another device": the party's owner link, and the watch link's renewal.
// Opening the owner link shows a page that asks to confirm; the confirmation (a POST from
// that page, so the Origin check applies) makes that browser's guest identity an owner of
// this one party. Only the browser that started the party (its creator) makes new links:
// a new owner link drops every owner the old one admitted, a new watch link shuts out
// every watcher of the old one, and their open event streams close.
import { AppError, notFound, parseOrThrow } from "../errors/app-error";
import type { Viewer } from "../auth/viewer";
import { linkToken, matchesHash, newNonce, tokenHash, type LinkKind } from "../auth/link-tokens";
import { authSecret } from "../auth/secret";
import { addCoOwner, rotateOwnerToken, rotateWatchToken } from "../db/owners";
import { findParty, type PartyRow } from "../db/parties";
import { access, ownerUrlOf, watchUrlOf } from "./party-service";
import { getServices } from "./services";
import { claimSchema, type Claimed, type OwnerLink, type WatchLink } from "../wire/owners";

/** The party whose current owner link carries `token`; a wrong or replaced token is a 404, as for anyone without access. */
async function partyOfOwnerToken(partyId: string, body: unknown): Promise<PartyRow> {
  const { token } = parseOrThrow(claimSchema, body);
  const { db } = await getServices();
  const party = /^[\w-]{1,64}$/.test(partyId) ? await findParty(db, partyId) : null;
  if (!party || !matchesHash(token, party.ownerTokenHash)) throw notFound();
  return party;
}

/**
 * GET of the owner link: changes nothing, and answers where the confirmation page is
 * (a GET can be made by any page the person visits, so it must not make owners).
 */
export async function confirmPageOf(partyId: string, token: string): Promise<string> {
  const party = await partyOfOwnerToken(partyId, { token });
  return `/parties/${party.id}/join?token=${encodeURIComponent(token)}`;
}

/** The confirmation: makes the viewer an owner of the party if the token is its current owner link's. */
export async function claimOwnership(viewer: Viewer, partyId: string, body: unknown): Promise<Claimed> {
  parseOrThrow(claimSchema, body);
  if (!viewer.guestId) throw new AppError("unauthorized", "No guest session: open the link in a browser, or call POST /api/session first and send its cookie.");
  const party = await partyOfOwnerToken(partyId, body);
  const { db } = await getServices();
  if (party.ownerId !== viewer.guestId) await addCoOwner(db, party.id, viewer.guestId);
  return { id: party.id, role: "owner", url: `/parties/${party.id}` };
}

/** Only the party's creator makes new links: a co-owner must not be able to evict the others (or the watchers). */
async function creatorsParty(viewer: Viewer, partyId: string): Promise<PartyRow> {
  const party = await access(viewer, partyId, true);
  if (party.ownerId !== viewer.guestId) throw new AppError("forbidden", "Only the browser that started this party can make a new link: ask the person who started it.");
  return party;
}

const freshLink = (partyId: string, kind: LinkKind) => {
  const nonce = newNonce();
  return { nonce, hash: tokenHash(linkToken(authSecret(), partyId, kind, nonce)) };
};

/** A new owner link; the old one stops working and the browsers it admitted lose access at once (their streams close). */
export async function rotateOwnerLink(viewer: Viewer, partyId: string): Promise<OwnerLink> {
  const party = await creatorsParty(viewer, partyId);
  const { db, bus } = await getServices();
  const link = freshLink(party.id, "owner");
  await rotateOwnerToken(db, party.id, link);
  bus.accessChanged(party.id);
  return { ownerUrl: ownerUrlOf({ ...party, ownerNonce: link.nonce, ownerTokenHash: link.hash })! };
}

/** A new watch link; the old one stops working and its watchers' open streams close. */
export async function rotateWatchLink(viewer: Viewer, partyId: string): Promise<WatchLink> {
  const party = await creatorsParty(viewer, partyId);
  const { db, bus } = await getServices();
  const link = freshLink(party.id, "watch");
  await rotateWatchToken(db, party.id, link);
  bus.accessChanged(party.id);
  return { watchUrl: watchUrlOf({ ...party, watchNonce: link.nonce, watchTokenHash: link.hash })! };
}
