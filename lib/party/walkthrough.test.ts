// The walkthrough acts: one review request carries every step with its recommended
// choice; one answer settles them all; every choice leaves a visible trace in the log and,
// where it concerns a document, a new version of that document; notes are folded into the
// document they concern or answered; the next steps come with buttons' actions.
import { describe, expect, it } from "vitest";
import { SCENARIO_LIST } from "@inception-party/offline-model/testing/party-fixtures";
import type { InputRequestData } from "../wire/events";
import { MemoryPartyStore } from "./testing/memory-store";
import { driveParty, finalArtifacts, ofType, type Answerer } from "./testing/drive-party";
import { discoveryContextOf, messageProblems, seqProblems } from "./testing/log-checks";
import { REVIEW_TITLE, sectionOf, withPermissions } from "./walkthrough";
import { ARTIFACT_PATHS, missingSections } from "@inception-party/protocol";
import { ORCHESTRATOR, PERSON, WALKTHROUGH_STEPS, type WalkthroughReviewDetails } from "../vocabulary";

/**
 * What the per-step walkthrough of an older version wrote for its first step, and its
 * second request. (The memory store commits synchronously: these land before the answer
 * the driver appends next.)
 */
function legacyStart(store: MemoryPartyStore, partyId: string) {
  const epoch = store.epochs.get(partyId)!;
  const request = (step: string, details: unknown) => ({
    type: "input-request" as const,
    data: { requestId: `req_legacy_${step}`, key: `party/p5/${step}`, kind: "walkthrough", title: `Step — ${step}`, body: "", options: [{ key: "1", label: "Yes" }, { key: "2", label: "Skip" }], allowsText: true, details },
  });
  void store.commit(partyId, epoch, { step: { key: "party/p5/architecture/request", output: null }, events: [request("architecture", { step: "architecture", concerns: [] })] });
  store.answer(partyId, "req_legacy_architecture", { selection: "2", text: null });
  void store.commit(partyId, epoch, { step: { key: "party/p5/architecture/answer", output: { selection: "2", text: null } }, events: [] });
  void store.commit(partyId, epoch, {
    step: { key: "party/p5/architecture/record", output: null },
    events: [{ type: "walkthrough-step", data: { step: "architecture", title: "Step 2 — Architecture & stack review", requestId: "req_legacy_architecture", selection: "2", choice: "Skip", text: null, outcome: "Skipped.", record: { walkedThrough: false, corrections: null, concerns: [] }, revisions: [], actions: [] } }],
  });
  void store.commit(partyId, epoch, { step: { key: "party/p5/permissions/request", output: null }, events: [request("permissions", { step: "permissions", allow: ["npm test"], review: ["curl *"] })] });
}

const scenario = SCENARIO_LIST.find((s) => s.name === "food-delivery")!;
/** Confirm, with `choices` (the API's per-step JSON) as the answer's text. */
const review =
  (choices?: Record<string, unknown>): Answerer =>
  (req: InputRequestData) =>
    req.kind === "walkthrough" ? { selection: "1", text: choices ? JSON.stringify(choices) : null } : undefined;

describe("a walkthrough that acts", () => {
  it("asks once: every step in the seed's order, its recommended choice and what it means", async () => {
    const r = await driveParty({ description: scenario.description, visionAnswer: scenario.answers, model: "scripted" });
    expect(r.outcome).toEqual({ status: "completed" });
    const asked = r.requests.filter((q) => q.kind === "walkthrough");
    expect(asked).toHaveLength(1);
    const [req] = asked;
    expect(req).toMatchObject({ title: REVIEW_TITLE, options: [{ key: "1", label: "Confirm" }], allowsText: true });
    const d = req.details as WalkthroughReviewDetails;
    expect(d.step).toBe("review");
    expect(d.steps.map((s) => [s.step, s.title, s.options.find((o) => o.key === s.recommended)?.label])).toEqual([
      ["architecture", "Step 2 — Architecture & stack review", "Yes, walk me through it"],
      ["permissions", "Step 2.5 — Permission audit", "Apply recommended"],
      ["coverage", "Step 3 — Test coverage gaps", "Show me"],
      ["iteration", "Step 3.5 — Iteration configuration", "Keep defaults"],
      ["next", "Step 4 — What next?", "Start a new feature"],
    ]);
    for (const s of d.steps) {
      expect(s.meaning).toMatch(/^[A-Z].{20,140}\.$/);
      expect(s.meaning).not.toMatch(/\n/);
    }
    // The body says the same in plain lines, for a reader without the details.
    for (const s of d.steps) expect(req.body).toContain(s.title);
    // Confirm alone: the recommended choice of every step acted.
    const steps = ofType(r.events, "walkthrough-step").map((e) => e.data);
    expect(steps.map((s) => [s.step, s.choice, s.requestId])).toEqual(WALKTHROUGH_STEPS.map((name, i) => [name, d.steps[i].options.find((o) => o.key === d.steps[i].recommended)!.label, req.requestId]));
    expect(ofType(r.events, "message-end").filter((e) => e.data.label === "WALKTHROUGH")).toHaveLength(2);
    expect(discoveryContextOf(r.events)).toMatchObject({ permissions_reviewed: true, user_next_action: "feature", walkthrough_completed: true });
  }, 90_000);

  it("every choice does something visible; notes revise the documents they concern; the next steps are actions", async () => {
    // The offline model: the permission decisions name the commands its stack brings (npm).
    const r = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      answer: review({
        architecture: { note: "Add a read replica of the database for the reporting queries." },
        // Review each: refuse the 3rd recommended command, allow the first broad one.
        permissions: { choice: "2", commands: { "npm run build": "ask", "npm install *": "allow" } },
        coverage: { note: "Add a load test of the checkout at 200 orders a minute." },
        iteration: { choice: "2", config: { implementation: 8, testing: 6, circuit_breaker: 3 } },
        next: { note: "Which feature should come first?" },
      }),
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
    expect(steps[0]).toMatchObject({ choice: "Yes, walk me through it", text: "Add a read replica of the database for the reporting queries.", record: { walkedThrough: true, corrections: "Add a read replica of the database for the reporting queries." }, revisions: ["walkthrough-architecture-architecture-overview"] });
    const archWrites = ofType(ev, "artifact-write").filter((e) => e.data.path === ARTIFACT_PATHS.architecture);
    expect(archWrites).toHaveLength(2);
    expect(archWrites[1].data).toMatchObject({ producer: "architect", version: 2, revisionId: "walkthrough-architecture-architecture-overview", reason: expect.stringMatching(/^Revised\. Walkthrough note: Add a read replica/) });
    expect(missingSections("architecture-overview", archWrites[1].data.content)).toEqual([]);
    expect(ofType(ev, "revision-start").find((e) => e.data.artifactPath === ARTIFACT_PATHS.architecture)?.data).toMatchObject({ source: "walkthrough", onDemand: false });

    // Step 2.5: the decisions given per command, the others as recommended, recorded in the skill report.
    const decisions = steps[1].record.decisions as Array<{ command: string; allowed: boolean }>;
    expect(steps[1]).toMatchObject({ choice: "Review each", record: { audit: "reviewed" } });
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
    expect(sectionOf(report, "Assistant Permissions")).toMatch(/reviewed one by one/);
    expect(steps[1].actions).toEqual([{ label: "Open the skill report", action: "open-artifact", params: { path: ARTIFACT_PATHS.skillReport } }]);

    // Step 3: the gaps are shown, the note revises the test strategy, planning tests becomes an action.
    expect(walk[1].data.content).toMatch(/Critical paths to cover first:\n1\. /);
    expect(steps[2]).toMatchObject({ record: { shown: true, planTestsNext: true }, revisions: ["walkthrough-coverage-test-strategy-outline"] });
    expect(ofType(ev, "artifact-write").filter((e) => e.data.path === ARTIFACT_PATHS.testStrategy)).toHaveLength(2);
    expect(steps[2].actions[0]).toMatchObject({ action: "revise", params: { artifactPath: ARTIFACT_PATHS.testStrategy } });

    // Step 3.5: recorded in the step and in discovery_context.
    expect(steps[3]).toMatchObject({ choice: "Customize", record: { customized: true, config: { implementation: 8, testing: 6, circuit_breaker: 3 } }, outcome: expect.stringMatching(/implementation 8, testing 6, circuit breaker 3/) });
    expect(discoveryContextOf(ev)).toMatchObject({ iteration_config: { implementation: 8, testing: 6, circuit_breaker: 3 }, user_next_action: "feature", permissions_reviewed: true });

    // Step 4: the note is answered by the orchestrator; the new feature is a prefilled kickoff.
    const reviewReq = r.requests.find((q) => q.kind === "walkthrough")!;
    const reply = ofType(ev, "message-end").find((e) => e.data.label === "REPLY")!;
    expect(reply.data).toMatchObject({ sender: ORCHESTRATOR, recipient: PERSON, replyTo: [reviewReq.requestId] });
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

  it("Skip, Skip, done: the other choices leave their own traces", async () => {
    const r = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      model: "scripted",
      answer: review({ architecture: { choice: "2" }, permissions: { choice: "3" }, coverage: { choice: "2" }, next: { choice: "2" } }),
    });
    const steps = ofType(r.events, "walkthrough-step").map((e) => e.data);
    expect(steps.map((s) => [s.step, s.choice])).toEqual([
      ["architecture", "Skip"],
      ["permissions", "Skip"],
      ["coverage", "Skip"],
      ["iteration", "Keep defaults"],
      ["next", "I'm done for now"],
    ]);
    expect(steps[1].record).toEqual({ audit: "skipped", decisions: [] });
    expect(ofType(r.events, "artifact-write").filter((e) => e.data.path === ARTIFACT_PATHS.skillReport)).toHaveLength(1);
    expect(ofType(r.events, "artifact-write").filter((e) => e.data.path === ARTIFACT_PATHS.architecture)).toHaveLength(1);
    expect(ofType(r.events, "message-end").filter((e) => e.data.label === "WALKTHROUGH")).toHaveLength(0);
    expect(steps[4].actions.map((a) => a.action)).toEqual(["download"]);
    expect(discoveryContextOf(r.events)).toMatchObject({ permissions_reviewed: false, user_next_action: "done" });
  }, 90_000);

  it("a party whose log began the walkthrough one request per step goes on with a review of the steps left", async () => {
    const store = new MemoryPartyStore();
    let injected = false;
    const r = await driveParty({
      description: scenario.description,
      visionAnswer: scenario.answers,
      model: "scripted",
      store,
      answer: (req) => {
        // As an older version left it: the architecture step asked, answered "Skip" and
        // recorded; the permission audit asked and still waiting.
        if (req.kind === "constitution_review" && !injected) {
          injected = true;
          legacyStart(store, "party-1");
        }
        return undefined;
      },
    });
    expect(r.outcome).toEqual({ status: "completed" });
    const reviewReq = r.requests.find((q) => q.kind === "walkthrough")!;
    expect((reviewReq.details as WalkthroughReviewDetails).steps.map((s) => s.step)).toEqual(["permissions", "coverage", "iteration", "next"]);
    const steps = ofType(r.events, "walkthrough-step").map((e) => [e.data.step, e.data.choice, e.data.requestId]);
    expect(steps).toEqual([
      ["architecture", "Skip", "req_legacy_architecture"],
      ["permissions", "Apply recommended", reviewReq.requestId],
      ["coverage", "Show me", reviewReq.requestId],
      ["iteration", "Keep defaults", reviewReq.requestId],
      ["next", "Start a new feature", reviewReq.requestId],
    ]);
    // Skipped before: no walk through the architecture now.
    expect(ofType(r.events, "message-end").filter((e) => e.data.label === "WALKTHROUGH")).toHaveLength(1);
  }, 90_000);

  it("adds the permissions section once, replacing an earlier one", () => {
    const once = withPermissions("# Skill Customization Report\n\n| a | b |\n", "recommended set applied", [{ command: "npm test", allowed: true }]);
    const twice = withPermissions(once, "reviewed one by one", [{ command: "npm test", allowed: false }]);
    expect(twice.match(/## Assistant Permissions/g)).toHaveLength(1);
    expect(twice).toMatch(/\| `npm test` \| ask first \|/);
  });
});
