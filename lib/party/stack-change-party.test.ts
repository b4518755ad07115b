// A whole party whose person changes the stack at its card: every document written or
// kept from then on builds on the changed stack, the critics review the change before the
// card shows a consensus, and what the team did not do of the request is listed.
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { ARTIFACT_PATHS } from "@inception-party/protocol";
import { budgetProblems } from "./testing/log-checks";
import { crashAt, driveParty, finalArtifacts, offlineModels, ofType, SimulatedCrash, withoutTimestamps, type DriveResult } from "./testing/drive-party";
import { hookedStore, type PartyStore } from "./store";
import type { MemoryPartyStore } from "./testing/memory-store";
import type { ModelLookup } from "./agent-step";
import { wholePrompt } from "./testing/recording-models";

/** The offline models, except that the architect cannot revise for the stack change. */
function architectIgnoresTheChange(): ModelLookup {
  const inner = offlineModels();
  return {
    modelFor(agent) {
      const { model, spec } = inner.modelFor(agent);
      const m = model as LanguageModelV4;
      const refuse = (prompt: Parameters<LanguageModelV4["doStream"]>[0]["prompt"]) => agent === "architect" && /instead of Next\.js/.test(wholePrompt(prompt));
      const wrapped: LanguageModelV4 = {
        ...m,
        doGenerate: (o) => (refuse(o.prompt) ? Promise.reject(new Error("the architect is unavailable")) : m.doGenerate(o)),
        doStream: (o) => (refuse(o.prompt) ? Promise.reject(new Error("the architect is unavailable")) : m.doStream(o)),
      };
      return { model: wrapped, spec };
    },
  };
}

const DESCRIPTION =
  "A booking app for a community climbing gym: members reserve time slots on the walls, staff run belay certification classes, and the front desk checks people in with a QR code. Members pay a monthly membership online.";
const CHANGE = "use Django with HTMX templates";

describe("a stack change is carried everywhere", () => {
  it("no replaced technology after the change, a critique of the changed stack, and its own consensus", async () => {
    const r = await driveParty({
      description: DESCRIPTION,
      title: "Crag Hours",
      mode: "party",
      answer: (req, c) => (req.kind === "stack_approval" && !c.asked.some((q) => q.kind === "stack_approval") ? { selection: "C", text: CHANGE } : undefined),
    });
    expect(r.outcome).toEqual({ status: "completed" });
    const ev = r.events;
    const cards = r.requests.filter((q) => q.kind === "stack_approval");
    expect(cards).toHaveLength(2);
    type Details = { stack: { language: { choice: string }; framework: { choice: string } }; consensus: string };
    const [first, second] = cards.map((c) => c.details as Details);
    expect(first.stack.framework.choice).toMatch(/Next\.js/);
    expect(second.stack.framework.choice).toMatch(/Django/);

    // What the change replaced: the first card's technologies the approved stack no longer names.
    const gone = /NO LONGER IN THE STACK: ([^\n]+) — /.exec(cards[1].body)?.[1].split(", ") ?? [];
    expect(gone).toEqual(expect.arrayContaining(["TypeScript", "Next.js", "Prisma"]));
    for (const name of gone) expect(JSON.stringify(second.stack)).not.toContain(`"${name}`);

    // The critics reviewed the changed stack after the change and before its card.
    const answeredAt = ev.findIndex((e) => e.type === "input-response" && e.data.requestId === cards[0].requestId);
    const secondCardAt = ev.findIndex((e) => e.type === "input-request" && e.data.requestId === cards[1].requestId);
    const between = ofType(ev, "message-end").filter((e) => e.seq > ev[answeredAt].seq && e.seq < ev[secondCardAt].seq);
    expect(between.map((e) => e.data.label).sort()).toEqual(["OPS CRITIQUE", "POSITION", "POSITION", "POSITION", "REVISED PROPOSAL", "SECURITY CRITIQUE"]);
    for (const m of between.filter((e) => /CRITIQUE|POSITION/.test(e.data.label))) {
      for (const name of gone) expect(m.data.content, `${m.data.sender} ${m.data.label} reviews the changed stack`).not.toContain(name);
    }
    // The consensus shown is the one the positions on the changed stack give.
    const agree = between.filter((e) => e.data.label === "POSITION").map((e) => e.data.content.startsWith("AGREE"));
    const honest = agree.every(Boolean) ? "unanimous" : agree.filter(Boolean).length * 2 > agree.length ? "majority" : "none";
    expect(second.consensus).toBe(honest);
    expect(cards[1].body).toContain(`CONSENSUS: ${honest.toUpperCase()} — re-reviewed after your change`);
    expect(cards[1].body).toContain("RE-REVIEWED: Zara (security) and Felix (operations) reviewed the changed stack");
    // Answering the person's change is outside the agents' own budget.
    expect(budgetProblems(ev)).toEqual([]);

    // What the team did not do of the request is listed, with the reason.
    expect(cards[1].body).toMatch(/NOT DONE FROM YOUR REQUEST:\n- HTMX: .+/);

    // No replaced technology in any document as it ends up: the brief written before the
    // change included, which is revised, and everything written after it.
    const artifacts = finalArtifacts(ev);
    for (const path of [...Object.values(ARTIFACT_PATHS).filter((p) => p !== ARTIFACT_PATHS.prd), "scaffold.txt"]) {
      const text = artifacts.get(path) ?? "";
      expect(text, path).not.toBe("");
      for (const name of gone) expect(text.toLowerCase(), `${path} names ${name}`).not.toContain(name.toLowerCase());
    }
    for (const [path, text] of artifacts) for (const name of gone) expect(text.toLowerCase(), `${path} names ${name}`).not.toContain(name.toLowerCase());
    const revised = ofType(ev, "revision-start").filter((e) => e.data.source === "stack");
    expect(revised.map((e) => e.data.artifactPath)).toContain(ARTIFACT_PATHS.brief);
    expect(ofType(ev, "revision-result").filter((e) => revised.some((s) => s.data.revisionId === e.data.revisionId)).every((e) => e.data.status === "completed")).toBe(true);
    expect(ofType(ev, "note").filter((e) => e.data.kind === "warning")).toEqual([]);
    expect(artifacts.get(ARTIFACT_PATHS.architecture)).toMatch(/Django/);
  }, 60_000);

  it("without a change, nothing is checked or revised", async () => {
    const r = await driveParty({ description: DESCRIPTION, mode: "party" });
    expect(r.outcome).toEqual({ status: "completed" });
    expect(ofType(r.events, "revision-start")).toEqual([]);
    expect(r.requests.filter((q) => q.kind === "stack_approval")[0].body).not.toMatch(/re-reviewed|NO LONGER IN THE STACK/);
  }, 60_000);

  it("what a failed revision leaves is flagged to the person, not shipped silently", async () => {
    const r = await driveParty({
      description: DESCRIPTION,
      mode: "party",
      models: architectIgnoresTheChange(),
      answer: (req, c) => (req.kind === "stack_approval" && !c.asked.some((q) => q.kind === "stack_approval") ? { selection: "C", text: CHANGE } : undefined),
    });
    expect(r.outcome).toEqual({ status: "completed" });
    const start = ofType(r.events, "revision-start").find((e) => e.data.source === "stack" && e.data.artifactPath === ARTIFACT_PATHS.architecture)!;
    expect(start.data.feedback).toContain("instead of Next.js");
    expect(ofType(r.events, "revision-result").find((e) => e.data.revisionId === start.data.revisionId)?.data.status).toBe("failed");
    const warnings = ofType(r.events, "note").filter((e) => e.data.kind === "warning").map((e) => e.data.text);
    expect(warnings).toEqual([expect.stringMatching(/^Architecture Overview still names Next\.js, which your stack change replaced: “.*Next\.js.*”/)]);
  }, 60_000);

  it("a runner that dies anywhere after the change finishes with the same documents, cards and revisions", async () => {
    const changeAt = (req: { kind: string }, c: { asked: { kind: string }[] }) => (req.kind === "stack_approval" && !c.asked.some((q) => q.kind === "stack_approval") ? { selection: "C", text: CHANGE } : undefined);
    const fingerprint = (r: DriveResult) => ({
      artifacts: Object.fromEntries([...finalArtifacts(r.events)].map(([p, c]) => [p, withoutTimestamps(c)])),
      cards: r.requests.map((q) => q.body),
      revisions: ofType(r.events, "revision-result").map((e) => e.data),
      notes: ofType(r.events, "note").map((e) => e.data.text),
    });
    let total = 0;
    const counting = (inner: MemoryPartyStore): PartyStore => hookedStore(inner, { afterCommit: () => void total++ });
    const baseline = await driveParty({ partyId: "p-stack", description: DESCRIPTION, mode: "party", answer: changeAt, wrapStore: counting });
    expect(ofType(baseline.events, "revision-start").some((e) => e.data.source === "stack")).toBe(true);
    // From the change on (the stack phase's second half) to the end, where the document check runs.
    const points = [0.35, 0.45, 0.55, 0.65, 0.72, 0.78, 0.84, 0.9, 0.95].map((f) => Math.round(f * total));
    const crashed = await driveParty({ partyId: "p-stack", description: DESCRIPTION, mode: "party", answer: changeAt, wrapStore: crashAt(points), onError: (e) => e instanceof SimulatedCrash });
    expect(crashed.outcome).toEqual({ status: "completed" });
    expect(crashed.crashes).toBe(points.length);
    expect(fingerprint(crashed)).toEqual(fingerprint(baseline));
  }, 120_000);
});
