// Test support: runs an on-demand job (a revision, a critique) on a party driven in
// memory, the way PartyRunner.runJob does — under the party's current epoch, resumed by a
// "new runner" after a simulated crash — and builds the material the database would give it.
import { defaultPersonaConfig } from "../../agents/persona-config";
import type { ModelLookup, PartyContext } from "../agent-step";
import type { MemoryPartyStore } from "./memory-store";
import type { RevisionMaterial } from "../revision";
import { PartyRuntime } from "../runtime";
import type { PartyStore } from "../store";
import { finalArtifacts, offlineModels } from "./drive-party";

/** What jobMaterial reads from the database, from the in-memory log. */
export function memoryMaterial(store: MemoryPartyStore, partyId: string): RevisionMaterial {
  const party = store.parties.get(partyId)!;
  const events = store.events.get(partyId) ?? [];
  const mode = events.findLast((e) => e.type === "mode-resolved");
  const stack = events.findLast((e) => e.type === "input-request" && e.data.kind === "stack_approval");
  const details = stack?.type === "input-request" ? (stack.data.details as { stack?: unknown } | undefined) : undefined;
  return {
    mode: mode?.type === "mode-resolved" && mode.data.mode === "classic" ? "classic" : "party",
    title: party.title,
    description: party.description,
    techStack: details?.stack ? JSON.stringify(details.stack, null, 2) : null,
    artifacts: Object.fromEntries(finalArtifacts(events)),
  };
}

export interface DriveJobOptions {
  store: MemoryPartyStore;
  partyId: string;
  job: (ctx: PartyContext) => Promise<unknown>;
  models?: ModelLookup;
  wrapStore?: (store: MemoryPartyStore, run: number) => PartyStore;
  onError?: (e: unknown, run: number) => boolean;
  maxRuns?: number;
}

/** Runs the job to its end; a crash (onError true) bumps the epoch and runs it again from its checkpoints. */
export async function driveJob(o: DriveJobOptions): Promise<{ runs: number; crashes: number }> {
  const models = o.models ?? offlineModels();
  const personas = defaultPersonaConfig();
  let crashes = 0;
  for (let run = 1; run <= (o.maxRuns ?? 20); run++) {
    const epoch = o.store.epochs.get(o.partyId)!;
    const rt = new PartyRuntime(o.partyId, epoch, { store: o.wrapStore ? o.wrapStore(o.store, run) : o.store, flushMs: 5 });
    try {
      await o.job({ rt, models, personas, timeoutMs: 10_000 });
      return { runs: run, crashes };
    } catch (e) {
      if (!o.onError?.(e, run)) throw e;
      crashes++;
      o.store.epochs.set(o.partyId, epoch + 1);
    }
  }
  throw new Error("the job did not finish");
}
