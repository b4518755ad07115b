import { describe, expect, it } from "vitest";
import { SCENARIO_LIST } from "@inception-party/offline-model/testing/party-fixtures";
import { completionNextSteps, phaseEndNextSteps } from "../next-steps";
import { ARTIFACT_PATHS } from "@inception-party/protocol";
import { driveParty, finalArtifacts, ofType } from "./testing/drive-party";
import { DISCOVERY_CONTEXT_SHAPE, discoveryContextOf, messageProblems, phaseTimeline, rosterProblems, seqProblems, shapeOf } from "./testing/log-checks";
import { recordingModels } from "./testing/recording-models";
import { CLASSIC_PHASES, ORCHESTRATOR, phaseNames } from "../vocabulary";

const CLASSIC_PHASE_NAMES = phaseNames("classic");

const scenario = SCENARIO_LIST.find((s) => s.name === "food-delivery")!;

describe("classic mode, a whole run", () => {
  it("runs the eight phases one agent at a time and ends in the shared exit", async () => {
    const rec = recordingModels(); // the whole prompt: the persona block would come with the agent's task
    const r = await driveParty({ description: scenario.description, visionAnswer: scenario.answers, mode: "classic", models: rec.models });
    const ev = r.events;
    expect(r.outcome).toEqual({ status: "completed" });
    expect(seqProblems(ev)).toEqual([]);
    expect(messageProblems(ev)).toEqual([]);
    expect(rosterProblems(ev, 1)).toEqual([]);
    expect(ofType(ev, "agent-failure")).toEqual([]);
    // No team in classic mode.
    expect(ofType(ev, "team-create")).toEqual([]);
    expect(ofType(ev, "team-delete")).toEqual([]);

    const tasks = ofType(ev, "task-create");
    expect(tasks).toHaveLength(1);
    expect(tasks[0].data.mode).toBe("classic");
    expect(tasks[0].data.tasks.map((t) => [t.number, t.name, t.maxMessages])).toEqual(CLASSIC_PHASE_NAMES.map((n, i) => [i + 1, n, 0]));
    const welcome = ofType(ev, "note")[0];
    expect(welcome.data.phase).toBeNull();
    for (const name of CLASSIC_PHASE_NAMES) expect(welcome.data.text).toContain(name);

    expect(phaseTimeline(ev)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [`start ${n}`, `end ${n} completed`]));
    const starts = ofType(ev, "phase-start");
    expect(starts.map((e) => e.data.name)).toEqual([...CLASSIC_PHASE_NAMES]);
    expect(starts.map((e) => e.data.agents)).toEqual(CLASSIC_PHASES.map((t) => (t.agent ? [t.agent] : [])));
    const statuses = ofType(ev, "party-status").filter((e) => e.data.currentPhase !== null).map((e) => e.data.currentPhase);
    expect(statuses).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const ends = ofType(ev, "phase-end");
    expect(ends.map((e) => e.data.nextSteps)).toEqual(
      CLASSIC_PHASE_NAMES.map((_, i) => (i === 7 ? completionNextSteps() : phaseEndNextSteps({ mode: "classic", phaseNumber: i + 1, phaseNames: [...CLASSIC_PHASE_NAMES] }))),
    );
    expect(ends[0].data.nextSteps).toContain("[1] Continue to Research");

    // Who said what, in which phase.
    const said = ofType(ev, "message-end").map((e) => `${e.data.phase} ${e.data.sender} ${e.data.label}`);
    expect(said).toEqual([
      "1 product_analyst QUESTIONS",
      "1 product_analyst PROJECT BRIEF",
      "2 constitution_generator RESEARCH SUMMARY",
      `3 ${ORCHESTRATOR} PROPOSAL`,
      "4 product_analyst ARTIFACT DRAFT",
      "5 architecture_designer ARTIFACT DRAFT",
      "5 architecture_designer ARTIFACT DRAFT",
      "5 architecture_designer ARTIFACT DRAFT",
      "6 constitution_generator CONSTITUTION",
      "7 skills_researcher SKILL REPORT",
      // The walkthrough's "walk me through it" and "Show me" (the default answers).
      `7 ${ORCHESTRATOR} WALKTHROUGH`,
      `7 ${ORCHESTRATOR} WALKTHROUGH`,
    ]);

    // The person is asked where the classic flow asks (docs/protocols.md).
    expect(r.requests.map((q) => q.kind)).toEqual(["vision_questions", "stack_approval", "constitution_review", "walkthrough"]);
    const vq = r.requests[0];
    expect(vq.allowsText).toBe(true);
    const groups = (vq.details as { groups: Array<{ agent: string; questions: Array<{ n: number; text: string }> }> }).groups;
    expect(groups).toHaveLength(1);
    expect(groups[0].agent).toBe("product_analyst");
    expect(groups[0].questions.map((q) => q.n)).toEqual(groups[0].questions.map((_, i) => i + 1));
    for (const q of groups[0].questions) expect(vq.body).toContain(`${q.n}. ${q.text}`);
    const card = r.requests[1];
    expect(card.options.map((o) => o.key)).toEqual(["Y", "C"]);
    expect(card.body).toMatch(/Language: {4}/);

    // The same artifact set as party mode, plus the PRD; each from classic's agents.
    const writes = ofType(ev, "artifact-write");
    expect(writes.map((w) => [w.data.path, w.data.producer, w.data.phase])).toEqual([
      [ARTIFACT_PATHS.brief, "product_analyst", 1],
      [ARTIFACT_PATHS.prd, "product_analyst", 4],
      [ARTIFACT_PATHS.architecture, "architecture_designer", 5],
      [ARTIFACT_PATHS.dataModel, "architecture_designer", 5],
      [ARTIFACT_PATHS.testStrategy, "architecture_designer", 5],
      [ARTIFACT_PATHS.constitution, "constitution_generator", 6],
      [ARTIFACT_PATHS.skillReport, "skills_researcher", 7],
      ["scaffold.txt", "orchestrator", 7],
      // The walkthrough's "Apply recommended" records the permissions in the skill report.
      [ARTIFACT_PATHS.skillReport, "skills_researcher", 7],
    ]);
    const artifacts = finalArtifacts(ev);
    expect(artifacts.get(ARTIFACT_PATHS.skillReport)).toMatch(/^## Assistant Permissions$/m);
    // The built-in model wrote it: its first line says so, then the brief.
    expect(artifacts.get(ARTIFACT_PATHS.brief)).toMatch(/^> Written by Inception Party's built-in demo model[^\n]*\n\n# Project Brief\n\n\*\*Generated by\*\*: Classic mode/);
    for (const h of ["Functional Requirements", "Non-Functional Requirements", "MVP Scope", "Deferred"]) expect(artifacts.get(ARTIFACT_PATHS.prd)).toMatch(new RegExp(`^## (\\d+\\. )?${h}$`, "m"));
    expect(artifacts.get("scaffold.txt")).toMatch(/^tests\/unit\/$/m);
    for (const term of scenario.expect) expect([...artifacts.values()].join("\n")).toMatch(term);

    // The shared exit.
    const end = ev.at(-1)!;
    expect(end.type === "party-end" && end.data.status).toBe("completed");
    expect(shapeOf(discoveryContextOf(ev))).toEqual(DISCOVERY_CONTEXT_SHAPE);

    // Classic agents get their standard prompts: no persona framing anywhere.
    expect(rec.all.length).toBeGreaterThan(10);
    expect(rec.all.filter((s) => s.includes("PERSONA_CONTEXT"))).toEqual([]);
  }, 60_000);

  it("[C] at the stack card revises the recommendation and shows it again until [Y]", async () => {
    const r = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      mode: "classic",
      answer: (req, c) => (req.kind === "stack_approval" && !c.asked.some((q) => q.kind === "stack_approval") ? { selection: "C", text: "Use MySQL instead of PostgreSQL." } : undefined),
    });
    expect(r.outcome).toEqual({ status: "completed" });
    const cards = r.requests.filter((q) => q.kind === "stack_approval");
    expect(cards.map((c) => c.title)).toEqual(["TECH STACK RECOMMENDATION", "TECH STACK RECOMMENDATION — revised for your changes"]);
    expect(cards[0].body).not.toMatch(/MySQL/);
    expect(cards[1].body).toMatch(/Database: {4}MySQL/);
    const revised = ofType(r.events, "message-end").filter((e) => e.data.label === "REVISED PROPOSAL");
    expect(revised.map((e) => [e.data.phase, e.data.sender])).toEqual([[3, ORCHESTRATOR]]);
    expect(finalArtifacts(r.events).get(ARTIFACT_PATHS.architecture)).toMatch(/MySQL/);
  }, 60_000);
});

describe("classic mode, failures", () => {
  it("an agent that fails twice asks [1] retry / [2] cancel; [1] re-runs the turn and the phase goes on", async () => {
    const r = await driveParty({ description: scenario.description, visionAnswer: scenario.answers, mode: "classic", model: "scripted", faults: "throw:product_analyst:2" });
    expect(r.outcome).toEqual({ status: "completed" });
    const menu = r.requests.find((q) => q.kind === "phase_failure")!;
    expect(menu.title).toBe("The Product Analyst encountered errors in Phase 1 — Project Vision.");
    expect(menu.options).toEqual([
      { key: "1", label: "Retry phase — run the Product Analyst again" },
      { key: "2", label: "Cancel — abort discovery" },
    ]);
    expect(menu.body).toMatch(/\[1\] Retry phase — run the Product Analyst again\n\[2\] Cancel — abort discovery\n\nEnter selection \(1-2\):$/);
    expect(ofType(r.events, "agent-failure").map((e) => [e.data.agent, e.data.attempt, e.data.final])).toEqual([
      ["product_analyst", 1, false],
      ["product_analyst", 2, true],
    ]);
    // The failure policy's retry message between the two attempts.
    const retry = ofType(r.events, "message-end").find((e) => e.data.label === "RETRY")!;
    expect(retry.data.content).toMatch(/^Your previous response was not received\. Please try again: /);
    expect(phaseTimeline(r.events)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [`start ${n}`, `end ${n} completed`]));
    expect(messageProblems(r.events)).toEqual([]);
    expect(rosterProblems(r.events, 1)).toEqual([]);
  }, 60_000);

  it("[2] cancels the party with a clear reason and shuts the agent down", async () => {
    const r = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      mode: "classic",
      model: "scripted",
      faults: "throw:architecture_designer",
      answer: (req) => (req.kind === "phase_failure" ? { selection: "2" } : undefined),
    });
    expect(r.outcome).toEqual({ status: "cancelled" });
    expect(phaseTimeline(r.events).slice(-2)).toEqual(["start 5", "end 5 cancelled"]);
    const end = r.events.at(-1)!;
    expect(end.type).toBe("party-end");
    expect(end.type === "party-end" && end.data).toEqual({ status: "cancelled", reason: "Cancelled after the Architecture Designer failed in Architecture Blueprint." });
    expect(rosterProblems(r.events, 1)).toEqual([]);
    expect(messageProblems(r.events)).toEqual([]);
    expect(finalArtifacts(r.events).has(ARTIFACT_PATHS.architecture)).toBe(false);
  }, 60_000);

  it("a hanging agent times out instead of hanging the party", async () => {
    const r = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      mode: "classic",
      model: "scripted",
      faults: "hang:constitution_generator:2",
      timeoutMs: 2000,
    });
    expect(r.outcome).toEqual({ status: "completed" });
    expect(ofType(r.events, "agent-failure").map((e) => [e.data.agent, e.data.kind])).toEqual([
      ["constitution_generator", "timeout"],
      ["constitution_generator", "timeout"],
    ]);
    expect(r.requests.filter((q) => q.kind === "phase_failure").map((q) => (q.details as { phase: number }).phase)).toEqual([2]);
  }, 60_000);
});
