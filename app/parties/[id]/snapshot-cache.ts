// Folded party views kept between page requests. The log is append-only, so a view
// folded up to seq N stays true forever: a later request folds only the events after N
// on top of it. A small LRU (by party) bounds the memory: one entry per party, the
// newest fold. Pure (no database): the caller says how far the log goes and how to read
// what comes after a seq.
import type { StoredEvent } from "@/lib/wire/events";
import { applyEvents, initialView } from "@/components/party/view/reducer";
import type { PartyView } from "@/components/party/view/types";

export const SNAPSHOT_CACHE_SIZE = 50;

export interface SnapshotStats {
  /** Served from the cache without reading the log. */
  hits: number;
  /** Folded the events after a cached view. */
  incremental: number;
  /** Folded the whole log. */
  full: number;
}

export class SnapshotCache {
  private readonly views = new Map<string, PartyView>();
  readonly stats: SnapshotStats = { hits: 0, incremental: 0, full: 0 };

  constructor(private readonly max = SNAPSHOT_CACHE_SIZE) {}

  /**
   * The party's view folded up to at least `lastSeq` (the party's last stored seq).
   * `readAfter(seq)` returns the stored events after seq, in order.
   */
  async view(partyId: string, lastSeq: number, readAfter: (afterSeq: number) => Promise<readonly StoredEvent[]>): Promise<PartyView> {
    const cached = this.views.get(partyId);
    let view: PartyView;
    if (cached && cached.lastSeq >= lastSeq) {
      this.stats.hits++;
      view = cached;
    } else {
      const base = cached ?? initialView();
      const events = await readAfter(base.lastSeq);
      if (cached) this.stats.incremental++;
      else this.stats.full++;
      view = events.length ? applyEvents(base, events) : base;
      // A concurrent request may have folded further meanwhile: keep the newer one.
      const now = this.views.get(partyId);
      if (now && now.lastSeq > view.lastSeq) view = now;
    }
    this.views.delete(partyId);
    this.views.set(partyId, view);
    while (this.views.size > this.max) this.views.delete(this.views.keys().next().value!);
    return view;
  }

  get size(): number {
    return this.views.size;
  }
}
