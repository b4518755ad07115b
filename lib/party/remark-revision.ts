// A remark the person made once the documents were written: each document it concerns is
// revised with it, one after the other, as the party's one on-demand job, and the person
// is told what changed in a reply to the remark. Every revision is a job of its own in the
// log (revision-start … revision-result, naming the remark), so a crash resumes the one in
// flight and the rest are planned again without repeating what was done.
import type { PartyContext } from "./agent-step";
import type { RevisionResult, RevisionStart } from "../wire/events";
import { reviseArtifact, type RevisionMaterial } from "./revision";
import type { RoomMessage } from "./room";
import { ORCHESTRATOR, PERSON } from "../vocabulary";

export interface RemarkJobPlan {
  remark: Pick<RoomMessage, "messageId" | "text">;
  /** The party's last phase: where the reply is shown. */
  phase: number;
  /** Revisions still to make, in order. */
  revisions: RevisionStart[];
  /** Results of the revisions an earlier run already made for this remark. */
  done: RevisionResult[];
  /** Document titles by path, for the reply. */
  titles: Record<string, string>;
}

export function remarkJob(plan: RemarkJobPlan, m: RevisionMaterial): (ctx: PartyContext) => Promise<void> {
  return async (ctx) => {
    const results = [...plan.done];
    for (const start of plan.revisions) results.push(await reviseArtifact(ctx, start, m));
    const content = remarkReply(plan, results);
    const key = `remark/${plan.remark.messageId}/reply`;
    const meta = { messageId: ctx.rt.id("msg", key), phase: plan.phase, type: "message" as const, sender: ORCHESTRATOR, recipient: PERSON, label: "REPLY", replyTo: [plan.remark.messageId] };
    await ctx.rt.emit(key, [
      { type: "message-start", data: meta },
      { type: "message-end", data: { ...meta, content, summary: "What your remark changed in the documents" } },
    ]);
  };
}

/** What the person reads: each document, and what its revision did with the remark. */
export function remarkReply(plan: RemarkJobPlan, results: RevisionResult[]): string {
  if (!results.length) return "REPLY:\nNo document could take this remark: nothing was written yet. Say it again once the documents are there.";
  const lines = results.map((r) => {
    const title = plan.titles[r.artifactPath] ?? r.artifactPath;
    if (r.status === "completed") return `- ${title} (version ${r.version}): ${r.changesSummary ?? "revised with your remark."}`;
    return `- ${title}: not changed. ${r.reason ?? "The revision did not go through."}`;
  });
  return ["REPLY:", "I worked your remark into the documents it concerns:", ...lines].join("\n");
}
