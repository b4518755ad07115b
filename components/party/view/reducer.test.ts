import { describe, expect, it } from "vitest";
import type { IncomingEvent, PartyEvent } from "@/lib/wire/events";
import { applyEvent, applyEvents, initialView } from "./reducer";
import { critiqueOfRecord, critiquesOf, currentTeam, phaseProgress, roomOpen, runningRevision } from "./selectors";
import { initials } from "./agent-display";
import { ORCHESTRATOR } from "@/lib/vocabulary";
import { live, meta, PARTY_TASKS, partyStart, spawn, started, stored, text } from "./testing/test-events";

describe("stored events", () => {
  it("skips an event whose seq was already applied (a reconnect replays from Last-Event-ID)", () => {
    const v1 = started();
    const again = applyEvents(v1, stored(partyStart()));
    expect(again).toBe(v1);
    expect(v1.lastSeq).toBe(9);
  });

  it("reads title, mode and the party phases from the start events", () => {
    const v = started();
    expect(v.title).toBe("Clinic triage");
    expect(v.mode).toBe("party");
    expect(v.modeVia).toBe("flag");
    expect(v.phases.map((p) => p.number)).toEqual([1, 2, 3, 4, 5]);
    expect(v.phases[0]).toMatchObject({ status: "in_progress", maxMessages: 10, attempts: 1, agents: ["nadia", "oscar", "tessa"] });
    expect(v.currentPhase).toBe(1);
    expect(v.status).toBe("in_progress");
  });

  it("shows default phases for the mode before task-create arrives", () => {
    const v = applyEvents(initialView(), stored([{ type: "party-start", data: { mode: "classic", title: "t", description: "d", flags: [] } }]));
    expect(v.phases).toHaveLength(8);
    expect(v.phases[0].name).toBe("Project Vision");
    const menu = applyEvents(initialView(), stored([{ type: "party-start", data: { mode: null, title: "t", description: "d", flags: [] } }]));
    expect(menu.phases).toEqual([]);
    const chosen = applyEvent(menu, { type: "mode-resolved", data: { mode: "party", via: "menu" }, seq: 2 });
    expect(chosen.phases).toHaveLength(5);
    expect(chosen.modeVia).toBe("menu");
  });
});

describe("message streaming", () => {
  const base = () => applyEvents(started(), stored([{ type: "message-start", data: meta() }], 10));

  it("appends live deltas in offset order", () => {
    const v = applyEvents(base(), [live("m1", 0, "Hello"), live("m1", 5, ", "), live("m1", 7, "world")]);
    expect(text(v)).toBe("Hello, world");
    expect(v.messages.m1.status).toBe("streaming");
  });

  it("skips a delta whose offset is below the current length (a stored batch after the live tokens)", () => {
    let v = applyEvents(base(), [live("m1", 0, "Hello"), live("m1", 5, " world")]);
    v = applyEvent(v, { type: "message-delta", data: { messageId: "m1", offset: 0, text: "Hello world" }, seq: 11 });
    expect(text(v)).toBe("Hello world");
    expect(v.lastSeq).toBe(11);
  });

  it("takes only the new tail of a batch that overlaps what is already shown", () => {
    let v = applyEvents(base(), [live("m1", 0, "Hel")]);
    v = applyEvent(v, { type: "message-delta", data: { messageId: "m1", offset: 0, text: "Hello" }, seq: 11 });
    expect(text(v)).toBe("Hello");
    v = applyEvent(v, live("m1", 3, "lo"));
    v = applyEvent(v, live("m1", 5, "!"));
    expect(text(v)).toBe("Hello!");
  });

  it("holds a delta that arrives ahead of its text and applies it once the gap is filled", () => {
    // After a reload: stored batches end at offset 5, a live token at 9 arrives before the
    // batch that covers 5..9.
    let v = applyEvents(base(), [{ type: "message-delta", data: { messageId: "m1", offset: 0, text: "Hello" }, seq: 11 }]);
    v = applyEvent(v, live("m1", 9, "ld"));
    expect(text(v)).toBe("Hello");
    expect(v.heldDeltas.m1).toHaveLength(1);
    v = applyEvent(v, { type: "message-delta", data: { messageId: "m1", offset: 5, text: " wor" }, seq: 12 });
    expect(text(v)).toBe("Hello world");
    expect(v.heldDeltas.m1).toBeUndefined();
  });

  it("never doubles text when every token arrives both live and in stored batches, in any interleaving", () => {
    const tokens = ["The ", "stack ", "is ", "Next.js ", "and ", "Postgres."];
    const full = tokens.join("");
    const lives: IncomingEvent[] = [];
    let off = 0;
    for (const t of tokens) {
      lives.push(live("m1", off, t));
      off += t.length;
    }
    const batches: IncomingEvent[] = [
      { type: "message-delta", data: { messageId: "m1", offset: 0, text: tokens.slice(0, 3).join("") }, seq: 11 },
      { type: "message-delta", data: { messageId: "m1", offset: tokens.slice(0, 3).join("").length, text: tokens.slice(3).join("") }, seq: 12 },
    ];
    const orders: IncomingEvent[][] = [
      [...lives, ...batches],
      [...batches, ...lives],
      [lives[0], batches[0], lives[1], lives[4], batches[1], lives[2], lives[3], lives[5]],
      [lives[5], lives[4], batches[0], lives[3], batches[1]],
    ];
    for (const order of orders) expect(text(applyEvents(base(), order))).toBe(full);
  });

  it("buffers deltas that arrive before their message-start", () => {
    let v = applyEvent(started(), live("m1", 0, "Early"));
    expect(v.messages.m1).toBeUndefined();
    v = applyEvent(v, { type: "message-start", data: meta(), seq: 10 });
    expect(text(v)).toBe("Early");
  });

  it("message-end replaces the streamed text with the full content and ignores late deltas", () => {
    let v = applyEvents(base(), [live("m1", 0, "draft text that differs")]);
    v = applyEvent(v, { type: "message-end", data: { ...meta(), content: "QUESTIONS:\n1. Who?", summary: "Nadia asks" }, seq: 11 });
    expect(text(v)).toBe("QUESTIONS:\n1. Who?");
    expect(v.messages.m1).toMatchObject({ status: "done", summary: "Nadia asks" });
    v = applyEvent(v, live("m1", 18, "late token"));
    expect(text(v)).toBe("QUESTIONS:\n1. Who?");
  });

  it("message-discard drops the partial text; a restarted attempt streams from zero", () => {
    let v = applyEvents(base(), [live("m1", 0, "partial"), live("m1", 20, "held")]);
    v = applyEvent(v, { type: "message-discard", data: { messageId: "m1", reason: "restarted" }, seq: 11 });
    expect(v.messages.m1).toMatchObject({ text: "", status: "discarded", discardReason: "restarted" });
    expect(v.heldDeltas.m1).toBeUndefined();
    v = applyEvent(v, live("m1", 7, "ignored while discarded"));
    expect(text(v)).toBe("");
    v = applyEvent(v, { type: "message-start", data: meta(), seq: 12 });
    v = applyEvents(v, [live("m1", 0, "second "), live("m1", 7, "try")]);
    expect(text(v)).toBe("second try");
    expect(v.feed.filter((f) => f.kind === "message")).toHaveLength(1);
  });

  it("lists each message once in the feed, in start order, even when ends interleave", () => {
    let v = applyEvents(
      started(),
      stored(
        [
          { type: "message-start", data: meta({ messageId: "a", sender: "nadia" }) },
          { type: "message-start", data: meta({ messageId: "b", sender: "oscar" }) },
          { type: "message-end", data: { ...meta({ messageId: "b", sender: "oscar" }), content: "B", summary: "" } },
          { type: "message-end", data: { ...meta({ messageId: "a", sender: "nadia" }), content: "A", summary: "" } },
        ],
        10,
      ),
    );
    v = applyEvent(v, { type: "message-end", data: { ...meta({ messageId: "c", sender: ORCHESTRATOR, recipient: null, type: "broadcast" }), content: "C", summary: "" }, seq: 14 });
    expect(v.feed.filter((f) => f.kind === "message").map((f) => f.id)).toEqual(["a", "b", "c"]);
  });
});

describe("team status", () => {
  it("goes idle → thinking → speaking → idle → shut down", () => {
    let v = started();
    expect(v.agents.nadia.status).toBe("idle");
    v = applyEvent(v, { type: "message-start", data: meta(), seq: 10 });
    expect(v.agents.nadia.status).toBe("thinking");
    v = applyEvent(v, live("m1", 0, "Hi"));
    expect(v.agents.nadia.status).toBe("speaking");
    v = applyEvent(v, { type: "message-end", data: { ...meta(), content: "Hi", summary: "" }, seq: 11 });
    expect(v.agents.nadia.status).toBe("idle");
    v = applyEvent(v, { type: "agent-shutdown", data: { agent: "nadia", phase: 1 }, seq: 12 });
    expect(v.agents.nadia.status).toBe("shutdown");
  });

  it("a first failure is a retry (idle with a failure count); the final one marks the agent failed", () => {
    let v = applyEvents(
      started(),
      stored(
        [
          { type: "message-start", data: meta({ messageId: "o1", sender: "oscar" }) },
          { type: "message-discard", data: { messageId: "o1", reason: "failed: boom" } },
          { type: "agent-failure", data: { agent: "oscar", phase: 1, attempt: 1, kind: "error", error: "boom", final: false } },
        ],
        10,
      ),
    );
    expect(v.agents.oscar).toMatchObject({ status: "idle", failures: 1, lastError: "boom" });
    v = applyEvents(
      v,
      stored(
        [
          { type: "message-start", data: meta({ messageId: "o2", sender: "oscar" }) },
          { type: "message-discard", data: { messageId: "o2", reason: "failed: boom" } },
          { type: "agent-failure", data: { agent: "oscar", phase: 1, attempt: 2, kind: "error", error: "boom", final: true } },
          { type: "note", data: { kind: "degradation", phase: 1, text: "NOTE: Oscar (Domain Researcher) encountered an issue" } },
          { type: "agent-shutdown", data: { agent: "oscar", phase: 1 } },
        ],
        13,
      ),
    );
    expect(v.agents.oscar.status).toBe("failed");
    const notes = Object.values(v.notes);
    expect(notes.map((n) => n.kind)).toEqual(["failure", "failure", "degradation"]);
    expect(notes[2].text).toContain("Oscar");
  });

  it("gives sub-agents without agent-spawn a card and shows the focused phase's team", () => {
    let v = applyEvents(
      started(),
      stored(
        [
          { type: "phase-end", data: { phase: 1, name: "Vision Council", status: "completed", messages: 0 } },
          spawn("liam", "Liam", 2),
          { type: "phase-start", data: { phase: 4, name: "Constitution & Scaffold", agents: [] } },
          { type: "message-start", data: meta({ messageId: "w", sender: "constitution_generator", phase: 4, type: "work", recipient: null, label: "CONSTITUTION" }) },
        ],
        10,
      ),
    );
    expect(v.agents.constitution_generator).toMatchObject({ name: "Constitution Generator", status: "thinking", phase: 4 });
    expect(currentTeam(v).map((a) => a.agent)).toEqual(["constitution_generator"]);
    v = applyEvent(v, { type: "team-delete", data: { team_name: "inception-party" }, seq: 14 });
    expect(Object.values(v.agents).every((a) => a.status === "shutdown")).toBe(true);
  });

  it("initials", () => {
    expect(initials("Constitution Generator")).toBe("CG");
    expect(initials("Nadia")).toBe("NA");
    expect(initials("data_modeler")).toBe("DM");
  });
});

describe("phases and budget", () => {
  it("counts agent messages against the phase budget, not the orchestrator's or work messages", () => {
    const v = applyEvents(
      started(),
      stored(
        [
          { type: "message-end", data: { ...meta({ messageId: "a" }), content: "x", summary: "" } },
          { type: "message-end", data: { ...meta({ messageId: "b", sender: "oscar" }), content: "x", summary: "" } },
          { type: "message-end", data: { ...meta({ messageId: "c", sender: ORCHESTRATOR, type: "broadcast", recipient: null }), content: "x", summary: "" } },
          { type: "message-end", data: { ...meta({ messageId: "d", sender: "tessa", type: "work" }), content: "x", summary: "" } },
        ],
        10,
      ),
    );
    expect(v.phases[0].messages).toBe(2);
    expect(v.phases[0].maxMessages).toBe(10);
  });

  it("takes the authoritative count and next steps from phase-end; progress counts completed phases", () => {
    const v = applyEvents(
      started(),
      stored([{ type: "phase-end", data: { phase: 1, name: "Vision Council", status: "completed", messages: 7, nextSteps: "---\nSUGGESTED NEXT STEPS:\n  [1] Continue\n  [2] Status\n---" } }], 10),
    );
    expect(v.phases[0]).toMatchObject({ status: "completed", messages: 7 });
    expect(v.nextSteps).toHaveLength(1);
    expect(v.nextSteps[0]).toMatchObject({ source: "phase", phase: 1 });
    expect(phaseProgress(v)).toEqual({ done: 1, total: 5 });
    expect(v.feed.filter((f) => f.kind === "phase")).toHaveLength(2);
  });

  it("a retried phase starts again from zero messages", () => {
    const v = applyEvents(
      started(),
      stored(
        [
          { type: "message-end", data: { ...meta({ messageId: "a" }), content: "x", summary: "" } },
          { type: "phase-end", data: { phase: 1, name: "Vision Council", status: "failed", messages: 1 } },
          { type: "phase-start", data: { phase: 1, name: "Vision Council", agents: ["nadia", "oscar", "tessa"] } },
        ],
        10,
      ),
    );
    expect(v.phases[0]).toMatchObject({ status: "in_progress", messages: 0, attempts: 2 });
  });

  it("switches to the eight classic phases on a fallback and discards every artifact", () => {
    let v = applyEvents(
      started(),
      stored(
        [
          { type: "artifact-write", data: { path: "docs/project-brief.md", title: "Project Brief", producer: "orchestrator", phase: 1, content: "# Brief" } },
          { type: "phase-end", data: { phase: 1, name: "Vision Council", status: "completed", messages: 6 } },
          { type: "phase-start", data: { phase: 2, name: "Stack & Architecture Debate", agents: ["liam", "zara", "felix"] } },
          spawn("liam", "Liam", 2),
          { type: "phase-end", data: { phase: 2, name: "Stack & Architecture Debate", status: "failed", messages: 0 } },
          { type: "team-delete", data: { team_name: "inception-party" } },
          { type: "artifact-discard", data: { paths: ["*"], reason: "fallback" } },
          { type: "note", data: { kind: "info", phase: null, text: "Switching to classic mode. Starting from Phase 1." } },
          { type: "mode-resolved", data: { mode: "classic", via: "fallback" } },
        ],
        10,
      ),
    );
    expect(v.mode).toBe("classic");
    expect(v.modeVia).toBe("fallback");
    expect(v.phases).toHaveLength(8);
    expect(v.phases.every((p) => p.status === "pending")).toBe(true);
    expect(v.abandonedPhases.map((p) => p.status)).toEqual(["completed", "failed", "pending", "pending", "pending"]);
    expect(v.artifactOrder).toEqual([]);
    expect(v.artifacts).toEqual({});
    expect(v.agents.liam.status).toBe("shutdown");
    v = applyEvents(
      v,
      stored(
        [
          { type: "task-create", data: { mode: "classic", tasks: [{ number: 1, name: "Project Vision", subject: "s", activeForm: "a", maxMessages: 0 }] } },
          { type: "phase-start", data: { phase: 1, name: "Project Vision", agents: ["product_analyst"] } },
        ],
        19,
      ),
    );
    expect(v.phases[0]).toMatchObject({ name: "Project Vision", status: "in_progress" });
    expect(v.abandonedPhases).toHaveLength(5);
  });

  it("marks running phases cancelled when the party is cancelled", () => {
    const v = applyEvent(started(), { type: "party-end", data: { status: "cancelled", reason: "Cancelled by you" }, seq: 10 });
    expect(v.status).toBe("cancelled");
    expect(v.phases[0].status).toBe("cancelled");
    expect(v.end).toMatchObject({ status: "cancelled", reason: "Cancelled by you" });
    expect(Object.values(v.agents).every((a) => a.status === "shutdown")).toBe(true);
  });
});

describe("artifacts", () => {
  const write = (path: string, content: string): PartyEvent => ({ type: "artifact-write", data: { path, title: path, producer: "arch-designer", phase: 3, content } });

  it("keeps the latest version of each path in first-written order", () => {
    const v = applyEvents(started(), stored([write("a.md", "1"), write("b.md", "x"), write("a.md", "2")], 10));
    expect(v.artifactOrder).toEqual(["a.md", "b.md"]);
    expect(v.artifacts["a.md"]).toMatchObject({ content: "2", version: 2, producer: "arch-designer", phase: 3 });
  });

  it("discards listed paths, or all of them with *", () => {
    let v = applyEvents(started(), stored([write("a.md", "1"), write("b.md", "x"), write("c.md", "y")], 10));
    v = applyEvent(v, { type: "artifact-discard", data: { paths: ["b.md"], reason: "r" }, seq: 13 });
    expect(v.artifactOrder).toEqual(["a.md", "c.md"]);
    v = applyEvent(v, { type: "artifact-discard", data: { paths: ["*"], reason: "r" }, seq: 14 });
    expect(v.artifactOrder).toEqual([]);
    v = applyEvent(v, { ...write("a.md", "fresh"), seq: 15 });
    expect(v.artifacts["a.md"].version).toBe(1);
  });
});

describe("critique rounds", () => {
  const write = (path: string, producer = "architect"): PartyEvent => ({ type: "artifact-write", data: { path, title: path, producer, phase: 3, content: "# Doc" } });
  const result = (roundId: string, artifactPath: string, over: Partial<Extract<PartyEvent, { type: "critique-result" }>["data"]> = {}): PartyEvent => ({
    type: "critique-result",
    data: {
      roundId,
      artifactPath,
      phase: 3,
      verdict: "consensus_reached",
      severity: "LOW",
      averageRating: 4,
      ratings: [
        { name: "Security", rating: 4, source: "perspective" },
        { name: "Operations", rating: 3, source: "fallback" },
        { name: "Product", rating: 5, source: "perspective" },
      ],
      recommendation: "proceed",
      recordPath: `discussions/${roundId}-discussion.md`,
      actionItems: ["Add rate limits"],
      ...over,
    },
  });
  const ARCH = "docs/architecture/architecture-overview.md";

  it("folds critique-result into rounds per artifact, even before the artifact is written (blueprint order)", () => {
    const v = applyEvents(started(), stored([result("blueprint-architecture-overview", ARCH), write("discussions/blueprint-architecture-overview-discussion.md", "critique"), write(ARCH)], 10));
    const rounds = critiquesOf(v, ARCH);
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({
      roundId: "blueprint-architecture-overview",
      verdict: "consensus_reached",
      severity: "LOW",
      averageRating: 4,
      recordPath: "discussions/blueprint-architecture-overview-discussion.md",
      actionItems: ["Add rate limits"],
      at: expect.any(String),
    });
    expect(rounds[0].ratings.map((r) => `${r.name} ${r.rating}/5`)).toEqual(["Security 4/5", "Operations 3/5", "Product 5/5"]);
    expect(rounds[0].ratings[1].source).toBe("fallback");
    expect(critiquesOf(v, "docs/other.md")).toEqual([]);
    expect(critiqueOfRecord(v, "discussions/blueprint-architecture-overview-discussion.md")?.artifactPath).toBe(ARCH);
    expect(critiqueOfRecord(v, ARCH)).toBeNull();
  });

  it("puts one line per round in the feed and keeps rounds in arrival order", () => {
    const v = applyEvents(
      started(),
      stored([result("blueprint-architecture-overview", ARCH, { severity: "HIGH", verdict: "consensus_blocked", recommendation: "revise" }), result("critique-2-architecture-overview", ARCH, { phase: 3 })], 10),
    );
    expect(v.feed.filter((f) => f.kind === "critique").map((f) => f.id)).toEqual(["blueprint-architecture-overview", "critique-2-architecture-overview"]);
    expect(critiquesOf(v, ARCH).map((r) => [r.roundId, r.severity, r.verdict])).toEqual([
      ["blueprint-architecture-overview", "HIGH", "consensus_blocked"],
      ["critique-2-architecture-overview", "LOW", "consensus_reached"],
    ]);
  });

  it("replaces a round that runs again (a retried phase) in place, without a second feed line", () => {
    let v = applyEvents(started(), stored([result("blueprint-data-model", "docs/architecture/data-model.md", { severity: "HIGH" })], 10));
    v = applyEvent(v, { ...result("blueprint-data-model", "docs/architecture/data-model.md", { severity: "LOW" }), seq: 11 });
    expect(critiquesOf(v, "docs/architecture/data-model.md").map((r) => r.severity)).toEqual(["LOW"]);
    expect(v.feed.filter((f) => f.kind === "critique")).toHaveLength(1);
    // A duplicate stored event (reconnect) changes nothing.
    expect(applyEvent(v, { ...result("blueprint-data-model", "docs/architecture/data-model.md", { severity: "MEDIUM" }), seq: 11 })).toBe(v);
  });

  it("drops the rounds of discarded artifacts, and all of them with *", () => {
    let v = applyEvents(started(), stored([write(ARCH), result("r-a", ARCH), write("b.md"), result("r-b", "b.md")], 10));
    v = applyEvent(v, { type: "artifact-discard", data: { paths: [ARCH], reason: "r" }, seq: 14 });
    expect(v.critiqueOrder).toEqual(["r-b"]);
    expect(critiquesOf(v, ARCH)).toEqual([]);
    v = applyEvent(v, { type: "artifact-discard", data: { paths: ["*"], reason: "r" }, seq: 15 });
    expect(v.critiques).toEqual({});
    expect(v.critiqueOrder).toEqual([]);
  });

  it("takes a result that arrives after party-end (an on-demand critique of a finished party)", () => {
    let v = applyEvent(started(), { type: "party-end", data: { status: "completed" }, seq: 10 });
    v = applyEvent(v, { ...result("critique-1-project-brief", "docs/project-brief.md"), seq: 11 });
    expect(v.status).toBe("completed");
    expect(critiquesOf(v, "docs/project-brief.md")).toHaveLength(1);
  });

  const start = (roundId: string, artifactPath: string, onDemand = true): PartyEvent => ({
    type: "critique-start",
    data: { roundId, key: `critique/${roundId}`, artifactPath, phase: 1, onDemand, perspectives: [{ name: "Security", roleLabel: "Security Engineer", model: "zara", focusAreas: ["secrets"] }, { name: "Product", roleLabel: "Product Analyst", focusAreas: ["scope"] }] },
  });

  it("knows a round is running from its critique-start until its result (so a reload knows too)", () => {
    let v = applyEvent(started(), { type: "party-end", data: { status: "completed" }, seq: 10 });
    v = applyEvents(v, stored([start("critique-1-project-brief", "docs/project-brief.md")], 11));
    expect(v.runningCritiques["critique-1-project-brief"]).toMatchObject({ artifactPath: "docs/project-brief.md", onDemand: true, perspectives: ["Security", "Product"], at: expect.any(String) });
    v = applyEvent(v, { ...result("critique-1-project-brief", "docs/project-brief.md"), seq: 12 });
    expect(v.runningCritiques).toEqual({});
    // The blueprint's own rounds are marked as such, and a discarded artifact's round goes.
    v = applyEvents(v, stored([start("blueprint-data-model", "docs/architecture/data-model.md", false)], 13));
    expect(v.runningCritiques["blueprint-data-model"].onDemand).toBe(false);
    v = applyEvent(v, { type: "artifact-discard", data: { paths: ["docs/architecture/data-model.md"], reason: "r" }, seq: 14 });
    expect(v.runningCritiques).toEqual({});
  });

  it("shuts the perspectives' agents down again when a round on a finished party ends", () => {
    const meta = { messageId: "m-z", phase: 1, type: "work" as const, sender: "zara", recipient: null, label: "SECURITY CRITIQUE" };
    let v = applyEvents(started(), stored([{ type: "party-end", data: { status: "completed" } }, start("critique-1-project-brief", "docs/project-brief.md"), { type: "message-start", data: meta }], 10));
    expect(v.agents.zara.status).not.toBe("shutdown");
    v = applyEvents(v, stored([{ type: "message-end", data: { ...meta, content: "{}", summary: "" } }, result("critique-1-project-brief", "docs/project-brief.md")], 13));
    expect(v.agents.zara.status).toBe("shutdown");
  });
});

describe("pending input", () => {
  const request: PartyEvent = {
    type: "input-request",
    data: { requestId: "req_1", key: "stack", kind: "stack_approval", title: "TECH STACK RECOMMENDATION", body: "card", options: [{ key: "Y", label: "Yes, proceed with this stack" }, { key: "C", label: "I have changes" }], allowsText: true },
  };

  it("is set by input-request and cleared by the matching input-response", () => {
    let v = applyEvents(started(), stored([request, { type: "party-status", data: { status: "awaiting_input", currentPhase: null } }], 10));
    expect(v.pendingInput?.requestId).toBe("req_1");
    expect(v.status).toBe("awaiting_input");
    expect(v.currentPhase).toBe(1);
    v = applyEvent(v, { type: "input-response", data: { requestId: "other", selection: "Y", text: null }, seq: 12 });
    expect(v.pendingInput?.requestId).toBe("req_1");
    v = applyEvent(v, { type: "input-response", data: { requestId: "req_1", selection: "Y", text: null }, seq: 13 });
    expect(v.pendingInput).toBeNull();
    expect(v.inputs.req_1).toMatchObject({ answered: true, selection: "Y", selectionLabel: "Yes, proceed with this stack" });
    expect(v.feed.filter((f) => f.kind === "input")).toHaveLength(1);
  });

  it("is cleared when the party ends", () => {
    let v = applyEvent(started(), { ...request, seq: 10 });
    v = applyEvent(v, { type: "party-end", data: { status: "completed", discovery_context: { a: 1 }, nextSteps: "---\nSUGGESTED NEXT STEPS:\n  [1] a\n  [2] b\n---" }, seq: 11 });
    expect(v.pendingInput).toBeNull();
    expect(v.status).toBe("completed");
    expect(v.nextSteps.at(-1)).toMatchObject({ source: "party" });
    expect(v.end?.discoveryContext).toEqual({ a: 1 });
  });

  it("a later party-status does not reopen a finished party", () => {
    let v = applyEvent(started(), { type: "party-end", data: { status: "cancelled" }, seq: 10 });
    v = applyEvent(v, { type: "party-status", data: { status: "in_progress", currentPhase: 2 }, seq: 11 });
    expect(v.status).toBe("cancelled");
  });
});

describe("steering and iterating", () => {
  const start: PartyEvent[] = [
    { type: "task-create", data: { mode: "party", tasks: PARTY_TASKS } },
    { type: "phase-start", data: { phase: 2, name: "Stack & Architecture Debate", agents: ["sam", "vera"] } },
    spawn("sam", "Sam", 2),
  ];

  it("shows the person's room message as theirs, not as an agent, and an agent's reply to them", () => {
    const v = applyEvents(initialView(), stored([
      ...start,
      { type: "message-end", data: { ...meta({ messageId: "u1", phase: 2, sender: "user", recipient: "sam", label: "USER" }), content: "Why not SQLite?", summary: "" } },
      { type: "message-end", data: { ...meta({ messageId: "r1", phase: 2, sender: "sam", recipient: "user", label: "REPLY", replyTo: ["u1"] }), content: "SQLite would do for one server.", summary: "" } },
    ]));
    expect(v.agentOrder).toEqual(["sam"]);
    expect(v.messages.u1).toMatchObject({ sender: "user", text: "Why not SQLite?" });
    expect(v.feed.filter((f) => f.kind === "message").map((f) => f.id)).toEqual(["u1", "r1"]);
  });

  it("says whether the room takes messages: open while the phase runs, closed at its wrap-up and after the end", () => {
    let v = applyEvents(initialView(), stored([...start, { type: "party-status", data: { status: "in_progress", currentPhase: 2 } }]));
    expect(roomOpen(v)).toBe(true);
    v = applyEvent(v, { type: "room-update", data: { phase: 2, reserved: 0, open: false }, seq: v.lastSeq + 1 });
    expect(roomOpen(v)).toBe(false);
    v = applyEvent(v, { type: "room-update", data: { phase: 2, reserved: 2, open: true }, seq: v.lastSeq + 1 });
    expect(roomOpen(v)).toBe(true);
    v = applyEvent(v, { type: "party-end", data: { status: "completed" }, seq: v.lastSeq + 1 });
    expect(roomOpen(v)).toBe(false);
  });

  it("keeps every version of a revised artifact, and follows a revision from start to result", () => {
    const write = (content: string, version: number, reason?: string): PartyEvent => ({
      type: "artifact-write",
      data: { path: "docs/architecture/data-model.md", title: "Data Model", producer: "dana", phase: 3, content, version, ...(reason ? { reason } : {}) },
    });
    let v = applyEvents(initialView(), stored([write("# v1", 1)]));
    v = applyEvents(v, stored([
      { type: "revision-start", data: { revisionId: "r1", key: "rev/r1", artifactPath: "docs/architecture/data-model.md", title: "Data Model", agent: "dana", phase: 3, feedback: "Index every foreign key.", baseVersion: 1, missing: false, onDemand: true, source: "person" } },
    ], 2));
    expect(runningRevision(v)).toMatchObject({ revisionId: "r1", status: "running", feedback: "Index every foreign key." });
    v = applyEvents(v, stored([
      write("# v2", 2, "Revised with the person's feedback"),
      { type: "revision-result", data: { revisionId: "r1", artifactPath: "docs/architecture/data-model.md", status: "completed", version: 2, changesSummary: "Indexes added", reason: null } },
    ], 3));
    expect(runningRevision(v)).toBeNull();
    const art = v.artifacts["docs/architecture/data-model.md"];
    expect(art).toMatchObject({ version: 2, content: "# v2" });
    expect(art.versions.map((x) => [x.version, x.content, x.reason])).toEqual([
      [1, "# v1", null],
      [2, "# v2", "Revised with the person's feedback"],
    ]);
    expect(v.revisions.r1).toMatchObject({ status: "completed", version: 2, changesSummary: "Indexes added" });
  });

  it("lists a missing artifact until it is written", () => {
    const missing: PartyEvent = {
      type: "artifact-missing",
      data: { path: "docs/architecture/data-model.md", title: "Data Model", agent: "dana", agentName: "Dana", phase: 3, reason: "The data model could not be written: Dana failed twice" },
    };
    let v = applyEvents(initialView(), stored([missing]));
    expect(Object.keys(v.missing)).toEqual(["docs/architecture/data-model.md"]);
    v = applyEvent(v, { type: "artifact-write", data: { path: "docs/architecture/data-model.md", title: "Data Model", producer: "dana", phase: 3, content: "# DM" }, seq: 2 });
    expect(v.missing).toEqual({});
  });

  it("keeps the actions of a next-steps block beside its text", () => {
    const v = applyEvents(initialView(), stored([
      { type: "party-end", data: { status: "completed", nextSteps: "SUGGESTED NEXT STEPS:\n  [1] Download the bundle", nextStepActions: [{ label: "Download the bundle", action: "download", params: { target: "bundle" } }] } },
    ]));
    expect(v.nextSteps.at(-1)).toMatchObject({ text: expect.stringContaining("Download the bundle"), actions: [{ label: "Download the bundle", action: "download" }] });
  });
});

describe("the walkthrough, old and new", () => {
  const request = (requestId: string, title: string, details: unknown, options = [{ key: "1", label: "Yes" }, { key: "2", label: "Skip" }]): PartyEvent => ({
    type: "input-request",
    data: { requestId, key: `party/p5/${requestId}`, kind: "walkthrough", title, body: `${title} body`, options, allowsText: true, details },
  });
  const step = (requestId: string, name: "architecture" | "permissions", title: string, outcome: string): PartyEvent => ({
    type: "walkthrough-step",
    data: { step: name, title, requestId, selection: "1", choice: "Yes", text: null, outcome, record: {}, revisions: [], actions: [] },
  });

  it("a log from before the review (one request per step) folds and displays as it did", () => {
    const v = applyEvents(started(), stored([
      request("w1", "Step 2 — Architecture & stack review", { step: "architecture", concerns: [] }),
      { type: "input-response", data: { requestId: "w1", selection: "2", text: "Add a read replica." } },
      step("w1", "architecture", "Step 2 — Architecture & stack review", "Skipped; your note revised the architecture overview."),
      request("w2", "Step 2.5 — Permission 1 of 2", { step: "permissions", command: "npm test", index: 1, of: 2 }),
    ], 20));
    expect(v.inputs.w1).toMatchObject({ kind: "walkthrough", answered: true, selection: "2", selectionLabel: "Skip", text: "Add a read replica." });
    expect(v.pendingInput).toMatchObject({ requestId: "w2", details: { step: "permissions", command: "npm test" } });
    expect(Object.values(v.notes).map((n) => n.text)).toContain("Step 2 — Architecture & stack review: Skipped; your note revised the architecture overview.");
  });

  it("the review is one request; its answer and each step's outcome fold like any other", () => {
    const v = applyEvents(started(), stored([
      request("r1", "Walkthrough — review and confirm", { step: "review", steps: [] }, [{ key: "1", label: "Confirm" }]),
      { type: "input-response", data: { requestId: "r1", selection: "1", text: '{"next":{"choice":"2"}}' } },
      step("r1", "architecture", "Step 2 — Architecture & stack review", "Walked through the architecture."),
      step("r1", "permissions", "Step 2.5 — Permission audit", "6 command(s) allowed, 0 to ask first, recorded in the skill report."),
    ], 20));
    expect(v.pendingInput).toBeNull();
    expect(v.inputs.r1).toMatchObject({ answered: true, selectionLabel: "Confirm" });
    expect(v.feed.filter((f) => f.kind === "input")).toHaveLength(1);
    expect(Object.values(v.notes).map((n) => n.text).filter((t) => t.startsWith("Step"))).toHaveLength(2);
  });
});
