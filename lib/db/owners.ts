// Extra owners of a party: browsers (guest identities) that opened its owner link. The
// link's hash lives on the party row; a new link drops the owners the old one admitted.
import type { Database } from "./client";
import { inTransaction } from "./transaction";

export async function isCoOwner(db: Database, partyId: string, guestId: string): Promise<boolean> {
  return (await db.prisma.partyOwner.count({ where: { partyId, guestId } })) > 0;
}

/** Makes the guest an owner of this one party (idempotent). */
export async function addCoOwner(db: Database, partyId: string, guestId: string): Promise<void> {
  await db.prisma.partyOwner.upsert({ where: { partyId_guestId: { partyId, guestId } }, create: { partyId, guestId }, update: {} });
}

/** A link's new secret: its hash (all that is stored) and the nonce it is derived from. */
export interface StoredLink {
  hash: string;
  nonce: string;
}

/**
 * Replaces the owner link's secret and drops every owner the old link admitted (the
 * party's creator is no row here and stays).
 */
export async function rotateOwnerToken(db: Database, partyId: string, link: StoredLink): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.party.update({ where: { id: partyId }, data: { ownerTokenHash: link.hash, ownerNonce: link.nonce } });
    await tx.partyOwner.deleteMany({ where: { partyId } });
  });
}

/** Replaces the watch link's secret: the old watch link stops working. */
export async function rotateWatchToken(db: Database, partyId: string, link: StoredLink): Promise<void> {
  await db.prisma.party.update({ where: { id: partyId }, data: { watchTokenHash: link.hash, watchNonce: link.nonce } });
}
