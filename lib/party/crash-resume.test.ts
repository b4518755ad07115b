// Durability: a runner that dies anywhere and is replaced (new PartyRuntime, bumped lease
// epoch) finishes the same party as an uninterrupted run — the same artifacts, the same
// messages, none shown twice — and a runner that lost its lease cannot write at all.
import { describe, expect, it } from "vitest";
import { defaultPersonaConfig } from "../agents/persona-config";
import { SCENARIO_LIST } from "@inception-party/offline-model/testing/party-fixtures";
import type { StoredEvent } from "../wire/events";
import { MemoryPartyStore } from "./testing/memory-store";
import { runClassicMode } from "./classic-mode";
import { orchestrateParty } from "./run-party";
import { PartyRuntime } from "./runtime";
import { hookedStore, LeaseLostError, type PartyStore } from "./store";
import { crashAt, driveParty, finalArtifacts, ofType, scriptedModels, SimulatedCrash, withoutTimestamps, type DriveResult } from "./testing/drive-party";
import { messageProblems, phaseTimeline, rosterProblems, seqProblems } from "./testing/log-checks";

const scenario = SCENARIO_LIST.find((s) => s.name === "food-delivery")!;
const PARTY_ID = "p-resume";

function counting(onCommit: (n: number, inner: MemoryPartyStore) => void) {
  let n = 0;
  return (inner: MemoryPartyStore): PartyStore => hookedStore(inner, { afterCommit: () => onCommit(++n, inner) });
}

/** What must not change across crashes: message contents by id, artifacts, and the questions asked. */
function fingerprint(r: DriveResult) {
  const ends = ofType(r.events, "message-end");
  const bySender = new Map<string, string[]>();
  for (const e of ends) bySender.set(e.data.sender, [...(bySender.get(e.data.sender) ?? []), e.data.messageId]);
  return {
    messages: Object.fromEntries(
      ends.map((e) => [e.data.messageId, { phase: e.data.phase, sender: e.data.sender, recipient: e.data.recipient, label: e.data.label, type: e.data.type, content: withoutTimestamps(e.data.content), summary: e.data.summary }]),
    ),
    perSender: Object.fromEntries(bySender),
    artifacts: Object.fromEntries([...finalArtifacts(r.events)].map(([p, c]) => [p, withoutTimestamps(c)])),
    requests: r.requests.map((q) => `${q.kind}: ${q.title}`),
    inputRequests: ofType(r.events, "input-request").length,
    phases: phaseTimeline(r.events),
    end: withoutTimestamps(JSON.stringify(r.events.at(-1)!.type === "party-end" ? r.events.at(-1)!.data : null)),
  };
}

describe("crash and resume", () => {
  for (const mode of ["party", "classic"] as const) {
    it(`${mode} mode: crashes at several points give the same result as an uninterrupted run`, async () => {
      let total = 0;
      const baseline = await driveParty({
        partyId: PARTY_ID,
        description: scenario.description,
        visionAnswer: scenario.answers,
        mode,
        model: "scripted",
        // Small flushes, so crash points land in the middle of streamed messages too (the
        // instant model hands over a whole message before any timer runs; the scripted
        // model's messages run from about 150 to 1,500 characters).
        flushChars: 100,
        wrapStore: counting((n) => (total = n)),
      });
      expect(baseline.outcome).toEqual({ status: "completed" });
      const expected = fingerprint(baseline);

      for (const when of ["before", "after"] as const) {
        // Spread over the whole run: setup, parallel turns, input waits, the shared exit.
        const points = [0.01, 0.12, 0.3, 0.5, 0.7, 0.9, 0.99].map((f) => Math.max(1, Math.round(f * total)) + (when === "after" ? 1 : 0));
        const crashed = await driveParty({
          partyId: PARTY_ID,
          description: scenario.description,
          visionAnswer: scenario.answers,
          mode,
        model: "scripted",
          flushChars: 100,
          wrapStore: crashAt(points, when),
          onError: (e) => e instanceof SimulatedCrash,
        });
        expect(crashed.outcome, when).toEqual({ status: "completed" });
        expect(crashed.crashes, when).toBe(points.length);
        expect(seqProblems(crashed.events)).toEqual([]);
        expect(messageProblems(crashed.events), when).toEqual([]);
        expect(rosterProblems(crashed.events, mode === "party" ? 3 : 1), when).toEqual([]);
        expect(fingerprint(crashed), when).toEqual(expected);
        // Some crashes hit a turn mid-stream: it was restarted and viewers told to drop its partial text.
        const discards = ofType(crashed.events, "message-discard");
        expect(discards.length, when).toBeGreaterThan(0);
        expect(discards.every((d) => d.data.reason === "restarted"), when).toBe(true);
      }
    }, 120_000);
  }
});

describe("lease fencing", () => {
  function setup() {
    const store = new MemoryPartyStore();
    const party = { id: PARTY_ID, title: "t", description: scenario.description, mode: "party" as const, flags: [], status: "pending", modelSettings: {} };
    store.addParty(party, 1);
    const models = scriptedModels();
    const personas = defaultPersonaConfig();
    const ctx = (epoch: number, s: PartyStore = store) => ({ rt: new PartyRuntime(PARTY_ID, epoch, { store: s }), models, personas, timeoutMs: 10_000 });
    return { store, party, ctx };
  }

  const settle = () => new Promise((r) => setTimeout(r, 300));

  it("a runner whose epoch is stale gets LeaseLostError on its next write and changes nothing", async () => {
    const { store, party, ctx } = setup();
    const first = await orchestrateParty(ctx(1), party, runClassicMode);
    expect(first.status).toBe("suspended");
    // Another runner takes the party over; the person answers meanwhile.
    store.epochs.set(PARTY_ID, 2);
    const req = store.pendingRequest(PARTY_ID)!;
    store.answer(PARTY_ID, req.requestId, { selection: null, text: scenario.answers });
    const before = store.events.get(PARTY_ID)!.length;
    await expect(orchestrateParty(ctx(1), party, runClassicMode)).rejects.toBeInstanceOf(LeaseLostError);
    await settle();
    expect(store.events.get(PARTY_ID)!.length).toBe(before);
    // The new owner carries on to the end.
    const r = await driveParty({ store, partyId: PARTY_ID, description: scenario.description, visionAnswer: scenario.answers, model: "scripted" });
    expect(r.outcome).toEqual({ status: "completed" });
    expect(messageProblems(r.events)).toEqual([]);
  }, 60_000);

  it("a takeover in the middle of parallel turns: the old runner stops with LeaseLostError, recording no failure", async () => {
    const { store, party, ctx } = setup();
    let frozenAt = -1;
    const wrapped = counting((n, inner) => {
      if (n === 25) {
        inner.epochs.set(PARTY_ID, 2);
        frozenAt = inner.events.get(PARTY_ID)!.length;
      }
    })(store);
    // Answer the vision questions up front so the old runner gets into the debate.
    let outcome = await orchestrateParty(ctx(1, wrapped), party, runClassicMode).catch((e: unknown) => e);
    while (!(outcome instanceof Error) && (outcome as { status: string }).status === "suspended") {
      const req = store.pendingRequest(PARTY_ID)!;
      store.answer(PARTY_ID, req.requestId, { selection: "Y", text: scenario.answers });
      outcome = await orchestrateParty(ctx(1, wrapped), party, runClassicMode).catch((e: unknown) => e);
    }
    expect(outcome).toBeInstanceOf(LeaseLostError);
    await settle();
    const log: StoredEvent[] = store.events.get(PARTY_ID)!;
    expect(frozenAt).toBeGreaterThan(0);
    // Only the person's answers (not fenced: they come from the API) after the takeover.
    expect(log.slice(frozenAt).every((e) => e.type === "input-response")).toBe(true);
    expect(ofType(log, "agent-failure")).toEqual([]);
    const r = await driveParty({ store, partyId: PARTY_ID, description: scenario.description, visionAnswer: scenario.answers, model: "scripted" });
    expect(r.outcome).toEqual({ status: "completed" });
    expect(messageProblems(r.events)).toEqual([]);
    expect(ofType(r.events, "agent-failure")).toEqual([]);
  }, 60_000);
});
