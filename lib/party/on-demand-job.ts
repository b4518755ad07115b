// The one on-demand job a party may have in flight: a critique round the person asked
// for, or a revision. Its start event carries what it needs to run again, so the runner
// scan can resume a job whose instance died (parties.active_job names it until its
// result event).
import type { PartyContext } from "./agent-step";
import { critiqueJob } from "./critique-round";
import type { CritiqueStart, RevisionStart } from "../wire/events";
import { revisionJob, type RevisionMaterial } from "./revision";

export type JobStart = { type: "critique-start"; data: CritiqueStart } | { type: "revision-start"; data: RevisionStart };

export function jobIdOf(start: JobStart): string {
  return start.type === "critique-start" ? start.data.roundId : start.data.revisionId;
}

/** The job to run (or resume) from its start event and the party as it stands now. */
export function jobFor(start: JobStart, m: RevisionMaterial): (ctx: PartyContext) => Promise<void> {
  return start.type === "critique-start" ? critiqueJob(start.data, m.artifacts[start.data.artifactPath] ?? null) : revisionJob(start.data, m);
}

/** "A critique round (critique-2-project-brief)" / "A revision (revision-1-data-model)": for a 409. */
export function describeJob(jobId: string): string {
  if (jobId.startsWith("remark-")) return "Working your remark into the documents";
  return jobId.startsWith("revision-") ? `A revision (${jobId})` : `A critique round (${jobId})`;
}
