// "Revise" and "Write it now" (POST /api/parties/:id/revisions): the artifact's producer
// rewrites it with the person's feedback, as the party's one on-demand job, run when no
// runner is busy with the party; the result is the artifact's next version.
import { AppError, parseOrThrow } from "../errors/app-error";
import type { Viewer } from "../auth/viewer";
import { countRevisions, jobMaterial } from "../db/jobs";
import { findArtifact, pendingInput } from "../db/parties";
import type { MissingArtifact, RevisionStart } from "../wire/events";
import { notRevisable, promisedFor } from "../party/promised-artifacts";
import { reviserOf, revisionIdFor, revisionJob } from "../party/revision";
import { ARTIFACT_PATHS } from "@inception-party/protocol";
import { revisionRequestSchema, type RevisionAccepted } from "../wire/revisions";
import { access, busy, unknownArtifact } from "./party-service";
import { getServices } from "./services";

/** 202 {revisionId, artifactPath, baseVersion, missing}: the job runs; its events follow on the party's stream. */
export async function requestRevision(viewer: Viewer, partyId: string, body: unknown): Promise<RevisionAccepted> {
  const party = await access(viewer, partyId, true);
  const input = parseOrThrow(revisionRequestSchema, body);
  if (party.status === "cancelled" || party.status === "failed") throw new AppError("conflict", `The party is ${party.status}: it takes no more work.`);
  if (party.status !== "completed" && party.status !== "awaiting_input") throw await busy(party.id, "ask for a revision");
  if (!party.mode) throw new AppError("conflict", "The party has not started yet: choose a mode first.");
  const { db, runner } = await getServices();
  const artifact = await findArtifact(db, party.id, input.artifactPath);
  const missing = artifact ? undefined : (party.missingArtifacts as unknown as MissingArtifact[]).find((m) => m.path === input.artifactPath);
  if (!artifact && !missing) throw unknownArtifact(input.artifactPath, "must be the path of one of this party's artifacts, or of a missing one");
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
  if (!(await runner.runJob(party.id, { jobId: revisionId, fresh: true }, revisionJob(start, material)))) throw await busy(party.id, "ask for a revision");
  return { status: "accepted", revisionId, artifactPath: start.artifactPath, baseVersion: start.baseVersion, missing: start.missing };
}
