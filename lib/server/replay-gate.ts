// How many replays of a log one identity runs at once. A page opened in 300 tabs (or a
// script opening 300 streams) reads its logs a few at a time, in turn, so the database
// and the other people's pages are not starved; the streams wait, none is refused.
import type { Viewer } from "../auth/viewer";

export const REPLAYS_PER_IDENTITY = 4;

interface Slot {
  active: number;
  waiting: Array<() => void>;
}

export class ReplayGate {
  private readonly slots = new Map<string, Slot>();

  constructor(private readonly perIdentity = REPLAYS_PER_IDENTITY) {}

  /** Resolves when `key` may replay; call the returned function once, when the replay is done. */
  async turn(key: string): Promise<() => void> {
    const slot = this.slots.get(key) ?? { active: 0, waiting: [] };
    this.slots.set(key, slot);
    if (slot.active >= this.perIdentity) await new Promise<void>((r) => slot.waiting.push(r));
    else slot.active++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = slot.waiting.shift();
      // The turn passes straight to the next waiter; the count only drops when nobody waits.
      if (next) next();
      else if (--slot.active === 0) this.slots.delete(key);
    };
  }

  /** Replays running for `key` (for tests and diagnostics). */
  running(key: string): number {
    return this.slots.get(key)?.active ?? 0;
  }
}

/** Who a replay counts against: the guest, or the watch link for a watcher without one. */
export function replayKeyOf(viewer: Viewer): string {
  return viewer.guestId ? `guest:${viewer.guestId}` : viewer.watchToken ? `watch:${viewer.watchToken}` : "anonymous";
}

/** This process's gate. */
export const replayGate = new ReplayGate();
