// Test support: invariants of a party's event log, each returning the problems found
// (an empty list when the log is sound) so a failing test names what broke.
import type { StoredEvent } from "../../wire/events";
import { countsAgainstBudget, PARTY_PHASES } from "../../vocabulary";
import { FULLER_MESSAGE_LABELS } from "@inception-party/offline-model/testing/internals";

/** seq runs 1, 2, 3, ... with no gap and no repeat. */
export function seqProblems(events: StoredEvent[]): string[] {
  const bad = events.findIndex((e, i) => e.seq !== i + 1);
  return bad === -1 ? [] : [`seq ${events[bad].seq} at position ${bad + 1}`];
}

/**
 * Messages: no messageId ends twice; every message ends or is discarded after its last
 * start; stored deltas leave no gap, and (offline and scripted models: the streamed text is the
 * rendered output) rebuild a prefix of the final content — up to trailing whitespace
 * the schema trims, and except ARTIFACT FINALIZED, whose file line the orchestrator adds.
 */
export function messageProblems(events: StoredEvent[]): string[] {
  const problems: string[] = [];
  const ended = new Set<string>();
  const open = new Map<string, string>(); // messageId → text rebuilt from deltas
  for (const e of events) {
    if (e.type === "message-start") {
      if (ended.has(e.data.messageId)) problems.push(`${e.data.messageId} starts again after it ended`);
      open.set(e.data.messageId, "");
    } else if (e.type === "message-delta") {
      const text = open.get(e.data.messageId);
      if (text === undefined) problems.push(`delta for ${e.data.messageId} outside a started message`);
      else if (e.data.offset > text.length) problems.push(`${e.data.messageId}: delta at offset ${e.data.offset} leaves a gap after ${text.length}`);
      else open.set(e.data.messageId, text.slice(0, e.data.offset) + e.data.text);
    } else if (e.type === "message-discard") {
      open.delete(e.data.messageId);
    } else if (e.type === "message-end") {
      const id = e.data.messageId;
      if (ended.has(id)) problems.push(`${id} ends twice`);
      ended.add(id);
      const text = open.get(id);
      if (text === undefined) problems.push(`${id} ends without a start`);
      // The offline model streams a message in the instruction's format; where that says
      // more than the content kept (a finalized document in full), it only has to be there.
      else if (FULLER_MESSAGE_LABELS.has(e.data.label) ? !text.trim() : !e.data.content.trimEnd().startsWith(text.trimEnd())) problems.push(`${id}: streamed text is not a prefix of the final content`);
      open.delete(id);
    }
  }
  for (const id of open.keys()) problems.push(`${id} started but neither ended nor was discarded`);
  return problems;
}

/**
 * Team lifecycle: at most `maxLive` agents live at once and per phase; each agent is shut
 * down before its phase ends (on every path, failures included).
 */
export function rosterProblems(events: StoredEvent[], maxLive: number): string[] {
  const problems: string[] = [];
  const live = new Set<string>();
  const spawnedInPhase = new Map<number, number>();
  for (const e of events) {
    if (e.type === "agent-spawn") {
      if (live.has(e.data.agent)) problems.push(`${e.data.agent} spawned twice without a shutdown`);
      live.add(e.data.agent);
      spawnedInPhase.set(e.data.phase, (spawnedInPhase.get(e.data.phase) ?? 0) + 1);
      if (live.size > maxLive) problems.push(`${live.size} agents live at seq ${e.seq}: ${[...live].join(", ")}`);
    } else if (e.type === "agent-shutdown") {
      if (!live.delete(e.data.agent)) problems.push(`${e.data.agent} shut down but not live (seq ${e.seq})`);
    } else if (e.type === "phase-start") {
      spawnedInPhase.set(e.data.phase, 0);
    } else if (e.type === "phase-end") {
      if (live.size) problems.push(`phase ${e.data.phase} ended with ${[...live].join(", ")} still live`);
      const n = spawnedInPhase.get(e.data.phase) ?? 0;
      if (n > maxLive) problems.push(`phase ${e.data.phase} spawned ${n} agents`);
    } else if (e.type === "party-end" && live.size) {
      problems.push(`party ended with ${[...live].join(", ")} still live`);
    }
  }
  return problems;
}

/** The message budget: agents' messages (not work, not the orchestrator's) per phase within max_messages. */
export function budgetProblems(events: StoredEvent[]): string[] {
  const count = new Map<number, number>();
  for (const e of events) {
    if (e.type === "message-end" && countsAgainstBudget(e.data)) count.set(e.data.phase, (count.get(e.data.phase) ?? 0) + 1);
  }
  return [...count].flatMap(([phase, n]) => {
    const max = PARTY_PHASES.find((p) => p.number === phase)?.maxMessages ?? 0;
    return n > max ? [`phase ${phase}: ${n} messages over the budget of ${max}`] : [];
  });
}

/** The phase-start / phase-end pairs in log order, e.g. ["start 1", "end 1 completed", ...]. */
export function phaseTimeline(events: StoredEvent[]): string[] {
  return events.flatMap((e) =>
    e.type === "phase-start" ? [`start ${e.data.phase}`] : e.type === "phase-end" ? [`end ${e.data.phase} ${e.data.status}`] : [],
  );
}

/** Recursively, the JSON type of every field: two values with the same keys and types compare equal. */
export function shapeOf(v: unknown): unknown {
  if (Array.isArray(v)) return v.length ? [shapeOf(v[0])] : [];
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shapeOf(x)]));
  return v === null ? "null" : typeof v;
}

/** The discovery_context both modes write at the shared exit, field by field. */
export const DISCOVERY_CONTEXT_SHAPE = {
  completed_at: "string",
  version: "string",
  tech_stack: { primary_language: "string", runtime: "string", frameworks: ["string"], test_runner: "string", package_manager: "string" },
  coverage_summary: {
    unit_test_pct: "number",
    integration_test_pct: "number",
    critical_path_coverage: "number",
    total_tests: "number",
    meets_constitution: "boolean",
    high_priority_gaps: "number",
  },
  architecture_summary: "string",
  constitution_path: "string",
  discovery_report_path: "string",
  re_artifacts: { ac_count: "number", domains: "number", traceability_csv: "string" },
  permissions_reviewed: "boolean",
  walkthrough_completed: "boolean",
  user_next_action: "string",
};

export function discoveryContextOf(events: StoredEvent[]): Record<string, unknown> | undefined {
  const end = events.findLast((e) => e.type === "party-end");
  return end?.type === "party-end" ? (end.data.discovery_context as Record<string, unknown> | undefined) : undefined;
}
