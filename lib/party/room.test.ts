// The person speaking into the room, through whole parties on the offline model: a
// message reaches the addressed agents before their next turn (a reply that names it),
// shapes their later turns, is answered before the phase shuts down when nobody had a
// turn left, costs budget the protocol gives up its optional rounds for, and survives
// crashes answered exactly once.
import { describe, expect, it } from "vitest";
import { defaultPersonaConfig } from "../agents/persona-config";
import { SCENARIO_LIST } from "../ai/offline/testing/party-fixtures";
import type { StoredEvent } from "./events";
import type { MemoryPartyStore } from "./memory-store";
import { messageCost, PERSON_LABEL, roomProblem, type RoomState } from "./room";
import { hookedStore } from "./store";
import { crashAt, driveParty, ofType, SimulatedCrash, type Answerer } from "./testing/drive-party";
import { budgetProblems, messageProblems, rosterProblems, seqProblems } from "./testing/log-checks";
import { PERSON } from "../vocabulary";
import { recordingModels, userPrompt } from "./testing/recording-models";

const personas = defaultPersonaConfig();
const scenario = SCENARIO_LIST.find((s) => s.name === "food-delivery")!;

const ends = (ev: StoredEvent[]) => ofType(ev, "message-end");
const replies = (ev: StoredEvent[]) => ends(ev).filter((e) => e.data.label === "REPLY");

/** Says something when the party first waits on a request of this kind. */
function sayAt(store: () => MemoryPartyStore, kind: string, msg: { id: string; phase: number; to: string | null; text: string }): Answerer {
  let said = false;
  return (req) => {
    if (req.kind === kind && !said) {
      said = true;
      store().say("party-1", { messageId: msg.id, phase: msg.phase, to: msg.to, text: msg.text });
    }
    return undefined;
  };
}

function replyChecks(ev: StoredEvent[]) {
  expect(seqProblems(ev)).toEqual([]);
  expect(messageProblems(ev)).toEqual([]);
  expect(rosterProblems(ev, 3)).toEqual([]);
  expect(budgetProblems(ev, personas)).toEqual([]);
  // No agent answers the same message twice.
  const pairs = replies(ev).flatMap((r) => r.data.replyTo!.map((id) => `${id}/${r.data.sender}`));
  expect(new Set(pairs).size).toBe(pairs.length);
}

describe("speaking into the room", () => {
  it("a question to one agent at the questions gate: that agent answers it first when the party resumes, and reads it in its later turns", async () => {
    const rec = recordingModels(userPrompt);
    let store!: MemoryPartyStore;
    const question = "Would SQLite be enough for us instead of a database server?";
    const r = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      models: rec.models,
      answer: sayAt(() => store, "vision_questions", { id: "msg_user_q1", phase: 1, to: "tessa", text: question }),
      wrapStore: (s) => ((store = s), s),
    });
    expect(r.outcome).toEqual({ status: "completed" });
    const ev = r.events;
    replyChecks(ev);

    const said = ends(ev).find((e) => e.data.sender === PERSON)!;
    expect(said.data).toMatchObject({ messageId: "msg_user_q1", label: PERSON_LABEL, recipient: "tessa", type: "message", phase: 1, content: question });
    const [reply] = replies(ev);
    expect(replies(ev)).toHaveLength(1);
    expect(reply.data).toMatchObject({ sender: "tessa", recipient: PERSON, phase: 1, replyTo: ["msg_user_q1"], type: "message" });
    expect(reply.data.content).toMatch(/^REPLY:/);
    expect(reply.data.content).toMatch(/SQLite/);
    // The reply comes before Tessa's next turn of the phase, and after the message.
    const tessaNext = ends(ev).find((e) => e.data.sender === "tessa" && e.seq > said.seq && e.data.label !== "REPLY")!;
    expect(reply.seq).toBeGreaterThan(said.seq);
    expect(reply.seq).toBeLessThan(tessaNext.seq);
    // Her later turns in the phase carry the message; the other agents' do not.
    const tessaPrompts = rec.byAgent.get("tessa")!;
    expect(tessaPrompts.filter((p) => p.includes("<person_messages>") && p.includes(question)).length).toBeGreaterThanOrEqual(2);
    expect((rec.byAgent.get("nadia") ?? []).some((p) => p.includes("<person_messages>"))).toBe(false);
    // The phase counts both: the person's message and the reply.
    const end = ofType(ev, "phase-end").find((e) => e.data.phase === 1)!;
    const counted = ends(ev).filter((e) => e.data.phase === 1 && e.data.type !== "work" && e.data.sender !== "discover-orchestrator").length;
    expect(end.data.messages).toBe(counted);
  }, 60_000);

  it("at the stack approval gate: to everyone is over the budget, to one agent is answered before the phase shuts down", async () => {
    let store!: MemoryPartyStore;
    let refused: unknown;
    const r = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      answer: (req) => {
        if (req.kind === "stack_approval" && refused === undefined) {
          // 7 messages said (proposal, 2 critiques, revision, 3 positions): 4 more do not fit.
          refused = (() => {
            try {
              store.say("party-1", { messageId: "msg_user_all", phase: 2, to: null, text: "Can we keep hosting costs under 50 euros a month?" });
              return null;
            } catch (e) {
              return e;
            }
          })();
          store.say("party-1", { messageId: "msg_user_zara", phase: 2, to: "zara", text: "Can we keep hosting costs under 50 euros a month?" });
        }
        return undefined;
      },
      wrapStore: (s) => ((store = s), s),
    });
    expect(r.outcome).toEqual({ status: "completed" });
    expect(String(refused)).toMatch(/used its message budget \(7 of 10.*choose \[C\] at the stack approval/);
    const ev = r.events;
    replyChecks(ev);
    const rs = replies(ev);
    expect(rs.map((e) => e.data.sender)).toEqual(["zara"]);
    expect(rs.every((e) => e.data.replyTo!.join() === "msg_user_zara" && e.data.phase === 2)).toBe(true);
    expect(ofType(ev, "phase-end").find((e) => e.data.phase === 2)!.data.messages).toBe(9);
    const firstShutdown = ofType(ev, "agent-shutdown").find((e) => e.data.phase === 2)!;
    const close = ofType(ev, "room-update").find((e) => e.data.phase === 2 && !e.data.open)!;
    expect(rs.every((e) => e.seq > close.seq && e.seq < firstShutdown.seq)).toBe(true);
  }, 60_000);

  it("a message arriving while the blueprint is being written reaches each agent at its next turn", async () => {
    let injected = false;
    const r = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      wrapStore: (s) =>
        hookedStore(s, {
          afterCommit: (id, events) => {
            // Right after the first draft is started: the three authors are mid-turn.
            if (!injected && events.some((e) => e.type === "message-start" && e.data.phase === 3)) {
              injected = true;
              s.say(id, { messageId: "msg_user_mid", phase: 3, to: null, text: "Please use UUIDs for every primary key." });
            }
          },
        }),
    });
    expect(r.outcome).toEqual({ status: "completed" });
    const ev = r.events;
    replyChecks(ev);
    const rs = replies(ev);
    expect(rs.map((e) => e.data.sender).sort()).toEqual(["architect", "data_modeler", "test_strategist"]);
    // Each reply precedes that agent's next counted message of the phase.
    for (const reply of rs) {
      const next = ends(ev).find((e) => e.data.sender === reply.data.sender && e.seq > reply.seq && e.data.phase === 3);
      expect(next, reply.data.sender).toBeDefined();
    }
  }, 60_000);

  it("messages that use the budget make the protocol drop its optional round, never exceed the budget", async () => {
    let store!: MemoryPartyStore;
    let n = 0;
    const r = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      answer: (req) => {
        if (req.kind === "vision_questions" && n === 0) {
          n++;
          // 3 questions said; 3 final positions reserved; 4 to everyone leaves no room for the debate.
          store.say("party-1", { messageId: "msg_user_b1", phase: 1, to: null, text: "Our users are mostly restaurant owners over fifty." });
        }
        return undefined;
      },
      wrapStore: (s) => ((store = s), s),
    });
    expect(r.outcome).toEqual({ status: "completed" });
    const ev = r.events;
    replyChecks(ev);
    const p1 = ends(ev).filter((e) => e.data.phase === 1);
    expect(p1.filter((e) => e.data.label === "MY INTERPRETATION")).toEqual([]);
    expect(p1.some((e) => e.data.label === "DEBATE CONCLUDED")).toBe(true);
    expect(p1.filter((e) => e.data.label === "FINAL POSITION")).toHaveLength(3);
    expect(ofType(ev, "phase-end").find((e) => e.data.phase === 1)!.data.messages).toBe(10);
  }, 60_000);

  it("a party with messages, crashed at several points, answers each message exactly once and ends as an uninterrupted run", async () => {
    const messages = [
      { kind: "vision_questions", m: { id: "msg_user_c1", phase: 1, to: "nadia", text: "Who pays for delivery: the customer or the restaurant?" } },
      { kind: "stack_approval", m: { id: "msg_user_c2", phase: 2, to: "liam", text: "Would SQLite be enough instead of a database server?" } },
    ];
    const answerer = (store: () => MemoryPartyStore): Answerer => {
      const done = new Set<string>();
      return (req) => {
        for (const { kind, m } of messages) {
          if (req.kind === kind && !done.has(m.id)) {
            done.add(m.id);
            store().say("party-1", { messageId: m.id, phase: m.phase, to: m.to, text: m.text });
          }
        }
        return undefined;
      };
    };
    let total = 0;
    let s1!: MemoryPartyStore;
    const baseline = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      answer: answerer(() => s1),
      wrapStore: (s) => ((s1 = s), hookedStore(s, { afterCommit: () => void total++ })),
    });
    expect(baseline.outcome).toEqual({ status: "completed" });
    const shape = (ev: StoredEvent[]) => replies(ev).map((e) => `${e.data.sender}:${e.data.replyTo!.join()}:${e.data.content}`);

    let s2!: MemoryPartyStore;
    const points = [0.15, 0.35, 0.5, 0.65, 0.85].map((f) => Math.round(f * total));
    const inject = crashAt(points);
    const crashed = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      answer: answerer(() => s2),
      wrapStore: (s) => ((s2 = s), inject(s)),
      onError: (e) => e instanceof SimulatedCrash,
    });
    expect(crashed.outcome).toEqual({ status: "completed" });
    expect(crashed.crashes).toBe(points.length);
    replyChecks(crashed.events);
    expect(shape(crashed.events)).toEqual(shape(baseline.events));
    expect(replies(crashed.events).map((e) => e.data.sender)).toEqual(["nadia", "liam"]);
  }, 120_000);
});

describe("the room's rules", () => {
  const state = (over: Partial<NonNullable<RoomState["phase"]>> = {}, top: Partial<RoomState> = {}): RoomState => ({
    status: "in_progress",
    mode: "party",
    phase: { number: 1, name: "Vision Council", status: "in_progress", agents: ["nadia", "oscar", "tessa"], live: ["nadia", "oscar", "tessa"], messages: 3, max: 10, reserved: 3, open: true, ...over },
    messages: [],
    nameOf: (a) => a[0].toUpperCase() + a.slice(1),
    ...top,
  });

  it("takes a message that fits, to one agent or to everyone", () => {
    expect(roomProblem(state(), "nadia")).toBeNull();
    expect(roomProblem(state(), null)).toBeNull();
    expect(messageCost(null, ["a", "b", "c"])).toBe(4);
  });

  it("refuses, saying why and what to do instead", () => {
    expect(roomProblem(state({}, { status: "completed" }), null)).toMatchObject({ code: "conflict", message: expect.stringMatching(/completed.*revision/) });
    expect(roomProblem(state({}, { mode: null }), null)).toMatchObject({ code: "conflict", message: expect.stringMatching(/mode menu/) });
    expect(roomProblem(state({}, { mode: "classic" }), null)).toMatchObject({ code: "conflict" });
    expect(roomProblem(state({ number: 4, agents: [], live: [], name: "Constitution & Scaffold" }), null)).toMatchObject({ code: "conflict", message: expect.stringMatching(/no agents/) });
    expect(roomProblem(state(), "liam")).toMatchObject({ code: "validation_failed", field: "to", message: expect.stringMatching(/one of nadia, oscar, tessa/) });
    expect(roomProblem(state({ live: ["nadia", "tessa"] }), "oscar")).toMatchObject({ code: "validation_failed", field: "to", message: expect.stringMatching(/no longer/) });
    expect(roomProblem(state({ open: false }), null)).toMatchObject({ code: "conflict", message: expect.stringMatching(/wrapping up/) });
    // 3 said + 3 reserved + 4 for this one = 10 fits; a reply still owed tips it over.
    const owed = [{ messageId: "m", phase: 1, to: "nadia", text: "x", seq: 9, answeredBy: [] }];
    expect(roomProblem(state({}, { messages: owed }), null)).toMatchObject({ code: "conflict", message: expect.stringMatching(/message budget.*revision of the project brief/) });
    expect(roomProblem(state({ messages: 8 }), "nadia")).toMatchObject({ code: "conflict", message: expect.stringMatching(/used its message budget \(8 of 10/) });
  });
});
