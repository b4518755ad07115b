// Classic mode (docs/protocols.md, "Classic mode"): one agent at a time
// through eight phases, the person asked where marked, ending in the same shared exit
// as party mode (the same artifact set plus the PRD, and a discovery_context with the
// same keys and types). Step keys start with `classic/` so a run that falls back from
// party mode never meets a party-mode checkpoint.
//
// There is no team to degrade to: when the phase's agent fails twice (say
// returns null) the person chooses [1] retry or [2] cancel. The retry re-runs the failed
// turn under a new key; earlier turns of the phase and the person's answers stand.
import { withProvenance } from "./provenance";
import { say, type AgentCall, type PartyContext } from "./agent-step";
import { architectureSummary, briefMarkdown, discoveryContext } from "./documents";
import { draftConstitution, reviewConstitution, skillsAndScaffold } from "./governance";
import { currentText, type ModeOutcome } from "./party-mode";
import { personMessages, readRemarks, spawnEvents } from "./phase-common";
import { groupQuestions } from "./phase-vision";
import { agentInfo } from "./roster";
import { STACK_OPTIONS, stackCard } from "./stack-card";
import type { PartyRecord } from "./store";
import { walkthrough } from "./walkthrough";
import { nextStepActions, type ProjectContext } from "./next-step-actions";
import { completionNextSteps, phaseEndNextSteps } from "../next-steps";
import { CLASSIC_PHASES, phaseNames } from "../vocabulary";
import { ARTIFACT_KINDS, ARTIFACT_PATHS, type ArtifactKind, type ProposalOutput, type Sections, type TaskKey, type TaskOutput } from "@inception-party/protocol";
import { ORCHESTRATOR, PERSON, type PhaseNumber } from "../vocabulary";

const BLUEPRINT_KINDS: ArtifactKind[] = ["architecture-overview", "data-model", "test-strategy-outline"];

export function classicWelcome(title: string): string {
  return [
    `Welcome to Classic mode for "${title}". One specialist at a time takes your project through eight phases:`,
    "",
    ...CLASSIC_PHASES.map((p) => `  [ ] Phase ${p.number} — ${p.name}`),
    "",
    "You will be asked where your input is needed: the vision questions, the tech stack, the constitution and the walkthrough.",
  ].join("\n");
}

class ClassicAbort extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "ClassicAbort";
  }
}

class ClassicPhase {
  messages = 0;

  constructor(
    readonly ctx: PartyContext,
    readonly n: PhaseNumber,
  ) {}

  get agent(): string | null {
    return CLASSIC_PHASES[this.n - 1].agent;
  }

  get name(): string {
    return CLASSIC_PHASES[this.n - 1].name;
  }

  key(s: string): string {
    return `classic/p${this.n}/${s}`;
  }

  start(): Promise<void> {
    const agents = this.agent ? [this.agent] : [];
    return this.ctx.rt.emit(this.key("start"), [
      { type: "phase-start", data: { phase: this.n, name: this.name, agents } },
      { type: "party-status", data: { status: "in_progress", currentPhase: this.n } },
      ...spawnEvents(this.ctx, this.n, agents),
    ]);
  }

  /** `project`: what the last phase's "Start a new feature" button prefills a follow-up kickoff with. */
  end(project?: ProjectContext): Promise<void> {
    const nextSteps = this.n === CLASSIC_PHASES.length ? completionNextSteps() : phaseEndNextSteps({ mode: "classic", phaseNumber: this.n, phaseNames: phaseNames("classic") });
    return this.ctx.rt.emit(this.key("end"), [
      ...(this.agent ? [{ type: "agent-shutdown" as const, data: { agent: this.agent, phase: this.n } }] : []),
      { type: "phase-end", data: { phase: this.n, name: this.name, status: "completed", messages: this.messages, nextSteps, nextStepActions: nextStepActions(nextSteps, project) } },
    ]);
  }

  /** Runs `attempt` until it yields a result, asking the person after each double failure. */
  async retrying<T>(key: string, attempt: (key: string) => Promise<T | null>): Promise<T> {
    for (let round = 1; ; round++) {
      const k = round === 1 ? key : `${key}/again-${round}`;
      const r = await attempt(k);
      if (r !== null) return r;
      await this.failureMenu(k);
    }
  }

  /**
   * One turn of this phase's agent under the failure policy of say. Classic mode has no
   * room: what the person said since the last turn is answered first (a reply turn), and
   * every turn reads all they said so far.
   */
  async say<K extends TaskKey>(call: Omit<AgentCall<K>, "phase" | "agent">): Promise<{ output: TaskOutput<K>; content: string }> {
    const agent = this.agent!;
    const heard = (await readRemarks(this.ctx, `${call.key}/room`)).filter((m) => m.phase !== null && m.phase <= this.n);
    const remarks: Sections = heard.length ? { person_remarks: personMessages(this.ctx, heard) } : {};
    const open = heard.filter((m) => m.answeredBy.length === 0);
    if (open.length) {
      await this.retrying(`${call.key}/reply`, (key) =>
        say(this.ctx, { key, agent, phase: this.n, task: "room.reply", sections: { ...call.sections, ...remarks, person_messages: personMessages(this.ctx, open) }, recipient: PERSON, type: "message", replyTo: open.map((m) => m.messageId) }),
      );
    }
    return this.retrying(call.key, async (key) => {
      const r = await say(this.ctx, { ...call, sections: { ...call.sections, ...remarks }, key, agent, phase: this.n });
      if (r && call.type !== "work") this.messages++;
      return r;
    });
  }

  private async failureMenu(key: string): Promise<void> {
    const { name, title } = agentInfo(this.ctx.personas, this.agent ?? ORCHESTRATOR);
    const heading = `The ${name}${title && title !== name ? ` (${title})` : ""} encountered errors in Phase ${this.n} — ${this.name}.`;
    const choice = await this.ctx.rt.input(`${key}/failure-menu`, {
      kind: "phase_failure",
      title: heading,
      body: `${heading}\n\n[1] Retry phase — run the ${name} again\n[2] Cancel — abort discovery\n\nEnter selection (1-2):`,
      options: [
        { key: "1", label: `Retry phase — run the ${name} again` },
        { key: "2", label: "Cancel — abort discovery" },
      ],
      allowsText: false,
      details: { phase: this.n, name: this.name, agent: this.agent },
    });
    if (choice.selection !== "2") return;
    await this.ctx.rt.emit(`${key}/cancelled`, [
      ...(this.agent ? [{ type: "agent-shutdown" as const, data: { agent: this.agent, phase: this.n } }] : []),
      { type: "phase-end", data: { phase: this.n, name: this.name, status: "cancelled", messages: this.messages } },
    ]);
    throw new ClassicAbort(`Cancelled after the ${name} failed in ${this.name}.`);
  }
}

/** Phase 1: probing questions → the person's answers → the brief. */
async function projectVision(ctx: PartyContext, d: string) {
  const p = new ClassicPhase(ctx, 1);
  await p.start();
  const q = await p.say({ key: p.key("questions"), task: "classic.vision_questions", sections: { project_description: d }, recipient: ORCHESTRATOR, type: "message" });
  const { groups } = groupQuestions(ctx, [{ agent: p.agent!, output: q.output }]);
  const answer = await ctx.rt.input(p.key("answers"), {
    kind: "vision_questions",
    title: "PROJECT VISION — Questions from your product analyst",
    body: [
      "Your product analyst wants to understand your project:",
      "",
      ...groups.flatMap((g) => g.questions.map((x) => `  ${x.n}. ${x.text}`)),
      "",
      "Please answer these questions. You can respond to all at once.",
    ].join("\n"),
    options: [],
    allowsText: true,
    details: { groups: groups.map((g) => ({ agent: g.agent, name: g.name, title: g.title, questions: g.questions.map((x) => ({ n: x.n, text: x.text })) })) },
  });
  const userResponse = answer.text ?? "";
  const brief = await p.say({ key: p.key("brief"), task: "classic.brief", sections: { project_description: d, user_response: userResponse }, recipient: ORCHESTRATOR, type: "message" });
  const date = await ctx.rt.step(p.key("brief-date"), async () => ({ output: new Date().toISOString() }));
  const briefMd = briefMarkdown(brief.output, "Classic mode (Product Analyst, D7)", date);
  await ctx.rt.emit(p.key("write"), [{ type: "artifact-write", data: { path: ARTIFACT_PATHS.brief, title: "Project Brief", producer: p.agent!, phase: 1, content: withProvenance(ctx, p.agent!, briefMd) } }]);
  await p.end();
  return { userResponse, briefMd };
}

/** Phase 3: one recommendation; [C] revises it and shows it again until [Y]. */
async function techStack(ctx: PartyContext, base: Sections): Promise<ProposalOutput> {
  const p = new ClassicPhase(ctx, 3);
  await p.start();
  let stack = (await p.say({ key: p.key("proposal"), task: "classic.stack", sections: base, recipient: null, type: "message" })).output;
  for (let round = 1; ; round++) {
    const answer = await ctx.rt.input(p.key(`approve-${round}`), {
      kind: "stack_approval",
      title: round === 1 ? "TECH STACK RECOMMENDATION" : "TECH STACK RECOMMENDATION — revised for your changes",
      body: stackCard(stack, null, []),
      options: STACK_OPTIONS,
      allowsText: true,
      details: { stack, consensus: null, notes: [] },
    });
    if (answer.selection !== "C") break;
    const changed = await p.say({
      key: p.key(`changes-${round}`),
      task: "stack.user_changes",
      sections: { ...base, tech_stack: JSON.stringify(stack, null, 2), user_changes: answer.text ?? "" },
      recipient: null,
      type: "message",
    });
    stack = changed.output.proposal;
  }
  await p.end();
  return stack;
}

async function writeDocument(p: ClassicPhase, kind: ArtifactKind, sections: Sections): Promise<string> {
  const { path, title } = ARTIFACT_KINDS[kind];
  const r = await p.say({ key: p.key(kind), task: "classic.artifact", sections, recipient: null, type: "work", artifactPath: path });
  await p.ctx.rt.emit(p.key(`write-${kind}`), [{ type: "artifact-write", data: { path, title, producer: p.agent!, phase: p.n, content: withProvenance(p.ctx, p.agent!, r.output.markdown) } }]);
  return r.output.markdown;
}

export async function runClassicMode(ctx: PartyContext, party: PartyRecord): Promise<ModeOutcome> {
  await ctx.rt.emit("classic/setup", [
    {
      type: "task-create",
      data: { mode: "classic", tasks: CLASSIC_PHASES.map((t) => ({ number: t.number, name: t.name, subject: t.subject, activeForm: t.activeForm, maxMessages: t.maxMessages })) },
    },
    { type: "note", data: { kind: "info", phase: null, text: classicWelcome(party.title) } },
  ]);
  const d = party.description;
  try {
    const { userResponse, briefMd } = await projectVision(ctx, d);
    const known: Sections = { project_description: d, user_response: userResponse, project_brief: briefMd };

    // Phase 2: the research summary is passed on as a section, not written as a file.
    const p2 = new ClassicPhase(ctx, 2);
    await p2.start();
    const research = (await p2.say({ key: p2.key("research"), task: "classic.research", sections: known, recipient: ORCHESTRATOR, type: "message" })).content;
    await p2.end();

    const stack = await techStack(ctx, { ...known, research });
    // The person may have revised the brief while the stack approval waited.
    const brief = await currentText(ctx, "classic/p4/brief", ARTIFACT_PATHS.brief, briefMd);
    // Every later turn reads the person's own answers, not only the brief written from them.
    const planned: Sections = { project_description: d, ...(userResponse.trim() ? { user_response: userResponse } : {}), project_brief: brief, research, tech_stack: JSON.stringify(stack, null, 2) };

    const p4 = new ClassicPhase(ctx, 4);
    await p4.start();
    const prd = await writeDocument(p4, "prd", planned);
    await p4.end();

    // Phase 5: the same three documents as party mode's blueprint, one after the other.
    const p5 = new ClassicPhase(ctx, 5);
    await p5.start();
    const docs: Partial<Record<ArtifactKind, string>> = {};
    for (const kind of BLUEPRINT_KINDS) {
      const before = [prd, docs["architecture-overview"]].filter(Boolean).join("\n\n---\n\n");
      docs[kind] = await writeDocument(p5, kind, { ...planned, artifact_content: before });
    }
    await p5.end();
    const arch = docs["architecture-overview"];
    const governed: Sections = { ...planned, artifact_content: [prd, ...BLUEPRINT_KINDS.map((k) => docs[k])].filter(Boolean).join("\n\n---\n\n") };

    const p6 = new ClassicPhase(ctx, 6);
    await p6.start();
    const draft = await p6.retrying(p6.key("constitution-draft"), (key) => draftConstitution(ctx, key, 6, governed));
    await reviewConstitution(ctx, p6.key("constitution"), 6, party.title, governed, draft);
    await p6.end();

    // Phase 7: skills and scaffold (a failed skill report degrades to a warning, as in
    // party mode), then walkthrough steps 2-4 ("Step 7.5").
    const p7 = new ClassicPhase(ctx, 7);
    await p7.start();
    await skillsAndScaffold(ctx, "classic", "classic/p7", 7, governed, stack, arch);
    const wt = await walkthrough(ctx, "classic/p7/walkthrough", { mode: "classic", phase: 7, title: party.title, description: d, stack });
    await p7.end();

    const p8 = new ClassicPhase(ctx, 8);
    await p8.start();
    const completedAt = await ctx.rt.step("classic/completed-at", async () => ({ output: new Date().toISOString() }));
    const dc = discoveryContext({ completedAt, stack, architectureSummary: architectureSummary(wt.architecture ?? arch, stack), highPriorityGaps: wt.criticalPaths, permissionsReviewed: wt.permissionsReviewed, userNextAction: wt.userNextAction, iterationConfig: wt.iterationConfig });
    await ctx.rt.emit(p8.key("summary"), [{ type: "note", data: { kind: "info", phase: 8, text: completionSummary(stack) } }]);
    await p8.end({ title: party.title, description: d, stack: `${stack.language.choice} · ${stack.framework.choice} · ${stack.database.choice}` });
    return { status: "completed", discoveryContext: dc };
  } catch (e) {
    if (e instanceof ClassicAbort) return { status: "cancelled", reason: e.reason };
    throw e;
  }
}

function completionSummary(stack: ProposalOutput): string {
  return [
    "Discovery complete. Every phase is done:",
    "",
    ...CLASSIC_PHASES.map((p) => `  [x] Phase ${p.number} — ${p.name}`),
    "",
    `Stack: ${stack.language.choice} · ${stack.framework.choice} · ${stack.database.choice}`,
    `Documents: ${[ARTIFACT_PATHS.brief, ARTIFACT_PATHS.prd, ARTIFACT_PATHS.architecture, ARTIFACT_PATHS.dataModel, ARTIFACT_PATHS.testStrategy, ARTIFACT_PATHS.constitution].join(", ")}`,
  ].join("\n");
}
