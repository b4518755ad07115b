// Plays one party in memory the way the runner does: run the orchestrator until it
// suspends for the person, answer at once, run again from the checkpoints. Wall time
// counts only the runs, so the (instant) answers are not part of it.
import { defaultPersonaConfig } from "../../lib/agents/persona-config";
import type { ModelLookup, PartyContext } from "../../lib/party/agent-step";
import { runClassicMode } from "../../lib/party/classic-mode";
import type { InputRequestData } from "../../lib/wire/events";
import { MemoryPartyStore } from "../../lib/party/testing/memory-store";
import { orchestrateParty, type RunOutcome } from "../../lib/party/run-party";
import { PartyRuntime, type LiveSink } from "../../lib/party/runtime";
import type { InputAnswer, PartyRecord, PartyStore } from "../../lib/party/store";

export const DESCRIPTION =
  "A booking app for a network of independent climbing gyms in Austria: members reserve time slots, gyms manage capacity and route setting, and payments go through the app.";

const SELECTIONS: Record<string, string> = { mode: "1", stack_approval: "Y", constitution_review: "1", walkthrough: "1", phase_failure: "1" };

/** What a person would answer in the browser (the ANSWERS table of the runner's int test). */
export function answerFor(req: Pick<InputRequestData, "kind" | "options">): InputAnswer {
  if (req.kind === "vision_questions") {
    return { selection: null, text: "Members are climbers aged 18-45; gyms have 2-5 staff. Card payments. GDPR applies. Success is 60% of bookings online after six months." };
  }
  return { selection: SELECTIONS[req.kind] ?? req.options[0]?.key ?? null, text: req.options.length ? null : "ok" };
}

export interface MemoryDrive {
  outcome: RunOutcome;
  /** Sum of the orchestrator runs (input waits excluded). */
  wallMs: number;
  runs: number;
  events: number;
  store: MemoryPartyStore;
}

export async function driveInMemory(o: {
  partyId?: string;
  models: ModelLookup;
  wrapStore?: (s: PartyStore) => PartyStore;
  live?: LiveSink;
  timeoutMs?: number;
}): Promise<MemoryDrive> {
  const store = new MemoryPartyStore();
  const partyId = o.partyId ?? "bench-party";
  const party: PartyRecord = { id: partyId, title: "Climbing gyms", description: DESCRIPTION, mode: "party", flags: [], status: "pending", modelSettings: {} };
  store.addParty(party, 1);
  await store.commit(partyId, 1, { events: [{ type: "party-start", data: { mode: party.mode, title: party.title, description: party.description, flags: [] } }] });
  const personas = defaultPersonaConfig();
  let wallMs = 0;
  for (let run = 1; run <= 60; run++) {
    const rt = new PartyRuntime(partyId, 1, { store: o.wrapStore ? o.wrapStore(store) : store, live: o.live });
    const ctx: PartyContext = { rt, models: o.models, personas, timeoutMs: o.timeoutMs ?? 120_000 };
    const t0 = performance.now();
    const outcome = await orchestrateParty(ctx, party, runClassicMode);
    wallMs += performance.now() - t0;
    if (outcome.status !== "suspended") return { outcome, wallMs, runs: run, events: store.events.get(partyId)!.length, store };
    const req = store.pendingRequest(partyId);
    if (!req) throw new Error(`run ${run} suspended on ${outcome.requestId} with no pending request`);
    store.answer(partyId, req.requestId, answerFor(req));
  }
  throw new Error("the party did not finish within 60 runs");
}
