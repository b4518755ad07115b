// A PartyStore wrapper that times the runner's writes (beginStep, commit) and follows
// which phase the party is in from the phase-start events it commits.
import type { PartyStore } from "../../lib/party/store";

export class StoreTimer {
  /** Milliseconds per call, in call order. */
  readonly commit: number[] = [];
  readonly beginStep: number[] = [];
  readonly deltaCommits: number[] = [];
  events = 0;
  private readonly phases = new Map<string, string>();
  private readonly modes = new Map<string, string>();

  /** The phase the party was last seen entering ("setup" before the first). */
  phaseOf(partyId: string): string {
    return this.phases.get(partyId) ?? "setup";
  }

  wrap(store: PartyStore): PartyStore {
    return {
      getParty: (id) => store.getParty(id),
      getCheckpoint: (id, k) => store.getCheckpoint(id, k),
      listCheckpoints: (id) => store.listCheckpoints(id),
      getInputAnswer: (id, r) => store.getInputAnswer(id, r),
      getRemarks: (id) => store.getRemarks(id),
      getArtifact: (id, path) => store.getArtifact(id, path),
      beginStep: async (id, e, k) => {
        const t = performance.now();
        try {
          return await store.beginStep(id, e, k);
        } finally {
          this.beginStep.push(performance.now() - t);
        }
      },
      commit: async (id, e, c) => {
        const t = performance.now();
        for (const ev of c.events) {
          if (ev.type === "mode-resolved") this.modes.set(id, ev.data.mode);
          if (ev.type === "phase-start") this.phases.set(id, `${this.modes.get(id) ?? "?"} ${ev.data.phase}`);
        }
        try {
          return await store.commit(id, e, c);
        } finally {
          const ms = performance.now() - t;
          this.commit.push(ms);
          if (c.events.length > 0 && c.events.every((ev) => ev.type === "message-delta")) this.deltaCommits.push(ms);
          this.events += c.events.length;
        }
      },
    };
  }

  /** Every timed write, for a single latency distribution. */
  all(): number[] {
    return [...this.commit, ...this.beginStep];
  }
}
