// The walkthrough acts: every choice leaves a visible trace in the log and, where it
// concerns a document, a new version of that document; notes are folded into the
// document they concern or answered; the next steps come with buttons' actions.
import { describe, expect, it } from "vitest";
import { SCENARIO_LIST } from "../ai/offline/testing/party-fixtures";
import type { InputRequestData } from "./events";
import { driveParty, finalArtifacts, ofType, type Answerer } from "./testing/drive-party";
import { discoveryContextOf, messageProblems, seqProblems } from "./testing/log-checks";
import { sectionOf, withPermissions } from "./walkthrough";
import { ARTIFACT_PATHS, missingSections } from "../protocol/artifacts";
import { ORCHESTRATOR, PERSON } from "../vocabulary";

const scenario = SCENARIO_LIST.find((s) => s.name === "food-delivery")!;
const by = (prefix: string, a: { selection?: string; text?: string }) => (req: InputRequestData) => (req.title.startsWith(prefix) ? a : undefined);
const answers = (...fs: Array<(req: InputRequestData) => { selection?: string; text?: string } | undefined>): Answerer => (req) => fs.map((f) => f(req)).find(Boolean);

describe("a walkthrough that acts", () => {
  it("every choice does something visible; notes revise the documents they concern; the next steps are actions", async () => {
    const r = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      answer: answers(
        by("Step 2 — Architecture", { selection: "1" }),
        by("Step 2 — Corrections", { selection: "2", text: "Add a read replica of the database for the reporting queries." }),
        by("Step 2.5 — Permission audit", { selection: "2" }),
        // Review each: refuse the 3rd recommended command, allow the first broad one.
        by("Step 2.5 — Permission 3 of", { selection: "2" }),
        by("Step 2.5 — Permission 5 of", { selection: "2" }),
        by("Step 3 — Test coverage", { selection: "1", text: "Add a load test of the checkout at 200 orders a minute." }),
        by("Step 3 — Plan tests", { selection: "1" }),
        by("Step 3.5", { selection: "2", text: "8, 6, 3" }),
        by("Step 4", { selection: "1", text: "Which feature should come first?" }),
      ),
    });
    expect(r.outcome).toEqual({ status: "completed" });
    const ev = r.events;
    expect(seqProblems(ev)).toEqual([]);
    expect(messageProblems(ev)).toEqual([]);
    const steps = ofType(ev, "walkthrough-step").map((e) => e.data);
    expect(steps.map((s) => s.step)).toEqual(["architecture", "permissions", "coverage", "iteration", "next"]);

    // Step 2: a walk through the architecture, then the correction revises it (v2, by its author).
    const walk = ofType(ev, "message-end").filter((e) => e.data.label === "WALKTHROUGH");
    expect(walk.map((e) => e.data.sender)).toEqual([ORCHESTRATOR, ORCHESTRATOR]);
    expect(walk[0].data.content).toMatch(/Layers and components:/);
    expect(steps[0]).toMatchObject({ choice: "Yes, walk me through it", record: { walkedThrough: true, corrections: "Add a read replica of the database for the reporting queries." }, revisions: ["walkthrough-architecture-architecture-overview"] });
    const archWrites = ofType(ev, "artifact-write").filter((e) => e.data.path === ARTIFACT_PATHS.architecture);
    expect(archWrites).toHaveLength(2);
    expect(archWrites[1].data).toMatchObject({ producer: "architect", version: 2, revisionId: "walkthrough-architecture-architecture-overview", reason: expect.stringMatching(/^Revised\. Walkthrough note: Add a read replica/) });
    expect(missingSections("architecture-overview", archWrites[1].data.content)).toEqual([]);
    expect(ofType(ev, "revision-start").find((e) => e.data.artifactPath === ARTIFACT_PATHS.architecture)?.data).toMatchObject({ source: "walkthrough", onDemand: false });

    // Step 2.5: one request per command; the decisions are recorded in the skill report.
    const perRequests = r.requests.filter((q) => q.title.startsWith("Step 2.5 — Permission ") && / of \d+$/.test(q.title));
    expect(perRequests).toHaveLength(6);
    const decisions = steps[1].record.decisions as Array<{ command: string; allowed: boolean }>;
    expect(decisions).toEqual([
      { command: "npm test", allowed: true },
      { command: "npm run lint", allowed: true },
      { command: "npm run build", allowed: false },
      { command: "npx tsc --noEmit", allowed: true },
      { command: "npm install *", allowed: true },
      { command: "curl *", allowed: false },
    ]);
    const report = finalArtifacts(ev).get(ARTIFACT_PATHS.skillReport)!;
    expect(sectionOf(report, "Assistant Permissions")).toMatch(/\| `npm run build` \| ask first \|/);
    expect(sectionOf(report, "Assistant Permissions")).toMatch(/\| `npm install \*` \| allowed \|/);
    expect(steps[1].actions).toEqual([{ label: "Open the skill report", action: "open-artifact", params: { path: ARTIFACT_PATHS.skillReport } }]);

    // Step 3: the gaps are shown, the note revises the test strategy, planning tests becomes an action.
    expect(walk[1].data.content).toMatch(/Critical paths to cover first:\n1\. /);
    expect(steps[2]).toMatchObject({ record: { shown: true, planTestsNext: true }, revisions: ["walkthrough-coverage-test-strategy-outline"] });
    expect(ofType(ev, "artifact-write").filter((e) => e.data.path === ARTIFACT_PATHS.testStrategy)).toHaveLength(2);
    expect(steps[2].actions[0]).toMatchObject({ action: "revise", params: { artifactPath: ARTIFACT_PATHS.testStrategy } });

    // Step 3.5: recorded in the step and in discovery_context.
    expect(steps[3]).toMatchObject({ record: { customized: true, config: { implementation: 8, testing: 6, circuit_breaker: 3 } }, outcome: expect.stringMatching(/implementation 8, testing 6, circuit breaker 3/) });
    expect(discoveryContextOf(ev)).toMatchObject({ iteration_config: { implementation: 8, testing: 6, circuit_breaker: 3 }, user_next_action: "feature", permissions_reviewed: true });

    // Step 4: the note is answered by the orchestrator; the new feature is a prefilled kickoff.
    const nextReq = r.requests.find((q) => q.title.startsWith("Step 4"))!;
    const reply = ofType(ev, "message-end").find((e) => e.data.label === "REPLY")!;
    expect(reply.data).toMatchObject({ sender: ORCHESTRATOR, recipient: PERSON, replyTo: [nextReq.requestId] });
    const kickoff = steps[4].actions.find((a) => a.action === "new-kickoff")!;
    expect(kickoff.params).toMatchObject({ title: "Test project: next feature", flags: ["--new", "--party"], description: expect.stringContaining("Test project") });

    // The closing SUGGESTED NEXT STEPS block keeps its canonical text, with an action per item.
    const last = ofType(ev, "phase-end").at(-1)!;
    expect(last.data.nextSteps).toMatch(/^---\nSUGGESTED NEXT STEPS:\n {2}\[1\] Start a new feature/);
    expect(last.data.nextStepActions!.map((a) => [a.label, a.action])).toEqual([
      ["Start a new feature", "new-kickoff"],
      ["Review the artifacts", "open-artifacts"],
      ["Download the bundle", "download"],
      ["View project status", "show-status"],
    ]);
  }, 90_000);

  it("Apply recommended, Skip, done: the defaults leave their own traces", async () => {
    const r = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      answer: answers(by("Step 2 — Architecture", { selection: "2" }), by("Step 3 — Test coverage", { selection: "2" }), by("Step 4", { selection: "2" })),
    });
    const steps = ofType(r.events, "walkthrough-step").map((e) => e.data);
    expect(steps.map((s) => [s.step, s.choice])).toEqual([
      ["architecture", "Skip"],
      ["permissions", "Apply recommended"],
      ["coverage", "Skip"],
      ["iteration", "Keep defaults (Recommended)"],
      ["next", "I'm done for now"],
    ]);
    expect(steps[1].record).toMatchObject({ audit: "recommended" });
    expect(sectionOf(finalArtifacts(r.events).get(ARTIFACT_PATHS.skillReport), "Assistant Permissions")).toMatch(/recommended set applied/);
    expect(ofType(r.events, "artifact-write").filter((e) => e.data.path === ARTIFACT_PATHS.architecture)).toHaveLength(1);
    expect(steps[4].actions.map((a) => a.action)).toEqual(["download"]);
  }, 90_000);

  it("adds the permissions section once, replacing an earlier one", () => {
    const once = withPermissions("# Skill Customization Report\n\n| a | b |\n", "recommended set applied", [{ command: "npm test", allowed: true }]);
    const twice = withPermissions(once, "reviewed one by one", [{ command: "npm test", allowed: false }]);
    expect(twice.match(/## Assistant Permissions/g)).toHaveLength(1);
    expect(twice).toMatch(/\| `npm test` \| ask first \|/);
  });
});
