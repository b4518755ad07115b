// A multi-perspective critique round inside a party: each perspective is an
// agent turn (durable, streamed, failure policy), a failed one falls back to the default
// model, and the discussion record becomes an artifact. Used after Blueprint Assembly's
// cross-review and on demand from the artifacts view.
import { runCritique, type CritiqueResult, type Perspective, type PerspectiveResult } from "../agents/critique";
import { say, type PartyContext } from "./agent-step";
import type { CritiqueStart } from "../wire/events";
import type { Sections } from "@inception-party/protocol";
import { BLUEPRINT_PERSPECTIVE_KEYS, PERSPECTIVES, type PhaseNumber } from "../vocabulary";

/** Perspectives a person can pick, by key (declared in the vocabulary). */
export const PERSPECTIVE_PRESETS: Record<string, Perspective> = PERSPECTIVES;

export const BLUEPRINT_PERSPECTIVES: Perspective[] = BLUEPRINT_PERSPECTIVE_KEYS.map((k) => PERSPECTIVES[k]);

/** Lowercase words and dashes: a valid round id for any artifact path. */
export function roundIdFor(prefix: string, artifactPath: string): string {
  const base = artifactPath.split("/").pop()!.replace(/\.md$/, "");
  return `${prefix}-${base}`.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/-+/g, "-").slice(0, 60);
}

export async function critiqueRound(
  ctx: PartyContext,
  r: Omit<CritiqueStart, "perspectives"> & { content: string | null; perspectives: Perspective[]; context?: Sections },
): Promise<CritiqueResult> {
  const { content: _content, context: _context, ...start } = r;
  // Perspectives check the artifact against what the person asked for: the description
  // always (from the party when the caller has no context), the brief and stack when known.
  const context: Sections = r.context ?? { project_description: (await ctx.rt.store.getParty(ctx.rt.partyId))?.description ?? "" };
  // Tells viewers (after a reload too) that the round is running, and lets another
  // instance resume an on-demand round whose runner died (PartyRunner.scan).
  await ctx.rt.emit(`${r.key}/start`, [{ type: "critique-start", data: start }]);
  const sections = (p: Perspective, content: string): Sections => ({
    project_description: context.project_description,
    project_brief: context.project_brief,
    tech_stack: context.tech_stack,
    artifact_content: content,
    perspective: JSON.stringify({ name: p.name, roleLabel: p.roleLabel, focusAreas: p.focusAreas }),
  });
  const run = (fallback: boolean) => async (p: Perspective, content: string): Promise<PerspectiveResult> => {
    const out = await say(ctx, {
      key: `${r.key}/${p.name.toLowerCase()}${fallback ? "/fallback" : ""}`,
      // The default model speaks for a perspective whose own model failed.
      agent: fallback || !p.model ? "critic" : p.model,
      phase: r.phase as PhaseNumber,
      task: "critique.perspective",
      sections: sections(p, content),
      recipient: null,
      type: "work",
      artifactPath: r.artifactPath,
    });
    if (!out) throw new Error(`${p.name} perspective could not critique the artifact`);
    return out.output;
  };
  const result = await runCritique({
    roundId: r.roundId,
    artifactPath: r.artifactPath,
    artifactContent: r.content,
    perspectives: r.perspectives,
    runPerspective: run(false),
    fallbackRunPerspective: run(true),
  });
  await ctx.rt.emit(`${r.key}/result`, [
    { type: "artifact-write", data: { path: result.recordPath, title: `Critique: ${r.artifactPath}`, producer: "critique", phase: r.phase, content: result.record } },
    {
      type: "critique-result",
      data: {
        roundId: r.roundId,
        artifactPath: r.artifactPath,
        phase: r.phase,
        verdict: result.verdict,
        severity: result.severity,
        averageRating: result.averageRating,
        ratings: result.ratings.map((x) => ({ name: x.name, rating: x.rating, source: x.source })),
        recommendation: result.recommendation,
        recordPath: result.recordPath,
        actionItems: result.actionItems.map((a) => a.text),
      },
    },
  ]);
  return result;
}

/** A round as runner work: what "Critique this" starts, and what a resume restarts from its critique-start. */
export function critiqueJob(start: CritiqueStart, content: string | null): (ctx: PartyContext) => Promise<void> {
  return async (ctx) => {
    await critiqueRound(ctx, { ...start, content });
  };
}
