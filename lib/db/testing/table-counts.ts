// What security tests compare: a refused request must leave every row count unchanged.
import type { Database } from "../client";

export async function tableCounts(db: Database) {
  const p = db.prisma;
  const [parties, events, inputs, artifacts, versions, roomMessages, owners] = await Promise.all([
    p.party.count(),
    p.event.count(),
    p.inputRequest.count(),
    p.artifact.count(),
    p.artifactVersion.count(),
    p.roomMessage.count(),
    p.partyOwner.count(),
  ]);
  return { parties, events, inputs, artifacts, versions, roomMessages, owners };
}
