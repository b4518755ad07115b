import { describe, expect, it } from "vitest";
import { SCENARIO_LIST } from "@inception-party/offline-model/testing/party-fixtures";
import { phaseNames } from "../vocabulary";
import { ARTIFACT_PATHS } from "@inception-party/protocol";
import { TEAM_NAME } from "./party-mode";
import { MUTUAL_EXCLUSION_ERROR, modeFromFlags } from "./run-party";
import { DEFAULT_VISION_ANSWER, driveParty, finalArtifacts, ofType } from "./testing/drive-party";
import {
  budgetProblems,
  DISCOVERY_CONTEXT_SHAPE,
  discoveryContextOf,
  messageProblems,
  phaseTimeline,
  rosterProblems,
  seqProblems,
  shapeOf,
} from "./testing/log-checks";
import { recordingModels } from "./testing/recording-models";

describe("party mode, whole runs", () => {
  const scenarios = SCENARIO_LIST.filter((s) => ["food-delivery", "iot-fleet"].includes(s.name));

  it.each(scenarios.map((s) => [s.name, s] as const))("%s: completes with the spec's team lifecycle, budget and artifacts", async (_, s) => {
    const rec = recordingModels(); // the whole prompt: the persona comes with the agent's task
    const r = await driveParty({ description: s.description, visionAnswer: s.answers || DEFAULT_VISION_ANSWER, mode: "party", models: rec.models });
    const ev = r.events;
    expect(r.outcome).toEqual({ status: "completed" });

    expect(seqProblems(ev)).toEqual([]);
    expect(messageProblems(ev)).toEqual([]);
    expect(rosterProblems(ev, 3)).toEqual([]);
    expect(budgetProblems(ev)).toEqual([]);
    expect(ofType(ev, "agent-failure")).toEqual([]);

    // Phases 1..5 in order, each completed, with the spec's names.
    expect(phaseTimeline(ev)).toEqual([1, 2, 3, 4, 5].flatMap((n) => [`start ${n}`, `end ${n} completed`]));
    expect(ofType(ev, "phase-start").map((e) => e.data.name)).toEqual(phaseNames("party"));
    expect(ofType(ev, "phase-start").map((e) => e.data.agents)).toEqual([
      ["nadia", "oscar", "tessa"],
      ["liam", "zara", "felix"],
      ["architect", "data_modeler", "test_strategist"],
      [],
      [],
    ]);

    // One team: created before any agent appears, deleted after the last phase, before party-end.
    const idx = (t: string) => ev.findIndex((e) => e.type === t);
    expect(ofType(ev, "team-create")).toHaveLength(1);
    expect(ofType(ev, "team-create")[0].data.team_name).toBe(TEAM_NAME);
    expect(idx("team-create")).toBeLessThan(idx("phase-start"));
    expect(idx("team-create")).toBeLessThan(idx("agent-spawn"));
    expect(idx("team-create")).toBeLessThan(idx("message-start"));
    expect(ofType(ev, "team-delete")).toHaveLength(1);
    const lastPhaseEnd = ev.findLastIndex((e) => e.type === "phase-end");
    expect(idx("team-delete")).toBeGreaterThan(lastPhaseEnd);
    expect(idx("team-delete")).toBeLessThan(idx("party-end"));
    expect(ev.at(-1)!.type).toBe("party-end");

    // Five tasks created up front.
    const tasks = ofType(ev, "task-create");
    expect(tasks).toHaveLength(1);
    expect(tasks[0].data.mode).toBe("party");
    expect(tasks[0].data.tasks.map((t) => t.subject)).toEqual([
      "Vision Council — gathering multi-perspective project vision",
      "Stack Debate — evaluating technology options",
      "Blueprint Assembly — producing design artifacts",
      "Constitution & Scaffold — generating governance artifacts",
      "Walkthrough — interactive review and next steps",
    ]);

    // Every artifact party mode writes.
    const artifacts = finalArtifacts(ev);
    for (const path of [ARTIFACT_PATHS.brief, ARTIFACT_PATHS.architecture, ARTIFACT_PATHS.dataModel, ARTIFACT_PATHS.testStrategy, ARTIFACT_PATHS.constitution, ARTIFACT_PATHS.skillReport]) {
      expect(artifacts.get(path), path).toBeTruthy();
    }
    expect(artifacts.get(ARTIFACT_PATHS.brief)).toContain("Inception Party (3-agent Vision Council)");

    // Protocol labels, in the spec's order within each phase.
    const labels = (phase: number) => [...new Set(ofType(ev, "message-end").filter((e) => e.data.phase === phase && e.data.type !== "shutdown_request").map((e) => e.data.label))];
    expect(labels(1)).toEqual(["QUESTIONS", "USER RESPONSE", "MY INTERPRETATION", "FINAL POSITION"]);
    // The two critiques run in parallel: either may land first.
    const l2 = labels(2);
    expect([l2[0], ...l2.slice(1, 3).sort(), ...l2.slice(3)]).toEqual(["PROPOSAL", "OPS CRITIQUE", "SECURITY CRITIQUE", "REVISED PROPOSAL", "POSITION"]);
    expect(labels(3)).toEqual(["ARTIFACT DRAFT", "ARTIFACT SUMMARY", "REVIEW FEEDBACK", "ARTIFACT FINALIZED", "CRITIQUE"]);
    // After cross-review: one critique round per artifact, its record stored.
    const critiques = ofType(ev, "critique-result");
    expect(critiques.map((c) => c.data.artifactPath).sort()).toEqual([ARTIFACT_PATHS.architecture, ARTIFACT_PATHS.dataModel, ARTIFACT_PATHS.testStrategy].sort());
    for (const c of critiques) {
      expect(c.data.ratings).toHaveLength(3);
      expect(artifacts.get(c.data.recordPath)).toContain(c.data.roundId);
    }
    const finalized = ofType(ev, "message-end").filter((e) => e.data.label === "ARTIFACT FINALIZED" && e.data.type === "message");
    expect(finalized.map((e) => e.data.content.split("\n")[2]).sort()).toEqual(
      [ARTIFACT_PATHS.architecture, ARTIFACT_PATHS.dataModel, ARTIFACT_PATHS.testStrategy].map((p) => `File: ${p}`).sort(),
    );
    // Shutdown requests at each parallel phase's end.
    expect(ofType(ev, "message-end").filter((e) => e.data.type === "shutdown_request").map((e) => e.data.recipient)).toEqual(
      ["nadia", "oscar", "tessa", "liam", "zara", "felix", "architect", "data_modeler", "test_strategist"],
    );

    // The shared exit: discovery_context with exactly its documented keys.
    const dc = discoveryContextOf(ev);
    expect(shapeOf(dc)).toEqual(DISCOVERY_CONTEXT_SHAPE);
    expect(dc).toMatchObject({ version: "1.0", walkthrough_completed: true, user_next_action: "feature", constitution_path: ARTIFACT_PATHS.constitution });

    // PERSONA_CONTEXT for phase 1-2 personas only.
    const withPersona = [...rec.byAgent].filter(([, s]) => s.some((x) => x.includes("PERSONA_CONTEXT:"))).map(([a]) => a).sort();
    expect(withPersona).toEqual(["felix", "liam", "nadia", "oscar", "tessa", "zara"]);
    expect(rec.byAgent.get("nadia")![0]).toContain("  Phase: Vision Council");
    expect(rec.byAgent.get("liam")![0]).toContain("  Phase: Stack & Architecture Debate");

    // The scenario's own domain shows up in what the party wrote.
    const written = [...artifacts.values()].join("\n");
    for (const term of s.expect) expect(written).toMatch(term);
  }, 60_000);
});

describe("mode resolution", () => {
  it("asks with the menu when no flag is given; [2] runs classic", async () => {
    const r = await driveParty({ description: SCENARIO_LIST[1].description, mode: null, model: "scripted", answer: (req) => (req.kind === "mode" ? { selection: "2" } : undefined) });
    expect(r.requests[0].kind).toBe("mode");
    expect(r.requests[0].body).toContain("[1] Party Mode (Recommended)");
    expect(r.requests[0].options.map((o) => o.key)).toEqual(["1", "2"]);
    expect(ofType(r.events, "mode-resolved").map((e) => e.data)).toEqual([{ mode: "classic", via: "menu" }]);
    expect(ofType(r.events, "task-create")[0].data.mode).toBe("classic");
    expect(ofType(r.events, "team-create")).toEqual([]);
    expect(r.outcome).toEqual({ status: "completed" });
  }, 30_000);

  it("a flag skips the menu", async () => {
    const r = await driveParty({ description: SCENARIO_LIST[1].description, mode: null, flags: ["--new", "--classic"], model: "scripted" });
    expect(r.requests.map((q) => q.kind)).not.toContain("mode");
    expect(ofType(r.events, "mode-resolved").map((e) => e.data)).toEqual([{ mode: "classic", via: "flag" }]);
  }, 30_000);

  it("both flags: the spec's exact error, and nothing is written", async () => {
    expect(() => modeFromFlags(["--new", "--party", "--classic"])).toThrow(MUTUAL_EXCLUSION_ERROR);
    expect(MUTUAL_EXCLUSION_ERROR).toBe("Error: --party and --classic are mutually exclusive. Use one or the other.");
    let logged = 0;
    await expect(
      driveParty({
        description: "x",
        mode: null,
        model: "scripted",
        flags: ["--party", "--classic"],
        onError: (e) => {
          logged++;
          expect((e as Error).message).toBe(MUTUAL_EXCLUSION_ERROR);
          return false;
        },
      }),
    ).rejects.toThrow(MUTUAL_EXCLUSION_ERROR);
    expect(logged).toBe(1);
  });
});

describe("stack approval [C]", () => {
  it("revises the proposal with the person's change and shows it again until [Y]", async () => {
    const change = "Use MySQL instead of PostgreSQL.";
    const r = await driveParty({
      description: SCENARIO_LIST[0].description,
      visionAnswer: SCENARIO_LIST[0].answers,
      mode: "party",
      answer: (req, c) => (req.kind === "stack_approval" && !c.asked.some((q) => q.kind === "stack_approval") ? { selection: "C", text: change } : undefined),
    });
    expect(r.outcome).toEqual({ status: "completed" });
    const cards = r.requests.filter((q) => q.kind === "stack_approval");
    expect(cards).toHaveLength(2);
    expect(cards[0].body).not.toMatch(/MySQL/);
    expect(cards[1].body).toMatch(/MySQL/);
    // The critics reviewed the changed stack: the consensus shown is theirs about it.
    expect(cards[1].body).toMatch(/CONSENSUS: (UNANIMOUS|MAJORITY|NONE) — re-reviewed after your change/);
    expect(cards[1].body).toMatch(/\[Y\] Yes, proceed with this stack\n\[C\] I have changes$/);
    expect((cards[1].details as { stack: { database: { choice: string } } }).stack.database.choice).toMatch(/MySQL/);
    const revisions = ofType(r.events, "message-end").filter((e) => e.data.phase === 2 && e.data.label === "REVISED PROPOSAL");
    expect(revisions).toHaveLength(2);
    expect(ofType(r.events, "message-end").filter((e) => e.data.phase === 2 && /CRITIQUE$/.test(e.data.label))).toHaveLength(4);
    expect(revisions[1].data.content).toMatch(/MySQL/);
    // The approved, changed stack is what phase 3 builds on.
    expect(finalArtifacts(r.events).get(ARTIFACT_PATHS.architecture)).toMatch(/MySQL/);
    expect(budgetProblems(r.events)).toEqual([]);
  }, 60_000);
});
