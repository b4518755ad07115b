// A revision: the agent that produced an artifact (same persona, same model) rewrites it
// with the person's feedback and the project's current context, and the result becomes
// the artifact's next version. The same job writes an artifact for the first time when
// its agent had failed ("Write it now"). It runs as an on-demand job (after the party, or
// while it waits for the person) or inside a walkthrough step, durably either way: its
// start, its one agent turn and its result are checkpointed steps under its key.
import { withoutProvenance, withProvenance } from "./provenance";
import { say, type PartyContext } from "./agent-step";
import { constitutionMarkdown, parseConstitution, scaffoldFromArchitecture, skillReportMarkdown } from "./documents";
import type { RevisionResult, RevisionStart } from "../wire/events";
import { rewriteTask, SCAFFOLD_PATH } from "./promised-artifacts";
import { guardRevision, type GuardVerdict } from "./revision-guard";
import { agentInfo } from "./roster";
import { ARTIFACT_PATHS, type ConstitutionOutput, type ProposalOutput, type RevisedArtifactOutput, type Sections, type SkillReportOutput } from "@inception-party/protocol";
import { ORCHESTRATOR, PERSON, type PhaseNumber, type Mode } from "../vocabulary";

/** What a rewrite reads besides the artifact itself: the project as it stands now. */
export interface RevisionMaterial {
  mode: Mode;
  title: string;
  description: string;
  /** The approved stack (JSON of the proposal), once there is one. */
  techStack: string | null;
  /** The latest text of every artifact, by path. */
  artifacts: Record<string, string>;
}

/** The agent key that rewrites what `producer` wrote (the brief's "orchestrator" is the orchestrator's model). */
export function reviserOf(producer: string): string {
  return producer === "orchestrator" ? ORCHESTRATOR : producer;
}

/** "revision-3-data-model": numbered among the party's revisions, named after the file. */
export function revisionIdFor(n: number, artifactPath: string): string {
  const base = artifactPath.split("/").pop()!.replace(/\.(md|txt)$/, "");
  return `revision-${n}-${base}`.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/-+/g, "-").slice(0, 60);
}

const BLUEPRINT_PATHS = [ARTIFACT_PATHS.architecture, ARTIFACT_PATHS.dataModel, ARTIFACT_PATHS.testStrategy, ARTIFACT_PATHS.prd];

function sectionsFor(start: RevisionStart, m: RevisionMaterial): Sections {
  const current = m.artifacts[start.artifactPath] === undefined ? undefined : withoutProvenance(m.artifacts[start.artifactPath]);
  // The documents beside it, so a rewrite stays consistent with them.
  const others = BLUEPRINT_PATHS.filter((p) => p !== start.artifactPath && m.artifacts[p]).map((p) => m.artifacts[p]);
  let draft = current;
  if (current && start.artifactPath === ARTIFACT_PATHS.constitution) {
    const parsed = parseConstitution(current);
    if (parsed) draft = JSON.stringify(parsed, null, 2);
  }
  return {
    project_title: m.title,
    project_description: m.description,
    project_brief: start.artifactPath === ARTIFACT_PATHS.brief ? undefined : m.artifacts[ARTIFACT_PATHS.brief],
    tech_stack: m.techStack ?? undefined,
    artifact_content: others.join("\n\n---\n\n") || undefined,
    current_draft: draft,
    user_changes: start.feedback,
  };
}

/** The markdown a task's output becomes (structured outputs are rendered the way the phase renders them). */
function documentOf(task: string, out: unknown, m: RevisionMaterial): string {
  if (task === "constitution.revise" || task === "constitution.draft") return constitutionMarkdown(m.title, out as ConstitutionOutput);
  if (task === "skills.report") return skillReportMarkdown(JSON.parse(m.techStack ?? "null") as ProposalOutput, out as SkillReportOutput);
  return (out as { markdown: string }).markdown;
}

function reasonFor(start: RevisionStart): string {
  const said = start.feedback.replace(/\s+/g, " ").trim();
  const short = said.length > 140 ? `${said.slice(0, 137)}…` : said;
  const who = start.source === "walkthrough" ? "Walkthrough note" : start.source === "remark" ? "Your remark" : start.source === "stack" ? "Your stack change" : "Your feedback";
  return start.missing ? `Written now (it was missing). ${who}: ${short}` : `Revised. ${who}: ${short}`;
}

/** "A, B and C". */
function listOf(names: string[]): string {
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

const lines = (n: number) => `${n} line${n === 1 ? "" : "s"}`;

/** What the second attempt is told about the first: the same request, and what its draft missed. */
function retryFeedback(feedback: string, v: Extract<GuardVerdict, { kind: "reject" }>): string {
  const missed = v.why === "nothing-applied" ? `it added none of: ${listOf(v.notApplied)}` : "it changed nothing the request asked for";
  return `${feedback}\n\nYour previous draft was not used: ${missed}${v.restored ? `, and it dropped ${lines(v.restored)} the request did not ask to remove` : ""}. Apply the request, and keep every other line of the current draft as it is.`;
}

/** Why no version was made, in words the person can act on. */
function unchangedReason(who: string, title: string, v: Extract<GuardVerdict, { kind: "reject" }>, tries: number): string {
  const times = tries > 1 ? " in two tries" : "";
  const dropped = v.restored ? ` It also dropped ${lines(v.restored)} you did not ask to remove, which stay as they were.` : "";
  if (v.why === "nothing-applied") return `No new version: ${who}'s rewrite of the ${title} added none of ${listOf(v.notApplied)}${times}.${dropped} Try again naming one thing at a time and what it should hold.`;
  return `No new version: ${who}'s rewrite of the ${title} changed nothing you asked for${times}.${dropped} Try again saying exactly what to add, change or remove, and where.`;
}

/** The summary of an accepted revision, with what the guard did and what is still missing. */
function honestSummary(said: string, v: GuardVerdict | null): string {
  if (!v || v.kind !== "accept") return said;
  return [said, v.restored ? `Kept ${lines(v.restored)} the rewrite had dropped that you did not ask to remove.` : "", v.notApplied.length ? `Not added: ${listOf(v.notApplied)}.` : ""].filter(Boolean).join(" ");
}

/** Runs the revision; its events tell viewers that it started and how it ended. */
export async function reviseArtifact(ctx: PartyContext, start: RevisionStart, m: RevisionMaterial): Promise<RevisionResult> {
  await ctx.rt.emit(`${start.key}/start`, [{ type: "revision-start", data: start }]);
  const task = rewriteTask(m.mode, start.artifactPath, !start.missing);
  const turn = (key: string, userChanges: string) =>
    say(ctx, {
      key,
      agent: start.agent,
      phase: start.phase as PhaseNumber,
      task,
      sections: { ...sectionsFor(start, m), user_changes: userChanges },
      recipient: PERSON,
      type: "work",
      artifactPath: start.artifactPath,
    });
  const base = { revisionId: start.revisionId, artifactPath: start.artifactPath };
  const who = agentInfo(ctx.personas, start.agent).name;
  let r = await turn(`${start.key}/write`, start.feedback);
  if (!r) {
    const result: RevisionResult = { ...base, status: "failed", version: null, changesSummary: null, reason: `${who} could not ${start.missing ? "write" : "revise"} it: the turn failed twice. Try again, or with other feedback.` };
    await ctx.rt.emit(`${start.key}/result`, [{ type: "revision-result", data: result }]);
    return result;
  }
  // A rewrite keeps what it was not asked to remove; one that changes nothing asked for gets one more try.
  const previous = start.missing || m.artifacts[start.artifactPath] === undefined ? null : withoutProvenance(m.artifacts[start.artifactPath]);
  const check = (out: unknown) => (previous === null ? null : guardRevision({ base: previous, draft: documentOf(task, out, m), feedback: start.feedback }));
  let verdict = check(r.output);
  let tries = 1;
  if (verdict?.kind === "reject") {
    const again = await turn(`${start.key}/write-again`, retryFeedback(start.feedback, verdict));
    if (again) {
      tries = 2;
      const second = check(again.output)!;
      verdict = second.kind === "reject" ? { ...second, restored: Math.max(second.restored, verdict.restored) } : second;
      r = again;
    }
  }
  if (verdict?.kind === "reject") {
    const result: RevisionResult = { ...base, status: "unchanged", version: null, changesSummary: null, reason: unchangedReason(who, start.title, verdict, tries) };
    await ctx.rt.emit(`${start.key}/result`, [{ type: "revision-result", data: result }]);
    return result;
  }
  const content = withProvenance(ctx, start.agent, verdict?.kind === "accept" ? verdict.content : documentOf(task, r.output, m));
  const version = start.baseVersion + 1;
  const producer = start.agent === ORCHESTRATOR ? "orchestrator" : start.agent;
  const said = task === "artifact.revise" ? (r.output as RevisedArtifactOutput).changes_summary : start.missing ? `Written for the first time by ${who}.` : "Revised with your feedback.";
  const result: RevisionResult = { ...base, status: "completed", version, changesSummary: honestSummary(said, verdict), reason: null };
  // The scaffold follows the architecture's Directory Layout.
  const scaffold = start.artifactPath === ARTIFACT_PATHS.architecture && m.artifacts[SCAFFOLD_PATH] !== undefined ? scaffoldFromArchitecture(content).join("\n") + "\n" : null;
  await ctx.rt.emit(`${start.key}/result`, [
    { type: "artifact-write", data: { path: start.artifactPath, title: start.title, producer, phase: start.phase, content, version, reason: reasonFor(start), revisionId: start.revisionId } },
    ...(scaffold !== null && scaffold !== m.artifacts[SCAFFOLD_PATH]
      ? [{ type: "artifact-write" as const, data: { path: SCAFFOLD_PATH, title: "Project scaffold", producer: "orchestrator", phase: start.phase, content: scaffold, reason: "Derived again from the revised architecture's Directory Layout.", revisionId: start.revisionId } }]
      : []),
    { type: "revision-result", data: result },
  ]);
  return result;
}

/** A revision as runner work: what the API starts, and what a resume restarts from its revision-start. */
export function revisionJob(start: RevisionStart, m: RevisionMaterial): (ctx: PartyContext) => Promise<void> {
  return async (ctx) => {
    await reviseArtifact(ctx, start, m);
  };
}
