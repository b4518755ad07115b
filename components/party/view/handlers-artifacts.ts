// Handlers for what the party writes: artifacts and their versions, critique rounds,
// revisions and promised artifacts that were never written.
import type { EventHandlers } from "./handler-types";
import { shutDownAll } from "./reducer-helpers";
import type { ArtifactView, CritiqueRoundView, RevisionView, RunningCritiqueView } from "./types";

export const ARTIFACTS_HANDLERS = {
  "artifact-write": (view, e, at) => {
    const d = e.data;
    const prev = view.artifacts[d.path];
    const version = d.version ?? (prev?.version ?? 0) + 1;
    const versions = [...(prev?.versions ?? []), { version, content: d.content, at, reason: d.reason ?? null }];
    const art: ArtifactView = { path: d.path, title: d.title, producer: d.producer, phase: d.phase, content: d.content, version, at, versions };
    const { [d.path]: _written, ...missing } = view.missing;
    return {
      ...view,
      missing: _written ? missing : view.missing,
      artifacts: { ...view.artifacts, [d.path]: art },
      artifactOrder: prev ? view.artifactOrder : [...view.artifactOrder, d.path],
    };
  },
  "artifact-discard": (view, e) => {
    // The critiques of a discarded artifact (and their records) go with it.
    if (e.data.paths.includes("*")) return { ...view, artifacts: {}, artifactOrder: [], critiques: {}, critiqueOrder: [], runningCritiques: {} };
    const drop = new Set(e.data.paths);
    const artifacts = Object.fromEntries(Object.entries(view.artifacts).filter(([p]) => !drop.has(p)));
    const critiques = Object.fromEntries(Object.entries(view.critiques).filter(([, c]) => !drop.has(c.artifactPath) && !drop.has(c.recordPath)));
    return {
      ...view,
      artifacts,
      artifactOrder: view.artifactOrder.filter((p) => !drop.has(p)),
      critiques,
      critiqueOrder: view.critiqueOrder.filter((id) => critiques[id]),
      runningCritiques: Object.fromEntries(Object.entries(view.runningCritiques).filter(([, c]) => !drop.has(c.artifactPath))),
    };
  },
  "artifact-missing": (view, e) => view.artifacts[e.data.path] ? view : { ...view, missing: { ...view.missing, [e.data.path]: e.data } },
  "critique-start": (view, e, at) => {
    const d = e.data;
    const perspectives = d.perspectives.map((p) => p.name);
    const running: RunningCritiqueView = { roundId: d.roundId, artifactPath: d.artifactPath, onDemand: d.onDemand === true, perspectives, at };
    return { ...view, runningCritiques: { ...view.runningCritiques, [d.roundId]: running } };
  },
  "critique-result": (view, e, at) => {
    const d = e.data;
    const round: CritiqueRoundView = {
      roundId: d.roundId,
      artifactPath: d.artifactPath,
      phase: d.phase,
      verdict: d.verdict,
      severity: d.severity,
      averageRating: d.averageRating,
      ratings: d.ratings.map((r) => ({ name: r.name, rating: r.rating, source: r.source })),
      recommendation: d.recommendation,
      recordPath: d.recordPath,
      actionItems: d.actionItems,
      at,
    };
    // A round that runs again (its phase was retried) replaces the earlier result in place.
    const known = Boolean(view.critiques[d.roundId]);
    const { [d.roundId]: _finished, ...runningCritiques } = view.runningCritiques;
    return {
      ...view,
      runningCritiques,
      // A round on a finished party wakes its perspectives' agents; they are done again.
      agents: view.end ? shutDownAll(view.agents) : view.agents,
      critiques: { ...view.critiques, [d.roundId]: round },
      critiqueOrder: known ? view.critiqueOrder : [...view.critiqueOrder, d.roundId],
      feed: known ? view.feed : [...view.feed, { kind: "critique", id: d.roundId }],
    };
  },
  "revision-start": (view, e) => {
    const d = e.data;
    const rev: RevisionView = {
      revisionId: d.revisionId,
      artifactPath: d.artifactPath,
      title: d.title,
      agent: d.agent,
      feedback: d.feedback,
      missing: d.missing,
      source: d.source,
      status: "running",
      version: null,
      changesSummary: null,
      reason: null,
    };
    const known = Boolean(view.revisions[d.revisionId]);
    return { ...view, revisions: { ...view.revisions, [d.revisionId]: rev }, revisionOrder: known ? view.revisionOrder : [...view.revisionOrder, d.revisionId] };
  },
  "revision-result": (view, e) => {
    const d = e.data;
    const prev = view.revisions[d.revisionId];
    if (!prev) return view;
    return { ...view, revisions: { ...view.revisions, [d.revisionId]: { ...prev, status: d.status, version: d.version, changesSummary: d.changesSummary, reason: d.reason } } };
  },
} satisfies Partial<EventHandlers>;
