// "Revise" and "Write it now" (POST /api/parties/:id/revisions): the artifact's producer
// rewrites it with the person's feedback, as the party's one on-demand job, run when no
// runner is busy with the party; the result is the artifact's next version.
import { z } from "zod";
import { AppError, parseOrThrow } from "../errors/app-error";
import type { Viewer } from "../auth/viewer";
import { countRevisions, jobMaterial } from "../db/jobs";
import { findArtifact, pendingInput } from "../db/parties";
import type { MissingArtifact, RevisionStart } from "../party/events";
import { notRevisable, promisedFor } from "../party/promised-artifacts";
import { reviserOf, revisionIdFor, revisionJob } from "../party/revision";
import { ARTIFACT_PATHS } from "../protocol/artifacts";
import { access, busy } from "./party-service";
import { getServices } from "./services";

export const MAX_FEEDBACK_CHARS = 4000;

export const revisionSchema = z.strictObject({
  artifactPath: z.string({ error: "is required and must be a string" }).trim().min(1, "is required").max(300, "is not an artifact path"),
  feedback: z
    .string({ error: "is required and must be a string" })
    .trim()
    .min(1, "must not be empty: say what should change")
    .max(MAX_FEEDBACK_CHARS, `must be at most ${MAX_FEEDBACK_CHARS} characters`),
});

export type RevisionInput = z.input<typeof revisionSchema>;

/** 202 {revisionId, artifactPath, baseVersion, missing}: the job runs; its events follow on the party's stream. */
export async function requestRevision(viewer: Viewer, partyId: string, body: unknown) {
  const party = await access(viewer, partyId, true);
  const input = parseOrThrow(revisionSchema, body);
  if (party.status === "cancelled" || party.status === "failed") throw new AppError("conflict", `The party is ${party.status}: it takes no more work.`);
  if (party.status !== "completed" && party.status !== "awaiting_input") throw await busy(party.id, "ask for a revision");
  if (!party.mode) throw new AppError("conflict", "The party has not started yet: choose a mode first.");
  const { db, runner } = await getServices();
  const artifact = await findArtifact(db, party.id, input.artifactPath);
  const missing = artifact ? undefined : (party.missingArtifacts as unknown as MissingArtifact[]).find((m) => m.path === input.artifactPath);
  if (!artifact && !missing) throw new AppError("not_found", `No artifact ${input.artifactPath} in this party (and it is not one a failed agent left unwritten).`, { artifactPath: "must be the path of one of this party's artifacts, or of a missing one" });
  const problem = artifact ? notRevisable(artifact.path, artifact.producer) : null;
  if (problem) throw new AppError("validation_failed", `Invalid input — artifactPath: ${problem}`, { artifactPath: problem });
  // The constitution under review is the review's to change: its next answer writes it.
  if (input.artifactPath === ARTIFACT_PATHS.constitution && (await pendingInput(db, party.id))?.kind === "constitution_review") {
    throw new AppError("conflict", "The constitution is under review: choose [2] \"I want to change something\" in the review to change it.");
  }
  const promised = promisedFor(party.mode === "classic" ? "classic" : "party", input.artifactPath);
  const material = await jobMaterial(db, party.id);
  if (!material) throw new AppError("not_found", "No party with that id.");
  const revisionId = revisionIdFor((await countRevisions(db, party.id)) + 1, input.artifactPath);
  const start: RevisionStart = {
    revisionId,
    key: `revision/${revisionId}`,
    artifactPath: input.artifactPath,
    title: artifact?.title ?? missing!.title,
    agent: reviserOf(artifact?.producer ?? missing!.agent),
    phase: artifact?.phase ?? missing?.phase ?? promised?.phase ?? 1,
    feedback: input.feedback,
    baseVersion: artifact?.version ?? 0,
    missing: !artifact,
    onDemand: true,
    source: "person",
  };
  if (!(await runner.runJob(party.id, revisionJob(start, material)))) throw await busy(party.id, "ask for a revision");
  return { status: "accepted", revisionId, artifactPath: start.artifactPath, baseVersion: start.baseVersion, missing: start.missing };
}
