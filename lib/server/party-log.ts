// The stored log of one party as the pages read it: the same access check as the event
// stream (owner, or the watch token), then every event after a seq, in seq order.
import type { Viewer } from "../auth/viewer";
import { readEvents } from "../db/parties";
import type { StoredEvent } from "../wire/events";
import { forWatcher } from "../party/plain-failure";
import { access } from "./party-service";
import { getServices } from "./services";

const PAGE = 1000;

/** Every stored event after `afterSeq` (all of them for 0); throws not_found like the API when the viewer may not see the party. */
export async function partyEventsAfter(viewer: Viewer, partyId: string, afterSeq: number): Promise<StoredEvent[]> {
  const party = await access(viewer, partyId, false);
  if (afterSeq >= party.lastSeq) return [];
  const { db } = await getServices();
  const out: StoredEvent[] = [];
  let after = afterSeq;
  for (;;) {
    const page = await readEvents(db, party.id, after, PAGE);
    // A watcher gets failures without their causes (lib/party/plain-failure.ts).
    out.push(...(party.role === "watcher" ? page.map(forWatcher) : page));
    if (page.length < PAGE) return out;
    after = page[page.length - 1].seq;
  }
}
