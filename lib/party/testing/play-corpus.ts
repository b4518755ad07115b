// Plays one corpus scenario as a whole party on the real orchestrator with the instant
// offline model and the in-memory store: the person's answers at the questions gate, the
// remark said into the room while its phase runs, the stack change at the card. Test and
// measurement tooling (npm run corpus, lib/party/corpus.test.ts), like lib/party/testing.
import type { CorpusScenario, PartyOutput } from "@inception-party/offline-model/corpus";
import { PERSON } from "../../vocabulary";
import { hookedStore } from "../store";
import { driveParty, finalArtifacts, ofType } from "./drive-party";
import type { MemoryPartyStore } from "./memory-store";

export interface RemarkDelivery {
  /** Whether the room accepted the remark. */
  said: boolean;
  /** The phase it was said in (null: never). */
  phase: number | null;
  /** What the room answered each time it refused (each distinct answer once). */
  refusals: string[];
}

export interface PlayedParty {
  output: PartyOutput;
  /** The party's final status (completed, failed, …). */
  status: string;
  remark: RemarkDelivery;
  /** Whether the stack change was given at the card. */
  changeGiven: boolean;
}

const PARTY = "corpus-party";

/**
 * The remark is due at its phase's natural moment — phase 1 at the questions gate, phase 2
 * at the stack card, phase 3 when the first draft starts — and, if the room refuses it
 * then, is tried again at every later commit and gate until the engine takes it.
 */
export async function playScenario(s: CorpusScenario, seed = 42): Promise<PlayedParty> {
  let store!: MemoryPartyStore;
  let due = false;
  let changeGiven = false;
  const remark: RemarkDelivery = { said: false, phase: null, refusals: [] };
  const trySay = () => {
    if (!due || remark.said) return;
    const phase = store.roomState(PARTY).phase?.number ?? null;
    if (phase === null) return;
    try {
      store.say(PARTY, { messageId: "msg_corpus_remark", to: s.remark.to ?? null, text: s.remark.text });
      remark.said = true;
      remark.phase = phase;
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      if (!remark.refusals.includes(why)) remark.refusals.push(why);
    }
  };
  const r = await driveParty({
    partyId: PARTY,
    title: s.title,
    description: s.description,
    visionAnswer: s.answers,
    mode: "party",
    seed,
    wrapStore: (inner) => {
      store = inner;
      return hookedStore(inner, {
        afterCommit: (_id, events) => {
          if (s.remark.phase === 3 && events.some((e) => e.type === "message-start" && e.data.phase === 3)) due = true;
          trySay();
        },
      });
    },
    answer: (req) => {
      if ((s.remark.phase === 1 && req.kind === "vision_questions") || (s.remark.phase === 2 && req.kind === "stack_approval")) due = true;
      trySay();
      if (req.kind === "stack_approval" && s.change && !changeGiven) {
        changeGiven = true;
        return { selection: "C", text: s.change };
      }
      return undefined;
    },
  });
  const artifacts = Object.fromEntries(finalArtifacts(r.events));
  const messages = ofType(r.events, "message-end")
    .filter((e) => e.data.sender !== PERSON)
    .map((e) => ({ from: e.data.sender, text: e.data.content }));
  return { output: { artifacts, messages }, status: r.outcome.status, remark, changeGiven };
}
