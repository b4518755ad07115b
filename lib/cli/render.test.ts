import { describe, expect, it } from "vitest";
import type { MessageMeta, PartyEvent, StoredEvent } from "../wire/events";
import { TerminalRenderer } from "./render";
import { ansiStyle } from "./style";

let seq = 0;
const ev = (e: PartyEvent): StoredEvent => ({ ...e, seq: ++seq, at: "2026-01-01T00:00:00Z" }) as StoredEvent;
const meta = (id: string, sender: string, recipient: string | null, label = "QUESTIONS"): MessageMeta => ({ messageId: id, phase: 1, type: "message", sender, recipient, label });

function setup(direct = false) {
  let out = "";
  const r = new TerminalRenderer({ write: (s) => (out += s), direct });
  return { r, out: () => out };
}

describe("TerminalRenderer", () => {
  it("shows the person's message, the reply naming them, revisions, missing artifacts and walkthrough outcomes", () => {
    const { r, out } = setup();
    r.event(ev({ type: "message-start", data: meta("u", "user", "tessa", "USER") }));
    r.event(ev({ type: "message-end", data: { ...meta("u", "user", "tessa", "USER"), content: "Is SQLite enough?", summary: "" } }));
    r.event(ev({ type: "message-start", data: { ...meta("r", "tessa", "user", "REPLY"), replyTo: ["u"] } }));
    r.event(ev({ type: "message-end", data: { ...meta("r", "tessa", "user", "REPLY"), replyTo: ["u"], content: "REPLY:\n\nFor one gym, yes.", summary: "" } }));
    r.event(ev({ type: "artifact-missing", data: { path: "docs/architecture/data-model.md", title: "Data Model", agent: "data_modeler", agentName: "Data Model Designer", phase: 3, reason: "The data model could not be written: Data Model Designer failed twice." } }));
    const start = { revisionId: "revision-1-data-model", key: "revision/revision-1-data-model", artifactPath: "docs/architecture/data-model.md", title: "Data Model", agent: "data_modeler", phase: 3, feedback: "Write it\nnow.", baseVersion: 0, missing: true, onDemand: true, source: "person" as const };
    r.event(ev({ type: "revision-start", data: start }));
    r.event(ev({ type: "artifact-write", data: { path: start.artifactPath, title: "Data Model", producer: "data_modeler", phase: 3, content: "# Data Model", version: 1, reason: "Written now (it was missing). Your feedback: Write it now." } }));
    r.event(ev({ type: "revision-result", data: { revisionId: start.revisionId, artifactPath: start.artifactPath, status: "completed", version: 1, changesSummary: "Written for the first time.", reason: null } }));
    r.event(ev({ type: "revision-result", data: { revisionId: "revision-2-data-model", artifactPath: start.artifactPath, status: "failed", version: null, changesSummary: null, reason: "Data Model Designer could not revise it." } }));
    r.event(ev({ type: "room-update", data: { phase: 1, reserved: 3, open: true } }));
    r.event(ev({ type: "walkthrough-step", data: { step: "iteration", title: "Step 3.5 — Iteration configuration", requestId: "q", selection: "1", choice: "Keep defaults (Recommended)", text: null, outcome: "Kept the defaults.", record: {}, revisions: [], actions: [] } }));
    expect(out()).toBe(
      [
        "",
        "YOU → TESSA · USER",
        "Is SQLite enough?",
        "",
        "TESSA → YOU · REPLY",
        "REPLY:",
        "",
        "For one gym, yes.",
        "✗ docs/architecture/data-model.md is missing. The data model could not be written: Data Model Designer failed twice.",
        "↻ Writing docs/architecture/data-model.md (Data Model Designer): Write it now.",
        "✎ docs/architecture/data-model.md — Data Model (Data Model Designer), version 1",
        "  Written now (it was missing). Your feedback: Write it now.",
        "↻ docs/architecture/data-model.md is now version 1 — Written for the first time.",
        "↻ docs/architecture/data-model.md was not revised: Data Model Designer could not revise it.",
        "» Step 3.5 — Iteration configuration: Kept the defaults.",
        "",
      ].join("\n"),
    );
  });

  it("streams the head message live and holds the others until it ends", () => {
    const { r, out } = setup();
    r.event(ev({ type: "message-start", data: meta("a", "nadia", "discover-orchestrator") }));
    r.event(ev({ type: "message-start", data: meta("b", "oscar", null) }));
    r.delta({ messageId: "a", offset: 0, text: "Hello " });
    r.delta({ messageId: "b", offset: 0, text: "Other " });
    expect(out()).toBe("\nNADIA → ORCHESTRATOR · QUESTIONS\nHello ");
    r.delta({ messageId: "b", offset: 6, text: "voice" });
    r.delta({ messageId: "a", offset: 6, text: "world" });
    expect(out()).toBe("\nNADIA → ORCHESTRATOR · QUESTIONS\nHello world");
    r.event(ev({ type: "message-end", data: { ...meta("a", "nadia", "discover-orchestrator"), content: "Hello world.", summary: "" } }));
    // a ends (with its missing tail), b catches up at once and streams on.
    expect(out()).toBe("\nNADIA → ORCHESTRATOR · QUESTIONS\nHello world.\n\nOSCAR → ALL · QUESTIONS\nOther voice");
    r.event(ev({ type: "message-end", data: { ...meta("b", "oscar", null), content: "Other voice", summary: "" } }));
    expect(out().endsWith("Other voice\n")).toBe(true);
    expect(r.idle).toBe(true);
  });

  it("keeps deltas that overtook their message-start, ignores repeats, and waits out gaps", () => {
    const { r, out } = setup();
    r.delta({ messageId: "a", offset: 0, text: "Early " });
    r.event(ev({ type: "message-start", data: meta("a", "tessa", "nadia", "MY INTERPRETATION") }));
    r.event(ev({ type: "message-delta", data: { messageId: "a", offset: 0, text: "Early " } })); // the stored batch of the same text
    r.delta({ messageId: "a", offset: 20, text: "gap" });
    r.delta({ messageId: "a", offset: 6, text: "bird" });
    expect(out()).toBe("\nTESSA → NADIA · MY INTERPRETATION\nEarly bird");
  });

  it("withdraws a discarded message and shows the final text when it differs from the stream", () => {
    const { r, out } = setup();
    r.event(ev({ type: "message-start", data: meta("a", "liam", null, "PROPOSAL") }));
    r.delta({ messageId: "a", offset: 0, text: "half" });
    r.event(ev({ type: "message-discard", data: { messageId: "a", reason: "restarted" } }));
    r.event(ev({ type: "message-start", data: meta("a", "liam", null, "PROPOSAL") }));
    r.delta({ messageId: "a", offset: 0, text: "draft" });
    r.event(ev({ type: "message-end", data: { ...meta("a", "liam", null, "PROPOSAL"), content: "Final.", summary: "" } }));
    expect(out()).toContain("half\n[message withdrawn: restarted]\n");
    expect(out()).toContain("draft\n— final text —\nFinal.\n");
  });

  it("shows a line the stored message added in the middle as an addition", () => {
    const { r, out } = setup();
    const m = meta("a", "architect", "discover-orchestrator", "ARTIFACT FINALIZED");
    r.event(ev({ type: "message-start", data: m }));
    r.delta({ messageId: "a", offset: 0, text: "ARTIFACT FINALIZED:\n\nReady for collection." });
    r.event(ev({ type: "message-end", data: { ...m, content: "ARTIFACT FINALIZED:\n\nFile: docs/a.md\nReady for collection.", summary: "" } }));
    expect(out()).toBe("\nARCHITECTURE DESIGNER → ORCHESTRATOR · ARTIFACT FINALIZED\nARTIFACT FINALIZED:\n\nReady for collection.\n+ File: docs/a.md\n");
  });

  it("prints phase banners, notes, artifacts, next steps and the end", () => {
    const { r, out } = setup();
    r.event(ev({ type: "phase-start", data: { phase: 1, name: "Vision Council", agents: ["nadia", "oscar"] } }));
    r.event(ev({ type: "note", data: { kind: "warning", phase: 1, text: "Oscar is out.\nTwo remain." } }));
    r.event(ev({ type: "artifact-write", data: { path: "docs/project-brief.md", title: "Project Brief", producer: "nadia", phase: 1, content: "#" } }));
    r.event(ev({ type: "phase-end", data: { phase: 1, name: "Vision Council", status: "completed", messages: 9, nextSteps: "---\nSUGGESTED NEXT STEPS:\n  [1] Continue\n---" } }));
    r.event(ev({ type: "party-end", data: { status: "cancelled", reason: "Cancelled by the person." } }));
    const text = out();
    expect(text).toContain("══ Phase 1 · Vision Council ══");
    expect(text).toContain("Nadia (Product Analyst), Oscar (Domain Researcher)");
    expect(text).toContain("› Oscar is out.\n  Two remain.\n");
    expect(text).toContain("✎ docs/project-brief.md — Project Brief (Nadia)");
    expect(text).toContain("── Phase 1 · Vision Council completed (9 messages)\n\n---\nSUGGESTED NEXT STEPS:\n  [1] Continue\n---\n");
    expect(text).toContain("◆ Party cancelled: Cancelled by the person.");
    expect(text).not.toContain("\x1b[");
  });

  it("in direct mode shows each question and the answer chosen for it", () => {
    const { r, out } = setup(true);
    r.event(ev({ type: "input-request", data: { requestId: "q1", key: "k", kind: "stack_approval", title: "TECH STACK RECOMMENDATION", body: "Language: TypeScript", options: [{ key: "Y", label: "Yes, proceed" }, { key: "C", label: "I have changes" }], allowsText: true } }));
    r.event(ev({ type: "input-response", data: { requestId: "q1", selection: "Y", text: null } }));
    expect(out()).toContain("? TECH STACK RECOMMENDATION\n  Language: TypeScript\n  [Y] Yes, proceed\n  [C] I have changes\n» direct mode answered: [Y] Yes, proceed\n");
  });

  it("shows the walkthrough's review as its lines, not its answer's encoding (each step's outcome follows)", () => {
    const { r, out } = setup(true);
    const body = "Each step has its recommended choice; Confirm applies them all.\nStep 4 — What next?: Start a new feature";
    r.event(ev({ type: "input-request", data: { requestId: "q2", key: "k", kind: "walkthrough", title: "Walkthrough — review and confirm", body, options: [{ key: "1", label: "Confirm" }], allowsText: true, details: { step: "review", steps: [] } } }));
    r.event(ev({ type: "input-response", data: { requestId: "q2", selection: "1", text: '{"next":{"choice":"2"}}' } }));
    expect(out()).toContain("  Step 4 — What next?: Start a new feature\n  [1] Confirm\n» direct mode answered: [1] Confirm\n");
    expect(out()).not.toContain('"choice"');
  });

  it("leaves questions to the prompt in interactive mode", () => {
    const { r, out } = setup(false);
    r.event(ev({ type: "input-request", data: { requestId: "q1", key: "k", kind: "mode", title: "INCEPTION MODE", body: "[1] Party [2] Classic", options: [{ key: "1", label: "Party" }], allowsText: false } }));
    expect(out()).toBe("");
  });

  it("flushes an unfinished message when the party ends", () => {
    const { r, out } = setup();
    r.event(ev({ type: "message-start", data: meta("a", "zara", null, "CRITIQUE") }));
    r.event(ev({ type: "message-start", data: meta("b", "felix", null, "CRITIQUE") }));
    r.delta({ messageId: "b", offset: 0, text: "waiting" });
    r.event(ev({ type: "party-end", data: { status: "failed", reason: "boom" } }));
    expect(out()).not.toContain("boom");
    r.finish();
    expect(out()).toContain("waiting\n");
    expect(out()).toContain("◆ Party failed: boom");
  });

  it("colours with ANSI when asked", () => {
    let out = "";
    const r = new TerminalRenderer({ write: (s) => (out += s), style: ansiStyle });
    r.event(ev({ type: "party-end", data: { status: "completed" } }));
    expect(out).toContain("\x1b[32m");
  });

  it("ends a completed party with its open ends: a blocked document, a missing one, a requirement nothing covers", () => {
    const { r, out } = setup();
    const ARCH = "docs/architecture/architecture-overview.md";
    r.event(ev({ type: "artifact-write", data: { path: ARCH, title: "Architecture Overview", producer: "architect", phase: 3, content: "# Architecture\n\nA monolith." } }));
    r.event(ev({ type: "critique-result", data: { roundId: "b", artifactPath: ARCH, phase: 3, verdict: "consensus_blocked", severity: "LOW", averageRating: 2, ratings: [], recommendation: "revise", recordPath: "discussions/b.md", actionItems: [] } }));
    r.event(ev({ type: "artifact-missing", data: { path: "docs/architecture/data-model.md", title: "Data Model", agent: "data_modeler", agentName: "Data Model Designer", phase: 3, reason: "The data model could not be written." } }));
    r.event(ev({ type: "party-end", data: { status: "completed", requirements: [{ kind: "channel", name: "SMS", said: "SMS reminders" }] } }));
    expect(out()).toContain(
      [
        "◆ Party completed",
        "Open ends:",
        "  - Architecture Overview did not pass its critique (consensus blocked, average 2.0/5): revise it or ask for another round.",
        "  - Data Model was never written.",
        "  - You asked for SMS; no document covers it yet.",
      ].join("\n"),
    );
  });
});
