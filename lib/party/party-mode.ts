// Party mode: one team, five tasks, three live members at most, members shut down at
// each phase end, the team deleted on every exit path.
import { phaseTeam } from "../agents/persona-config";
import type { PartyContext } from "./agent-step";
import { architectureSummary, discoveryContext, type DiscoveryContext } from "./documents";
import { draftConstitution, reviewConstitution, skillsAndScaffold } from "./governance";
import { blueprintAssembly, blueprintReserve } from "./phase-blueprint";
import { earlierRemarks, PhaseTeam, readRemarks, shutdownEvents, spawnEvents } from "./phase-common";
import { ARTIFACT_PATHS, type Sections } from "@inception-party/protocol";
import { stackDebate, stackReserve } from "./phase-stack";
import { visionCouncil, visionReserve } from "./phase-vision";
import { walkthrough } from "./walkthrough";
import { completionNextSteps, phaseEndNextSteps } from "../next-steps";
import { PARTY_PHASES, partyPhase, phaseNames } from "../vocabulary";
import { nextStepActions, type ProjectContext } from "./next-step-actions";
import { missingEvents } from "./promised-artifacts";
import { keepDraftToStack, keepToStack, type StackGuard } from "./stack-guard";
import { SCAFFOLD_PATH } from "./promised-artifacts";
import type { PartyRecord } from "./store";

export const TEAM_NAME = "inception-party";

export type ModeOutcome =
  | { status: "completed"; discoveryContext: DiscoveryContext }
  | { status: "fallback" }
  | { status: "cancelled"; reason: string };

class PhaseAbort extends Error {
  constructor(readonly outcome: ModeOutcome) {
    super(outcome.status);
  }
}

/** Messages each protocol's mandatory turns need, for `n` agents: the person's messages leave room for them. */
const RESERVE: Record<1 | 2 | 3, (agents: number) => number> = { 1: visionReserve, 2: stackReserve, 3: blueprintReserve };

/** Runs a parallel phase; when every agent fails, asks [1] retry [2] classic [3] cancel. */
async function parallelPhase<T>(ctx: PartyContext, n: 1 | 2 | 3, body: (team: PhaseTeam) => Promise<T | null>, shared: Sections = {}): Promise<T> {
  const { name } = partyPhase(n);
  const agents = phaseTeam(ctx.personas, n);
  for (let attempt = 1; ; attempt++) {
    const key = `party/p${n}.${attempt}`;
    const reserved = RESERVE[n](agents.length);
    await ctx.rt.emit(`${key}/start`, [
      { type: "phase-start", data: { phase: n, name, agents } },
      { type: "party-status", data: { status: "in_progress", currentPhase: n } },
      ...spawnEvents(ctx, n, agents),
      { type: "room-update", data: { phase: n, reserved, open: true } },
    ]);
    const team = new PhaseTeam(ctx, n, key, agents, reserved, shared);
    const result = await body(team);
    // What the person said and nobody answered yet is answered before the team leaves.
    if (result !== null) await team.wrapUp();
    // Every member spawned for the phase is shut down, including those that failed out
    // of it: they are still team members until told to stop.
    await ctx.rt.emit(`${key}/shutdown`, shutdownEvents(ctx, key, n, agents));
    if (result !== null) {
      const nextSteps = phaseEndNextSteps({ mode: "party", phaseNumber: n, phaseNames: phaseNames("party") });
      await ctx.rt.emit(`${key}/end`, [
        { type: "phase-end", data: { phase: n, name: name, status: "completed", messages: team.used, nextSteps, nextStepActions: nextStepActions(nextSteps) } },
      ]);
      return result;
    }
    const choice = await ctx.rt.input(`${key}/failure-menu`, {
      kind: "phase_failure",
      title: `All agents in ${name} encountered errors.`,
      body: `All agents in ${name} encountered errors.\n\n[1] Retry phase — re-launch all agents\n[2] Fall back to classic mode — restart with sequential flow\n[3] Cancel — abort discovery\n\nEnter selection (1-3):`,
      options: [
        { key: "1", label: "Retry phase — re-launch all agents" },
        { key: "2", label: "Fall back to classic mode — restart with sequential flow" },
        { key: "3", label: "Cancel — abort discovery" },
      ],
      allowsText: false,
    });
    await ctx.rt.emit(`${key}/failed-end`, [{ type: "phase-end", data: { phase: n, name: name, status: "failed", messages: team.used } }]);
    if (choice.selection === "2") throw new PhaseAbort({ status: "fallback" });
    if (choice.selection === "3") throw new PhaseAbort({ status: "cancelled", reason: `Cancelled after every agent in ${name} failed.` });
  }
}

async function sequentialPhase<T>(ctx: PartyContext, n: 4 | 5, body: () => Promise<T>, project?: ProjectContext): Promise<T> {
  const { name } = partyPhase(n);
  await ctx.rt.emit(`party/p${n}/start`, [
    { type: "phase-start", data: { phase: n, name, agents: [] } },
    { type: "party-status", data: { status: "in_progress", currentPhase: n } },
  ]);
  const r = await body();
  const nextSteps = n === 5 ? completionNextSteps() : phaseEndNextSteps({ mode: "party", phaseNumber: n, phaseNames: phaseNames("party") });
  await ctx.rt.emit(`party/p${n}/end`, [{ type: "phase-end", data: { phase: n, name, status: "completed", messages: 0, nextSteps, nextStepActions: nextStepActions(nextSteps, project) } }]);
  return r;
}

/** A document as it is now (a checkpointed read: a revision made while the party waited counts). */
export async function currentText(ctx: PartyContext, key: string, path: string, fallback: string): Promise<string> {
  return ctx.rt.step(key, async () => ({ output: (await ctx.rt.store.getArtifact(ctx.rt.partyId, path))?.content ?? fallback }));
}

export async function runPartyMode(ctx: PartyContext, party: PartyRecord): Promise<ModeOutcome> {
  await ctx.rt.emit("party/setup", [
    { type: "team-create", data: { team_name: TEAM_NAME, description: "Multi-agent inception party for new project discovery" } },
    { type: "task-create", data: { mode: "party", tasks: PARTY_PHASES.map((t) => ({ number: t.number, subject: t.subject, activeForm: t.activeForm, name: t.name, maxMessages: t.maxMessages })) } },
  ]);
  const d = party.description;
  try {
    const vision = await parallelPhase(ctx, 1, (team) => visionCouncil(ctx, team, d));
    // Every later turn reads the person's own answers, not only the brief the team wrote from them.
    const answers: Sections = vision.userResponse.trim() ? { user_response: vision.userResponse } : {};
    const { stack, replaced } = await parallelPhase(ctx, 2, (team) => stackDebate(ctx, team, d, vision.briefMd), answers);
    // The person may have revised the brief while the stack approval waited.
    const brief = await currentText(ctx, "party/p3/brief", ARTIFACT_PATHS.brief, vision.briefMd);
    const blueprint = await parallelPhase(ctx, 3, (team) => blueprintAssembly(ctx, team, d, brief, stack), answers);
    const guard: StackGuard = { mode: "party", title: party.title, description: d, stack, replaced };
    const remarks = earlierRemarks(ctx, await readRemarks(ctx, "party/p4/remarks"), 4);
    const { constitution, sections, arch } = await sequentialPhase(ctx, 4, async () => {
      // A stack change reaches the brief and the blueprint before governance builds on them.
      const docs = { brief, arch: blueprint["architecture-overview"], dm: blueprint["data-model"], ts: blueprint["test-strategy-outline"] };
      if (replaced.length) {
        await keepToStack(ctx, "party/p4/stack-guard", guard, [ARTIFACT_PATHS.brief, ARTIFACT_PATHS.architecture, ARTIFACT_PATHS.dataModel, ARTIFACT_PATHS.testStrategy]);
        docs.brief = await currentText(ctx, "party/p4/stack-guard/brief", ARTIFACT_PATHS.brief, brief);
        docs.arch = await currentText(ctx, "party/p4/stack-guard/architecture", ARTIFACT_PATHS.architecture, docs.arch ?? "");
        docs.dm = await currentText(ctx, "party/p4/stack-guard/data-model", ARTIFACT_PATHS.dataModel, docs.dm ?? "");
        docs.ts = await currentText(ctx, "party/p4/stack-guard/test-strategy", ARTIFACT_PATHS.testStrategy, docs.ts ?? "");
      }
      const sections: Sections = {
        ...answers,
        ...remarks,
        project_description: d,
        project_brief: docs.brief,
        tech_stack: JSON.stringify(stack, null, 2),
        artifact_content: [docs.arch, docs.dm, docs.ts].filter(Boolean).join("\n\n---\n\n"),
      };
      let c = await draftConstitution(ctx, "party/p4/constitution", 4, sections);
      if (c) c = await keepDraftToStack(ctx, "party/p4/constitution/stack-guard", guard, sections, c);
      if (!c) await ctx.rt.emit("party/p4/constitution/missing", missingEvents(ctx.personas, "party", [ARTIFACT_PATHS.constitution]));
      await skillsAndScaffold(ctx, "party", "party/p4", 4, sections, stack, docs.arch || undefined);
      await keepToStack(ctx, "party/p4/stack-guard-governance", guard, [ARTIFACT_PATHS.skillReport, SCAFFOLD_PATH]);
      return { constitution: c, sections, arch: docs.arch || undefined };
    });
    const wt = await sequentialPhase(ctx, 5, async () => {
      if (constitution) await reviewConstitution(ctx, "party/p5/constitution", 5, party.title, sections, constitution);
      return walkthrough(ctx, "party/p5", { mode: "party", phase: 5, title: party.title, description: d, stack });
    }, { title: party.title, description: d, stack: `${stack.language.choice} · ${stack.framework.choice} · ${stack.database.choice}` });
    const completedAt = await ctx.rt.step("party/completed-at", async () => ({ output: new Date().toISOString() }));
    return {
      status: "completed",
      discoveryContext: discoveryContext({ completedAt, stack, architectureSummary: architectureSummary(wt.architecture ?? arch, stack), highPriorityGaps: wt.criticalPaths, permissionsReviewed: wt.permissionsReviewed, userNextAction: wt.userNextAction, iterationConfig: wt.iterationConfig }),
    };
  } catch (e) {
    if (e instanceof PhaseAbort) return e.outcome;
    throw e;
  }
}
