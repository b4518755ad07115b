import { z } from "zod";
import { averageRating, decideConsensus, type Recommendation, type Verdict } from "./consensus";
import { CritiqueError, critiqueErrorFromZod } from "./critique-error";
import { DIRECT_READING_NAME, readArtifactDirectly as readArtifactDirectlyDefault } from "./direct-reading";
import { discussionRecordPath, renderDiscussionRecord, RoundIdSchema, type RecordRating } from "./discussion-record";
import type { DivergentPoint, PerspectiveOutcome, Severity } from "./divergence";
import {
  PerspectiveListSchema,
  PerspectiveResultSchema,
  type Perspective,
  type PerspectiveResult,
} from "./perspective";
import { synthesize, type ActionItem, type ConvergentTheme } from "./synthesize";

/**
 * One perspective's critique of the artifact. The real implementation is an agent turn on
 * `perspective.model`; its output is untrusted and re-validated here.
 */
export type RunPerspective = (perspective: Perspective, artifactContent: string) => Promise<PerspectiveResult>;

/** The no-model last resort (the critique spec: when every perspective fails, a basic discussion from reading the artifact directly). */
export type ReadArtifactDirectly = (artifactContent: string) => PerspectiveResult;

export interface RunCritiqueInput {
  roundId: string;
  artifactPath: string;
  /** `null` means the artifact was not found (the critique spec: return an error at once). */
  artifactContent: string | null;
  perspectives: Perspective[];
  runPerspective: RunPerspective;
  /** The same critique on the default model, for a perspective whose own run failed. */
  fallbackRunPerspective: RunPerspective;
  /** Defaults to the built-in structural reading; it is pure, so a default costs nothing. */
  readArtifactDirectly?: ReadArtifactDirectly;
}

export interface PerspectiveFailure {
  name: string;
  stage: "primary" | "fallback";
  message: string;
}

export interface CritiqueResult {
  verdict: Verdict;
  /** How far the perspectives' ratings are apart (divergence.ts). */
  severity: Severity;
  /** A perspective marked a weakness `CRITICAL:`. */
  hasCriticalIssue: boolean;
  averageRating: number;
  ratings: RecordRating[];
  convergentThemes: ConvergentTheme[];
  divergentViews: DivergentPoint[];
  actionItems: ActionItem[];
  recommendation: Recommendation;
  /** True when the caller may proceed normally: the same as consensus_reached. */
  treatAsReached: boolean;
  recordPath: string;
  record: string;
  /** Every failed run, in perspective order; empty on a clean run. */
  failures: PerspectiveFailure[];
}

const singleLine = z
  .string()
  .trim()
  .min(1, { error: "must not be empty" })
  .refine((s) => !/[\r\n]/.test(s), { error: "must be a single line" });

const fn = <T>() => z.custom<T>((value) => typeof value === "function", { error: "must be a function" });

const RunCritiqueInputSchema = z.object({
  roundId: RoundIdSchema,
  artifactPath: singleLine,
  artifactContent: z.string({ error: "must be a string, or null when the artifact is missing" }).nullable(),
  perspectives: PerspectiveListSchema,
  runPerspective: fn<RunPerspective>(),
  fallbackRunPerspective: fn<RunPerspective>(),
  readArtifactDirectly: fn<ReadArtifactDirectly>().optional(),
});

type Outcome = PerspectiveOutcome & { source: RecordRating["source"] };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function attempt(run: RunPerspective, perspective: Perspective, content: string): Promise<PerspectiveResult> {
  const parsed = PerspectiveResultSchema.safeParse(await run(perspective, content));
  if (!parsed.success) {
    throw critiqueErrorFromZod("invalid_perspective_result", `Invalid result from "${perspective.name}"`, parsed.error);
  }
  return parsed.data;
}

/**
 * Multi-perspective critique (docs/protocols.md, "Critique rounds"): run every perspective in parallel (falling back to the
 * default model per perspective, then to a direct reading if nothing succeeded), detect
 * divergence, decide consensus, synthesize, and render the discussion record. Writing the
 * record is the caller's job (`recordPath`, `record`): this module does no I/O.
 */
export async function runCritique(input: RunCritiqueInput): Promise<CritiqueResult> {
  const parsed = RunCritiqueInputSchema.safeParse(input);
  if (!parsed.success) throw critiqueErrorFromZod("invalid_input", "Invalid critique input", parsed.error);
  const { roundId, artifactPath, artifactContent, perspectives } = parsed.data;

  if (artifactContent === null) {
    throw new CritiqueError("artifact_not_found", `Artifact not found: ${artifactPath}`, ["artifactContent"]);
  }

  // Failures are kept per perspective (not pushed as they happen) so their order is stable.
  const failures: PerspectiveFailure[][] = perspectives.map(() => []);
  const critiqueOne = async (perspective: Perspective, index: number): Promise<Outcome> => {
    const { name } = perspective;
    try {
      return { name, result: await attempt(input.runPerspective, perspective, artifactContent), source: "perspective" };
    } catch (error) {
      failures[index].push({ name, stage: "primary", message: messageOf(error) });
    }
    try {
      const result = await attempt(input.fallbackRunPerspective, perspective, artifactContent);
      return { name, result, source: "fallback" };
    } catch (error) {
      failures[index].push({ name, stage: "fallback", message: messageOf(error) });
      throw error;
    }
  };
  const settled = await Promise.allSettled(perspectives.map(critiqueOne));

  let outcomes = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const usedDirectReading = outcomes.length === 0;
  if (usedDirectReading) {
    const read = input.readArtifactDirectly ?? readArtifactDirectlyDefault;
    const direct = PerspectiveResultSchema.safeParse(read(artifactContent));
    if (!direct.success) {
      const context = "readArtifactDirectly returned an invalid result";
      throw critiqueErrorFromZod("invalid_direct_reading", context, direct.error);
    }
    outcomes = [{ name: DIRECT_READING_NAME, result: direct.data, source: "direct-reading" }];
  }

  const synthesis = synthesize(outcomes);
  const ratings: RecordRating[] = outcomes.map((o) => ({
    name: o.name,
    rating: o.result.rating,
    usedFallback: o.source !== "perspective",
    source: o.source,
  }));
  const average = averageRating(ratings.map((r) => r.rating));
  const decision = decideConsensus(synthesis.severity, average, synthesis.hasCriticalIssue);
  const recordPath = discussionRecordPath(roundId);

  const failed = perspectives.filter((_, i) => settled[i].status === "rejected").map((p) => p.name);
  const recordPerspectives = [
    ...perspectives.map((p) => (failed.includes(p.name) ? `${p.name} (failed)` : p.name)),
    ...(usedDirectReading ? [DIRECT_READING_NAME] : []),
  ];

  const record = renderDiscussionRecord({
    roundId,
    artifactPath,
    perspectives: recordPerspectives,
    verdict: decision.verdict,
    averageRating: average,
    convergentThemes: synthesis.convergentThemes,
    divergentViews: synthesis.divergentViews,
    actionItems: synthesis.actionItems,
    ratings,
  });

  return {
    verdict: decision.verdict,
    severity: synthesis.severity,
    hasCriticalIssue: synthesis.hasCriticalIssue,
    averageRating: average,
    ratings,
    convergentThemes: synthesis.convergentThemes,
    divergentViews: synthesis.divergentViews,
    actionItems: synthesis.actionItems,
    recommendation: decision.recommendation,
    treatAsReached: decision.treatAsReached,
    recordPath,
    record,
    failures: failures.flat(),
  };
}
