// The person speaking into the room, through whole parties on the scripted model (the
// first test on the offline model, whose reply is checked for the question's words): a
// message reaches the addressed agents before their next turn (a reply that names it),
// shapes their later turns, is answered before the phase shuts down when nobody had a
// turn left, costs budget the protocol gives up its optional rounds for, and survives
// crashes answered exactly once.
import { describe, expect, it } from "vitest";
import { SCENARIO_LIST } from "@inception-party/offline-model/testing/party-fixtures";
import type { StoredEvent } from "../wire/events";
import type { MemoryPartyStore } from "./testing/memory-store";
import { countsAgainstBudget, deliverySentence, PERSON_LABEL, placeRemark, type RoomState } from "./room";
import { hookedStore } from "./store";
import { crashAt, driveParty, ofType, SimulatedCrash, type Answerer } from "./testing/drive-party";
import { budgetProblems, messageProblems, rosterProblems, seqProblems } from "./testing/log-checks";
import { PERSON } from "../vocabulary";
import { recordingModels, userPrompt } from "./testing/recording-models";

const scenario = SCENARIO_LIST.find((s) => s.name === "food-delivery")!;

const ends = (ev: StoredEvent[]) => ofType(ev, "message-end");
const replies = (ev: StoredEvent[]) => ends(ev).filter((e) => e.data.label === "REPLY");

/** Says something when the party first waits on a request of this kind. */
function sayAt(store: () => MemoryPartyStore, kind: string, msg: { id: string; phase: number; to: string | null; text: string }): Answerer {
  let said = false;
  return (req) => {
    if (req.kind === kind && !said) {
      said = true;
      store().say("party-1", { messageId: msg.id, to: msg.to, text: msg.text });
    }
    return undefined;
  };
}

function replyChecks(ev: StoredEvent[]) {
  expect(seqProblems(ev)).toEqual([]);
  expect(messageProblems(ev)).toEqual([]);
  expect(rosterProblems(ev, 3)).toEqual([]);
  expect(budgetProblems(ev)).toEqual([]);
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
    // The phase counts the agents' own debate: neither the person's message nor the reply.
    const end = ofType(ev, "phase-end").find((e) => e.data.phase === 1)!;
    const counted = ends(ev).filter((e) => e.data.phase === 1 && countsAgainstBudget(e.data)).length;
    expect(end.data.messages).toBe(counted);
    expect(ends(ev).filter((e) => e.data.phase === 1 && e.data.label === "MY INTERPRETATION")).toHaveLength(3);
  }, 60_000);

  it("at the stack approval gate: remarks to everyone and to one agent are both taken; with no turn left in the phase they go to the Blueprint agents, who answer them first", async () => {
    let store!: MemoryPartyStore;
    const carried: unknown[] = [];
    const r = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      model: "scripted",
      answer: (req) => {
        if (req.kind === "stack_approval" && carried.length === 0) {
          carried.push(store.say("party-1", { messageId: "msg_user_all", to: null, text: "Can we keep hosting costs under 50 euros a month?" }));
          carried.push(store.say("party-1", { messageId: "msg_user_zara", to: "zara", text: "Would a single VPS be enough for us?" }));
        }
        return undefined;
      },
      wrapStore: (s) => ((store = s), s),
    });
    expect(r.outcome).toEqual({ status: "completed" });
    // Both were taken into the room (the phase still runs while it waits for the approval).
    expect(carried).toEqual([{ where: "room", phase: 2 }, { where: "room", phase: 2 }]);
    const ev = r.events;
    replyChecks(ev);
    // Nobody in the Stack Debate had a turn left: both were handed to phase 3.
    const moved = ofType(ev, "remark-carried");
    expect(moved.map((e) => [e.data.messageId, e.data.where, e.data.phase])).toEqual([
      ["msg_user_all", "next-phase", 3],
      ["msg_user_zara", "next-phase", 3],
    ]);
    const rs = replies(ev);
    expect(rs.every((e) => e.data.phase === 3)).toBe(true);
    expect(new Set(rs.map((e) => e.data.sender))).toEqual(new Set(["architect", "data_modeler", "test_strategist"]));
    expect(rs.every((e) => e.data.replyTo!.join() === "msg_user_all,msg_user_zara")).toBe(true);
    // The agents' budget is theirs alone.
    expect(ofType(ev, "phase-end").find((e) => e.data.phase === 2)!.data.messages).toBe(7);
  }, 60_000);

  it("a message arriving while the blueprint is being written reaches each agent at its next turn", async () => {
    let injected = false;
    const r = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      model: "scripted",
      wrapStore: (s) =>
        hookedStore(s, {
          afterCommit: (id, events) => {
            // Right after the first draft is started: the three authors are mid-turn.
            if (!injected && events.some((e) => e.type === "message-start" && e.data.phase === 3)) {
              injected = true;
              s.say(id, { messageId: "msg_user_mid", to: null, text: "Please use UUIDs for every primary key." });
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

  it("remarks never cost the agents' debate its rounds: five remarks to everyone, and the interpretations still run", async () => {
    let store!: MemoryPartyStore;
    let n = 0;
    const r = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      model: "scripted",
      answer: (req) => {
        if (req.kind === "vision_questions" && n === 0) {
          n++;
          for (let i = 1; i <= 5; i++) store.say("party-1", { messageId: `msg_user_b${i}`, to: null, text: `Remark ${i}: our users are mostly restaurant owners over fifty.` });
          expect(() => store.say("party-1", { messageId: "msg_user_b6", to: null, text: "One more." })).toThrow(/rate_limited: You have made 5 remarks during Vision Council/);
        }
        return undefined;
      },
      wrapStore: (s) => ((store = s), s),
    });
    expect(r.outcome).toEqual({ status: "completed" });
    const ev = r.events;
    replyChecks(ev);
    const p1 = ends(ev).filter((e) => e.data.phase === 1);
    expect(p1.filter((e) => e.data.label === "MY INTERPRETATION")).toHaveLength(3);
    expect(p1.some((e) => e.data.label === "DEBATE CONCLUDED")).toBe(false);
    expect(replies(ev).filter((e) => e.data.phase === 1)).toHaveLength(3);
    expect(ofType(ev, "phase-end").find((e) => e.data.phase === 1)!.data.messages).toBe(9);
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
            store().say("party-1", { messageId: m.id, to: m.to, text: m.text });
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
      model: "scripted",
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
      model: "scripted",
      answer: answerer(() => s2),
      wrapStore: (s) => ((s2 = s), inject(s)),
      onError: (e) => e instanceof SimulatedCrash,
    });
    expect(crashed.outcome).toEqual({ status: "completed" });
    expect(crashed.crashes).toBe(points.length);
    replyChecks(crashed.events);
    expect(shape(crashed.events)).toEqual(shape(baseline.events));
    expect(replies(crashed.events).map((e) => e.data.sender).slice(0, 1)).toEqual(["nadia"]);
    // Liam had no turn left after the approval: the Blueprint agents answered it instead.
    expect(new Set(replies(crashed.events).slice(1).map((e) => e.data.sender))).toEqual(new Set(["architect", "data_modeler", "test_strategist"]));
  }, 120_000);
});

describe("where a remark goes", () => {
  const state = (over: Partial<NonNullable<RoomState["phase"]>> = {}, top: Partial<RoomState> = {}): RoomState => ({
    status: "in_progress",
    mode: "party",
    phase: { number: 1, name: "Vision Council", status: "in_progress", agents: ["nadia", "oscar", "tessa"], live: ["nadia", "oscar", "tessa"], open: true, messages: 9, max: 10, reserved: 3, ...over },
    owed: 0,
    saidInPhase: 0,
    waitingRevisions: 0,
    phaseName: (n) => ["Vision Council", "Stack Debate", "Blueprint Assembly", "Constitution & Scaffold", "Walkthrough"][n - 1],
    nameOf: (a) => a[0].toUpperCase() + a.slice(1),
    isAgent: (a) => ["nadia", "oscar", "tessa", "liam", "zara", "architect"].includes(a),
    ...top,
  });

  it("into the room of a debating phase, whatever the agents' budget", () => {
    expect(placeRemark(state(), "nadia")).toEqual({ where: "room", phase: 1, to: "nadia" });
    expect(placeRemark(state({ messages: 10 }), null)).toEqual({ where: "room", phase: 1, to: null });
  });

  it("to the next phase's agents when no room is open, before the documents are written", () => {
    expect(placeRemark(state({ open: false }), null)).toMatchObject({ where: "next-phase", phase: 2 });
    expect(placeRemark(state({ number: 2, status: "completed" }), "liam")).toMatchObject({ where: "next-phase", phase: 3, leftRoom: "liam" });
    expect(placeRemark(state({}, { phase: null, mode: null }), null)).toMatchObject({ where: "next-phase", phase: 1 });
    // Classic mode: the agent's next turn reads it, in this phase or a later one.
    expect(placeRemark(state({ number: 2, agents: ["constitution_generator"], live: ["constitution_generator"] }, { mode: "classic" }), null)).toMatchObject({ where: "next-phase", phase: 2 });
  });

  it("into a revision once the documents are written: phase 3 wrapping up, phases 4–5, classic's later phases, a completed party", () => {
    expect(placeRemark(state({ number: 3, open: false }), null)).toEqual({ where: "revision", to: null });
    expect(placeRemark(state({ number: 4, agents: [], live: [] }), null)).toEqual({ where: "revision", to: null });
    expect(placeRemark(state({ number: 5, agents: [], live: [] }, { status: "awaiting_input" }), null)).toEqual({ where: "revision", to: null });
    expect(placeRemark(state({ number: 6 }, { mode: "classic" }), null)).toEqual({ where: "revision", to: null });
    expect(placeRemark(state({ number: 5, status: "completed" }, { status: "completed" }), null)).toEqual({ where: "revision", to: null });
  });

  it("refuses only a party that is over for good, an unknown agent, or past the bound — in plain words", () => {
    const plain = /^(?!.*(POST|GET|\/api\/|budget|reserved|owed)).*$/s;
    const cancelled = placeRemark(state({}, { status: "cancelled" }), null);
    expect(cancelled).toMatchObject({ code: "conflict", message: expect.stringMatching(/cancelled.*Start a new kickoff/) });
    expect(placeRemark(state({}, { status: "failed" }), null)).toMatchObject({ code: "conflict", message: expect.stringMatching(plain) });
    expect(placeRemark(state(), "bob")).toMatchObject({ code: "validation_failed", field: "to" });
    expect(placeRemark(state({ live: ["nadia", "tessa"] }), "oscar")).toMatchObject({ code: "validation_failed", field: "to", message: expect.stringMatching(/Oscar is not in Vision Council now/) });
    const over = placeRemark(state({}, { saidInPhase: 5 }), null);
    expect(over).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/next phase starts/) });
    expect(over).toMatchObject({ message: expect.stringMatching(plain) });
    expect(placeRemark(state({}, { status: "completed", saidInPhase: 9, waitingRevisions: 4 }), null)).toEqual({ where: "revision", to: null });
    expect(placeRemark(state({}, { status: "completed", waitingRevisions: 5 }), null)).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/Revise/) });
  });

  it("says where it went in a sentence with no route, method or counter", () => {
    const s = state();
    for (const [p, re] of [
      [{ where: "room", phase: 1, to: "nadia" }, /Nadia answers you before their next turn/],
      [{ where: "next-phase", phase: 2, to: null, leftRoom: null }, /agents of Stack Debate/],
      [{ where: "next-phase", phase: 3, to: null, leftRoom: "liam" }, /Liam has no turn left/],
    ] as const) expect(deliverySentence(s, p)).toMatch(re);
    expect(deliverySentence(s, { where: "revision", to: null }, ["Data Model", "Project Brief"], true)).toMatch(/revision of Data Model and Project Brief, starting as soon as the team is free/);
  });
});
