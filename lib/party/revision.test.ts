// Revisions on the orchestrator, in memory: the producer rewrites the document with the
// person's feedback into the next version (validated like the original), "Write it now"
// writes a document a failed agent left missing, and a crash mid-revision finishes once.
import { describe, expect, it } from "vitest";
import { SCENARIO_LIST } from "@inception-party/offline-model/testing/party-fixtures";
import type { RevisionStart } from "../wire/events";
import { parseConstitution } from "./documents";
import { reviseArtifact, revisionIdFor, type RevisionMaterial } from "./revision";
import { crashAt, driveParty, finalArtifacts, offlineModels, ofType, SimulatedCrash, type DriveResult } from "./testing/drive-party";
import { driveJob, memoryMaterial } from "./testing/drive-job";
import { messageProblems, seqProblems } from "./testing/log-checks";
import { scriptedReviser } from "./testing/scripted-reviser";
import { remarkJob } from "./remark-revision";
import { withoutProvenance } from "./provenance";
import { ARTIFACT_PATHS, missingSections } from "@inception-party/protocol";

const scenario = SCENARIO_LIST.find((s) => s.name === "food-delivery")!;

function start(over: Partial<RevisionStart> & Pick<RevisionStart, "artifactPath" | "agent" | "title" | "phase">, n = 1): RevisionStart {
  const revisionId = revisionIdFor(n, over.artifactPath);
  return { revisionId, key: `revision/${revisionId}`, feedback: "Add an index on every foreign key.", baseVersion: 1, missing: false, onDemand: true, source: "person", ...over };
}

async function completed(faults?: string): Promise<DriveResult> {
  const r = await driveParty({ description: scenario.description, visionAnswer: scenario.answers, faults });
  expect(r.outcome).toEqual({ status: "completed" });
  return r;
}

describe("revisions", () => {
  it("the data model's producer rewrites it with the feedback: version 2, validated, version 1 kept in the log", async () => {
    const r = await completed();
    const before = r.events.length;
    const s = start({ artifactPath: ARTIFACT_PATHS.dataModel, agent: "data_modeler", title: "Data Model", phase: 3 });
    const m: RevisionMaterial = memoryMaterial(r.store, r.partyId);
    await driveJob({ store: r.store, partyId: r.partyId, job: (ctx) => reviseArtifact(ctx, s, m) });
    const after = r.store.events.get(r.partyId)!.slice(before);
    expect(after.map((e) => e.type).filter((t) => !t.startsWith("message-") && t !== "usage")).toEqual(["revision-start", "artifact-write", "revision-result"]);
    const turn = ofType(after, "message-end")[0];
    expect(turn.data).toMatchObject({ sender: "data_modeler", label: "ARTIFACT REVISED", type: "work", recipient: "user" });
    const write = ofType(after, "artifact-write")[0];
    expect(write.data).toMatchObject({ path: ARTIFACT_PATHS.dataModel, producer: "data_modeler", phase: 3, version: 2, revisionId: s.revisionId, reason: expect.stringMatching(/^Revised\. Your feedback: Add an index/) });
    expect(missingSections("data-model", write.data.content)).toEqual([]);
    expect(write.data.content).not.toBe(m.artifacts[ARTIFACT_PATHS.dataModel]);
    expect(ofType(after, "revision-result")[0].data).toMatchObject({ revisionId: s.revisionId, status: "completed", version: 2, changesSummary: expect.any(String), reason: null });
    // Both versions are in the log, in order.
    expect(ofType(r.store.events.get(r.partyId)!, "artifact-write").filter((e) => e.data.path === ARTIFACT_PATHS.dataModel)).toHaveLength(2);
    expect((await r.store.getArtifact(r.partyId, ARTIFACT_PATHS.dataModel))?.version).toBe(2);
  }, 60_000);

  it("the constitution goes back to its generator as structured articles and comes back as the same layout", async () => {
    const r = await completed();
    const m = memoryMaterial(r.store, r.partyId);
    expect(parseConstitution(m.artifacts[ARTIFACT_PATHS.constitution])?.articles.length).toBeGreaterThanOrEqual(5);
    const s = start({ artifactPath: ARTIFACT_PATHS.constitution, agent: "constitution_generator", title: "Constitution", phase: 4, feedback: "Add an article on accessibility." });
    const out = await driveJob({ store: r.store, partyId: r.partyId, job: (ctx) => reviseArtifact(ctx, s, m) });
    expect(out.crashes).toBe(0);
    const write = ofType(r.store.events.get(r.partyId)!, "artifact-write").at(-1)!;
    expect(write.data.path).toBe(ARTIFACT_PATHS.constitution);
    expect(parseConstitution(write.data.content)?.articles.length).toBeGreaterThanOrEqual(5);
  }, 60_000);

  it("an agent that fails for good leaves its document missing, said plainly; Write it now writes it", async () => {
    const r = await completed("throw:data_modeler:2");
    const missing = ofType(r.events, "artifact-missing");
    expect(missing.map((e) => e.data)).toEqual([
      { path: ARTIFACT_PATHS.dataModel, title: "Data Model", agent: "data_modeler", agentName: "Data Model Designer", phase: 3, reason: "The data model could not be written: Data Model Designer failed twice." },
    ]);
    expect(finalArtifacts(r.events).has(ARTIFACT_PATHS.dataModel)).toBe(false);
    const s = start({ artifactPath: ARTIFACT_PATHS.dataModel, agent: "data_modeler", title: "Data Model", phase: 3, baseVersion: 0, missing: true, feedback: "Write it now." });
    const m = memoryMaterial(r.store, r.partyId);
    await driveJob({ store: r.store, partyId: r.partyId, job: (ctx) => reviseArtifact(ctx, s, m) });
    const log = r.store.events.get(r.partyId)!;
    const write = ofType(log, "artifact-write").at(-1)!;
    expect(write.data).toMatchObject({ path: ARTIFACT_PATHS.dataModel, version: 1, reason: expect.stringMatching(/^Written now \(it was missing\)/) });
    expect(missingSections("data-model", write.data.content)).toEqual([]);
    expect(ofType(log, "message-end").at(-1)!.data).toMatchObject({ sender: "data_modeler", label: "ARTIFACT DRAFT" });
  }, 60_000);

  it("a revision whose agent fails twice ends with a failed result and writes nothing", async () => {
    const r = await completed();
    const before = ofType(r.events, "artifact-write").length;
    const lastSeq = r.events.length;
    const s = start({ artifactPath: ARTIFACT_PATHS.testStrategy, agent: "test_strategist", title: "Test Strategy Outline", phase: 3 });
    await driveJob({ store: r.store, partyId: r.partyId, models: offlineModels({ faults: "throw:test_strategist" }), job: (ctx) => reviseArtifact(ctx, s, memoryMaterial(r.store, r.partyId)) });
    const log = r.store.events.get(r.partyId)!;
    expect(ofType(log, "artifact-write")).toHaveLength(before);
    expect(ofType(log, "revision-result").at(-1)!.data).toMatchObject({ status: "failed", version: null, reason: expect.stringMatching(/Test Strategist could not revise it/) });
    expect(ofType(log, "agent-failure").filter((e) => e.seq > lastSeq)).toHaveLength(2);
  }, 60_000);

  it("a crash in the middle of a revision: the new runner finishes it once", async () => {
    for (const when of ["before", "after"] as const) {
      const r = await completed();
      const before = r.events.length;
      const s = start({ artifactPath: ARTIFACT_PATHS.architecture, agent: "architect", title: "Architecture Overview", phase: 3, feedback: "Add a read replica for reporting queries." });
      const m = memoryMaterial(r.store, r.partyId);
      // A revision commits its start, then its turn (message-start and streamed text ride with
      // the step commits), then the result: crashes at the first two commits land in both.
      const out = await driveJob({ store: r.store, partyId: r.partyId, job: (ctx) => reviseArtifact(ctx, s, m), wrapStore: crashAt([1, 2], when), onError: (e) => e instanceof SimulatedCrash });
      expect(out.crashes, when).toBe(2);
      const log = r.store.events.get(r.partyId)!;
      const after = log.slice(before);
      expect(seqProblems(log)).toEqual([]);
      expect(messageProblems(log), when).toEqual([]);
      expect(ofType(after, "revision-start"), when).toHaveLength(1);
      expect(ofType(after, "revision-result"), when).toHaveLength(1);
      expect(ofType(after, "artifact-write").filter((e) => e.data.path === ARTIFACT_PATHS.architecture), when).toHaveLength(1);
      expect(ofType(after, "message-end").filter((e) => e.data.label === "ARTIFACT REVISED"), when).toHaveLength(1);
    }
  }, 120_000);

  describe("a revision does what it was asked and nothing else", () => {
    const ADD_FOUR = "Add four entities: Voucher, Refund, Invoice and DriverShift.";
    const section = (name: string) =>
      [`### ${name}`, "", `A ${name} the person asked for. Table \`${name.toLowerCase()}s\`.`, "", "| Field | Type | Constraints | Notes |", "| --- | --- | --- | --- |", `| \`${name.toLowerCase()}_ref\` | text | not null |  |`, ""].join("\n");
    /** The base without the lines of one entity (its heading to the next heading): about 14 lines a model may drop. */
    const withoutEntity = (doc: string, heading: string) => {
      const lines = doc.split("\n");
      const from = lines.indexOf(heading);
      const to = lines.findIndex((l, i) => i > from && /^#{2,3} /.test(l));
      return { doc: [...lines.slice(0, from), ...lines.slice(to)].join("\n"), dropped: lines.slice(from, to).filter((l) => l.trim()) };
    };
    const inOrder = (sub: string[], all: string[]) => {
      let i = 0;
      for (const line of all) if (i < sub.length && line === sub[i]) i++;
      return i === sub.length;
    };

    it("a draft that adds the four entities but drops an entity nobody mentioned: the four stay, the entity comes back", async () => {
      const r = await completed();
      const m = memoryMaterial(r.store, r.partyId);
      const base = withoutProvenance(m.artifacts[ARTIFACT_PATHS.dataModel]);
      const lost = withoutEntity(base, "### Commission");
      expect(lost.dropped.length).toBeGreaterThanOrEqual(8);
      const added = ["Voucher", "Refund", "Invoice", "DriverShift"].map(section).join("\n") + "\n## Relationships";
      const draft = lost.doc.replace("## Relationships", added);
      const reviser = scriptedReviser("data_modeler", [{ markdown: draft, changes_summary: "Added Voucher, Refund, Invoice and DriverShift." }]);
      const s = start({ artifactPath: ARTIFACT_PATHS.dataModel, agent: "data_modeler", title: "Data Model", phase: 3, feedback: ADD_FOUR });
      const before = r.store.events.get(r.partyId)!.length;
      await driveJob({ store: r.store, partyId: r.partyId, models: reviser.models, job: (ctx) => reviseArtifact(ctx, s, m) });
      const after = r.store.events.get(r.partyId)!.slice(before);
      expect(reviser.turns()).toBe(1);
      const write = ofType(after, "artifact-write")[0];
      expect(write.data.version).toBe(2);
      const written = withoutProvenance(write.data.content).split("\n");
      // Every line of version 1 is still there, in its order; the four entities were added.
      expect(inOrder(base.split("\n"), written)).toBe(true);
      for (const n of ["Voucher", "Refund", "Invoice", "DriverShift"]) expect(written).toContain(`### ${n}`);
      // ...and nothing else: the written lines are exactly version 1's and the four sections'.
      const filled = (ls: string[]) => ls.filter((l) => l.trim()).length;
      expect(filled(written)).toBe(filled(base.split("\n")) + 4 * filled(section("x").split("\n")));
      // Here that is exactly version 1 with the four sections where the draft put them.
      expect(written.join("\n")).toBe(base.replace("## Relationships", added));
      expect(ofType(after, "revision-result")[0].data).toMatchObject({ status: "completed", version: 2, changesSummary: expect.stringMatching(/^Added Voucher, Refund, Invoice and DriverShift\. Kept \d+ lines the rewrite had dropped that you did not ask to remove\.$/) });
    }, 60_000);

    it("a draft that only deletes lines, twice: no version, and a reason the person can act on", async () => {
      const r = await completed();
      const m = memoryMaterial(r.store, r.partyId);
      const base = withoutProvenance(m.artifacts[ARTIFACT_PATHS.dataModel]);
      const draft = withoutEntity(withoutEntity(base, "### Commission").doc, "### Photo").doc;
      const reviser = scriptedReviser("data_modeler", [{ markdown: draft, changes_summary: "Added the four entities." }]);
      const s = start({ artifactPath: ARTIFACT_PATHS.dataModel, agent: "data_modeler", title: "Data Model", phase: 3, feedback: ADD_FOUR });
      const before = r.store.events.get(r.partyId)!.length;
      // As a remark after the party: the revision, then the reply to the person.
      const plan = { remark: { messageId: "msg-remark-1", text: ADD_FOUR }, phase: 5, revisions: [s], done: [], titles: { [ARTIFACT_PATHS.dataModel]: "Data Model" } };
      await driveJob({ store: r.store, partyId: r.partyId, models: reviser.models, job: remarkJob(plan, m) });
      const after = r.store.events.get(r.partyId)!.slice(before);
      expect(reviser.turns()).toBe(2); // one more try, then it stops
      expect(ofType(after, "artifact-write")).toEqual([]);
      expect((await r.store.getArtifact(r.partyId, ARTIFACT_PATHS.dataModel))?.version).toBe(1);
      const result = ofType(after, "revision-result");
      expect(result.map((e) => e.data)).toEqual([
        {
          revisionId: s.revisionId,
          artifactPath: ARTIFACT_PATHS.dataModel,
          status: "unchanged",
          version: null,
          changesSummary: null,
          reason: expect.stringMatching(/^No new version: Data Model Designer's rewrite of the Data Model changed nothing you asked for in two tries\. It also dropped \d+ lines you did not ask to remove, which stay as they were\. Try again saying exactly what to add, change or remove, and where\.$/),
        },
      ]);
      // Words, not commands or routes.
      expect(result[0].data.reason).not.toMatch(/\/|--|`/);
      const reply = ofType(after, "message-end").at(-1)!;
      expect(reply.data.content).toContain(`- Data Model: not changed. ${result[0].data.reason}`);
    }, 60_000);
  });
});
