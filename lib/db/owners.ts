// Extra owners of a party: browsers (guest identities) that opened its owner link. The
// link's token lives on the party row; a new token drops the owners the old one admitted.
import type { Database } from "./client";
import { inTransaction } from "./transaction";

export async function isCoOwner(db: Database, partyId: string, guestId: string): Promise<boolean> {
  return (await db.prisma.partyOwner.count({ where: { partyId, guestId } })) > 0;
}

/** Makes the guest an owner of this one party (idempotent). */
export async function addCoOwner(db: Database, partyId: string, guestId: string): Promise<void> {
  await db.prisma.partyOwner.upsert({ where: { partyId_guestId: { partyId, guestId } }, create: { partyId, guestId }, update: {} });
}

/**
 * Replaces the owner link's token and drops every owner the old link admitted, except
 * `keep` (an extra owner who rotates the link stays an owner).
 */
export async function rotateOwnerToken(db: Database, partyId: string, token: string, keep: string | null): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.party.update({ where: { id: partyId }, data: { ownerToken: token } });
    await tx.partyOwner.deleteMany({ where: { partyId, ...(keep ? { guestId: { not: keep } } : {}) } });
  });
}
