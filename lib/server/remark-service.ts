// Remarks that become revisions: once a party's documents are written, a remark is worked
// into the documents it concerns as the party's one on-demand job. Started when the remark
// is made if the party is free, else when whatever runs now ends (the runner's idle hook)
// or by the runner's scan after a restart.
import { countRevisions, jobMaterial } from "../db/jobs";
import { findParty, pendingInput } from "../db/parties";
import { remarkRevisionResults, waitingRevisionRemarks } from "../db/room-messages";
import type { RevisionStart } from "../wire/events";
import { notRevisable } from "../party/promised-artifacts";
import { remarkJob } from "../party/remark-revision";
import { reviserOf, revisionIdFor } from "../party/revision";
import { ARTIFACT_PATHS } from "@inception-party/protocol";
import { getServices } from "./services";

/** Starts the oldest waiting revision remark of the party if nothing runs on it; false otherwise. */
export async function startWaitingRemark(partyId: string): Promise<boolean> {
  const { db, runner } = await getServices();
  if (runner.isRunning(partyId)) return false;
  const party = await findParty(db, partyId);
  if (!party || !["completed", "awaiting_input"].includes(party.status) || party.activeJob) return false;
  const [remark] = await waitingRevisionRemarks(db.prisma, partyId);
  if (!remark) return false;
  const [material, done, docs, pending] = await Promise.all([
    jobMaterial(db, partyId),
    remarkRevisionResults(db, partyId, remark.messageId),
    db.prisma.artifact.findMany({ where: { partyId }, select: { path: true, title: true, producer: true, phase: true, version: true } }),
    pendingInput(db, partyId),
  ]);
  if (!material) return false;
  // The constitution under review is the review's to change.
  const underReview = pending?.kind === "constitution_review" ? ARTIFACT_PATHS.constitution : null;
  let n = await countRevisions(db, partyId);
  const revisions: RevisionStart[] = [];
  for (const path of remark.artifactPaths ?? []) {
    const doc = docs.find((d) => d.path === path);
    if (!doc || done.some((r) => r.artifactPath === path) || path === underReview || notRevisable(path, doc.producer)) continue;
    const revisionId = revisionIdFor(++n, path);
    revisions.push({
      revisionId,
      key: `revision/${revisionId}`,
      artifactPath: path,
      title: doc.title,
      agent: reviserOf(doc.producer),
      phase: doc.phase,
      feedback: remark.text,
      baseVersion: doc.version,
      missing: false,
      onDemand: true,
      source: "remark",
      remarkId: remark.messageId,
    });
  }
  const plan = { remark, phase: party.currentPhase ?? 1, revisions, done, titles: Object.fromEntries(docs.map((d) => [d.path, d.title])) };
  // The job's id on the party: its first revision's (whose start event then names it), or
  // the remark's own while there is only the reply left to write.
  const jobId = revisions[0]?.revisionId ?? `remark-${remark.messageId}`;
  return runner.runJob(partyId, { jobId, fresh: true }, remarkJob(plan, material));
}
