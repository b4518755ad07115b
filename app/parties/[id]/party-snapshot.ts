// Server only: the party view a page request renders at once, folded from the stored log
// with the dashboard's own reducer and kept in the snapshot cache, plus the summary the
// dashboard would otherwise fetch first. The browser then streams from the snapshot's
// last seq. Who may see it is decided exactly as for the event stream; anyone else gets
// no snapshot and the page behaves as without one (the browser shows the API's error).
import type { Viewer } from "@/lib/auth/viewer";
import { AppError } from "@/lib/errors/app-error";
import { partyEventsAfter } from "@/lib/server/party-log";
import { partySummary } from "@/lib/server/party-service";
import { readInputRequest } from "@/lib/wire/events";
import type { PartySummary } from "@/components/api/client";
import type { PartySnapshot } from "@/components/party/party-dashboard";
import { SnapshotCache } from "./snapshot-cache";

// One per server process (the module is evaluated once per server bundle).
const cache = new SnapshotCache();

export async function partySnapshot(viewer: Viewer, partyId: string): Promise<PartySnapshot | null> {
  try {
    const summary = await partySummary(viewer, partyId);
    // Watchers fold a log whose failures carry no causes: their view is cached apart.
    const view = await cache.view(summary.readOnly ? `${summary.id}#watch` : summary.id, summary.lastSeq, async (after) => {
      // Input details are read as the stream's parser reads them: the view narrows them by kind alone.
      const events = await partyEventsAfter(viewer, summary.id, after);
      return events.map((e) => (e.type === "input-request" ? { ...e, data: readInputRequest(e.data) } : e));
    });
    return { view, lastSeq: view.lastSeq, summary: summary as PartySummary };
  } catch (e) {
    // Not found or not allowed: no snapshot, and the browser gets the same answer from the API.
    if (e instanceof AppError) return null;
    // Anything else must not break the page either: the browser builds the view from the stream.
    console.error(`party snapshot ${partyId}:`, e);
    return null;
  }
}
