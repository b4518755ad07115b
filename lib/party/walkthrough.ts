// Walkthrough steps 2-4 (step 1, the constitution review, is in governance.ts), asked as
// one review: a single input request carries every step with its recommended choice, and
// one answer (Confirm, with the choices that differ) settles them all. Then each step acts,
// in order, and every choice does something visible: "walk me through it" walks through
// the architecture, "Apply recommended" / "Review each" record the permissions in the
// skill report (a new version), "Show me" lists the gaps, a customised iteration limit is
// recorded, and "Start a new feature" becomes a follow-up kickoff prefilled with this
// project. A note is folded into the document it concerns through the revision path, or
// answered by the orchestrator. Each step ends with a walkthrough-step event: the answer,
// what it did, and the actions it offers.
import { say, orchestratorMessage, type PartyContext } from "./agent-step";
import type { DiscoveryContext } from "./documents";
import type { NextStepAction, WalkthroughStep } from "../wire/events";
import { newKickoff } from "./next-step-actions";
import { PROMISED, SCAFFOLD_PATH } from "./promised-artifacts";
import { reviseArtifact, reviserOf, type RevisionMaterial } from "./revision";
import type { InputAnswer } from "./store";
import { ARTIFACT_PATHS, formatPersonMessages, type ProposalOutput } from "@inception-party/protocol";
import { ORCHESTRATOR, PERSON, type PhaseNumber, type Mode } from "../vocabulary";
import { parseWalkthroughAnswer, type WalkthroughReviewStep } from "../vocabulary/input-kinds";
import { ITERATION_DEFAULTS, ITERATION_LIMITS, recommendedChoices, WALKTHROUGH_CONFIRM, WALKTHROUGH_KEYS, WALKTHROUGH_STEPS, type WalkthroughChoices, type WalkthroughStepName } from "../vocabulary/walkthrough-review";

const PERMISSIONS: Record<string, { allow: string[]; review: string[] }> = {
  node: { allow: ["npm test", "npm run lint", "npm run build", "npx tsc --noEmit"], review: ["npm install *", "curl *"] },
  python: { allow: ["pytest", "python -m mypy", "ruff check ."], review: ["pip install *", "curl *"] },
  go: { allow: ["go test ./...", "go vet ./..."], review: ["go get *", "curl *"] },
  other: { allow: ["make test", "make lint"], review: ["curl *"] },
};

function family(stack: ProposalOutput): keyof typeof PERMISSIONS {
  const l = `${stack.language.choice} ${stack.runtime}`.toLowerCase();
  if (/typescript|javascript|node|bun|deno/.test(l)) return "node";
  if (/python/.test(l)) return "python";
  if (/\bgo\b|golang/.test(l)) return "go";
  return "other";
}

export interface WalkthroughInput {
  mode: Mode;
  phase: PhaseNumber;
  title: string;
  description: string;
  stack: ProposalOutput;
}

export interface WalkthroughResult {
  permissionsReviewed: boolean;
  userNextAction: string;
  iterationConfig?: DiscoveryContext["iteration_config"];
  criticalPaths: number;
  /** The architecture as the walkthrough left it (a correction may have revised it). */
  architecture?: string;
}

/** The body of a `## Title` section (numbered or not), up to the next `## `. */
export function sectionOf(markdown: string | undefined, title: string): string {
  const m = markdown?.split(new RegExp(`^##\\s+(?:\\d+\\.\\s*)?${title}\\s*$`, "m"))[1];
  return m?.split(/^##\s/m)[0].trim() ?? "";
}

const listLines = (section: string, max: number) => section.split("\n").filter((l) => /^\s*([-*]|\d+\.|\|(?!\s*-))/.test(l) && !/^\|\s*(name|component|entity)\s*\|/i.test(l)).slice(0, max);

export function criticalPathsOf(testStrategy: string | undefined): string[] {
  return listLines(sectionOf(testStrategy, "Critical Paths"), 40).map((l) => l.replace(/^\s*([-*]|\d+\.)\s*/, "").trim());
}

/** What is worth a second look: no database, two web frameworks, no CI, documents missing. */
export function concernsOf(stack: ProposalOutput, docs: Record<string, string>, missing: string[]): string[] {
  const out: string[] = [];
  if (/^(none|n\/a|no database)/i.test(stack.database.choice.trim())) out.push("No database is chosen: say where the data lives.");
  const frameworks = /\b(next\.?js|express|fastify|nestjs|django|flask|fastapi|rails|spring|laravel|gin|echo)\b/i;
  const extra = stack.additional.filter((a) => frameworks.test(a.choice) && a.choice !== stack.framework.choice);
  if (extra.length) out.push(`Two web frameworks: ${stack.framework.choice} and ${extra.map((a) => a.choice).join(", ")}.`);
  if (!sectionOf(docs[ARTIFACT_PATHS.testStrategy], "CI Integration") && !/\bCI\b/.test(docs[ARTIFACT_PATHS.architecture] ?? "")) out.push("No CI pipeline is described.");
  for (const path of missing) out.push(`${path} is missing: its agent failed (use "Write it now").`);
  return out;
}

/** The skill report with its permissions section added (or replaced). */
export function withPermissions(report: string, how: string, decisions: Array<{ command: string; allowed: boolean }>): string {
  const section = [
    "## Assistant Permissions",
    "",
    `Reviewed in the walkthrough (${how}). An AI assistant working on this project may run the allowed commands without asking; the others need a person's approval each time.`,
    "",
    "| Command | Decision |",
    "|---|---|",
    ...decisions.map((d) => `| \`${d.command.replaceAll("|", "\\|")}\` | ${d.allowed ? "allowed" : "ask first"} |`),
  ].join("\n");
  const without = report.replace(/\n## Assistant Permissions\n[\s\S]*?(?=\n## |\s*$)/, "").trimEnd();
  return `${without}\n\n${section}\n`;
}

export const REVIEW_TITLE = "Walkthrough — review and confirm";

const TITLES: Record<WalkthroughStepName, string> = {
  architecture: "Step 2 — Architecture & stack review",
  permissions: "Step 2.5 — Permission audit",
  coverage: "Step 3 — Test coverage gaps",
  iteration: "Step 3.5 — Iteration configuration",
  next: "Step 4 — What next?",
};

/** A list line as plain text (the review shows it as text, in the browser and the terminal). */
const plainText = (s: string) => s.replace(/\*\*([^*]+)\*\*|__([^_]+)__|`([^`]+)`/g, "$1$2$3");

/** The review's steps: what each shows, its options (the seed's, in its order) and the recommended one. */
export function reviewSteps(stack: ProposalOutput, concerns: string[], perms: { allow: string[]; review: string[] }, criticalPaths: string[]): WalkthroughReviewStep[] {
  const K = WALKTHROUGH_KEYS;
  const d = ITERATION_DEFAULTS;
  return [
    {
      step: "architecture",
      title: TITLES.architecture,
      meaning: "How your product will be built, in plain words: the parts, where the data lives, and anything that looks risky.",
      body: `Stack: ${stack.language.choice} · ${stack.framework.choice} · ${stack.database.choice}\nPattern: ${stack.architecture_pattern}`,
      concerns,
      options: [
        { key: K.architecture.walk, label: "Yes, walk me through it" },
        { key: K.architecture.skip, label: "Skip" },
      ],
      recommended: K.architecture.walk,
      note: { label: "Corrections to the architecture", effect: "The architecture designer revises the architecture overview with them (a new version)." },
    },
    {
      step: "permissions",
      title: TITLES.permissions,
      meaning: "Which routine developer commands an AI coding assistant may run on its own, and which need a person's OK each time.",
      body: "Allowed commands run without asking; the others wait for a person's approval each time. The decisions are recorded in the skill report.",
      commands: [...perms.allow.map((command) => ({ command, recommended: "allow" as const })), ...perms.review.map((command) => ({ command, recommended: "ask" as const }))],
      options: [
        { key: K.permissions.recommended, label: "Apply recommended" },
        { key: K.permissions.review, label: "Review each" },
        { key: K.permissions.skip, label: "Skip" },
      ],
      recommended: K.permissions.recommended,
      note: { label: "A note on the permissions", effect: "The skills researcher folds it into the skill report." },
    },
    {
      step: "coverage",
      title: TITLES.coverage,
      meaning: "The user journeys that must be tested before launch. A new project has no tests yet, so these are the gaps to close first.",
      body: `Targets: unit >= 80%, integration >= 70%, critical paths 100%. ${criticalPaths.length} critical path(s) from the test strategy.`,
      criticalPaths: criticalPaths.map(plainText),
      planTests: { label: "Plan the tests for these critical paths next", recommended: criticalPaths.length > 0 },
      options: [
        { key: K.coverage.show, label: "Show me" },
        { key: K.coverage.skip, label: "Skip" },
      ],
      recommended: K.coverage.show,
      note: { label: "A note on the tests", effect: "The test strategist folds it into the test strategy." },
    },
    {
      step: "iteration",
      title: TITLES.iteration,
      meaning: "How many times an AI assistant may retry building and testing a feature before it stops and asks a person.",
      body: `Implement-test loop limits: implementation ${d.implementation}, testing ${d.testing}, circuit breaker after ${d.circuit_breaker} identical failures, then pause for you.`,
      defaults: d,
      limits: ITERATION_LIMITS,
      options: [
        { key: K.iteration.defaults, label: "Keep defaults" },
        { key: K.iteration.customize, label: "Customize" },
      ],
      recommended: K.iteration.defaults,
      note: null,
    },
    {
      step: "next",
      title: TITLES.next,
      meaning: "What happens after this kickoff: start on the next feature with this project's context, or stop here.",
      body: "Your project is set up.",
      options: [
        { key: K.next.feature, label: "Start a new feature" },
        { key: K.next.done, label: "I'm done for now" },
      ],
      recommended: K.next.feature,
      note: { label: "A question or note for the team", effect: "The orchestrator answers it." },
    },
  ];
}

/**
 * The answers a log from before the review gave, one request per step, for the steps it
 * recorded (what the party's result needs of them; their actions are done).
 */
async function legacyChoices(ctx: PartyContext, key: string, recorded: ReadonlySet<WalkthroughStepName>): Promise<WalkthroughChoices> {
  const answer = async (k: string) => ((await ctx.rt.store.getCheckpoint(ctx.rt.partyId, `${key}/${k}/answer`))?.output ?? null) as InputAnswer | null;
  const out: WalkthroughChoices = {};
  for (const s of recorded) {
    const a = await answer(s);
    const choice = a?.selection ?? "1";
    if (s === "architecture" || s === "next") out[s] = { choice, note: null };
    if (s === "permissions") out.permissions = { choice, commands: {}, note: null };
    if (s === "coverage") out.coverage = { choice, planTests: (await answer("coverage/plan"))?.selection === "1", note: null };
    if (s === "iteration") {
      // It took three numbers as text, clamped to the limits.
      const [i, t, c] = (a?.text ?? "").match(/\d+/g)?.map(Number) ?? [];
      const clamp = (v: number | undefined, max: number, d: number) => (v && v >= 1 ? Math.min(v, max) : d);
      const L = ITERATION_LIMITS;
      const D = ITERATION_DEFAULTS;
      out.iteration = { choice, config: choice === WALKTHROUGH_KEYS.iteration.customize ? { implementation: clamp(i, L.implementation, D.implementation), testing: clamp(t, L.testing, D.testing), circuit_breaker: clamp(c, L.circuit_breaker, D.circuit_breaker) } : null };
    }
  }
  return out;
}

/** The review as plain lines, for readers without the details (the API, the command line's log). */
function reviewBody(steps: WalkthroughReviewStep[]): string {
  return [
    "Each step has its recommended choice; Confirm applies them all.",
    ...steps.map((s) => `${s.title}: ${s.options.find((o) => o.key === s.recommended)?.label ?? s.recommended}`),
  ].join("\n");
}

export async function walkthrough(ctx: PartyContext, key: string, w: WalkthroughInput): Promise<WalkthroughResult> {
  const { rt } = ctx;

  const ALL = [...PROMISED[w.mode].map((p) => p.path), SCAFFOLD_PATH];
  /** Documents as they are now (a revision may have changed one while the party waited): a checkpointed read. */
  const read = async (k: string, paths: readonly string[]) =>
    rt.step(`${key}/${k}/read`, async () => {
      const out: Record<string, { content: string; version: number; producer: string; title: string; phase: number }> = {};
      for (const path of paths) {
        const a = await rt.store.getArtifact(rt.partyId, path);
        if (a) out[path] = { content: a.content, version: a.version, producer: a.producer, title: a.title, phase: a.phase };
      }
      return { output: out };
    });
  const material = (docs: Awaited<ReturnType<typeof read>>): RevisionMaterial => ({
    mode: w.mode,
    title: w.title,
    description: w.description,
    techStack: JSON.stringify(w.stack, null, 2),
    artifacts: Object.fromEntries(Object.entries(docs).map(([p, d]) => [p, d.content])),
  });

  /** A note folded into the document it concerns, by that document's producer (a revision). */
  const fold = async (step: string, path: string, note: string): Promise<string | null> => {
    const docs = await read(`${step}/fold`, ALL);
    const doc = docs[path];
    if (!doc) return null;
    const revisionId = `walkthrough-${step}-${path.split("/").pop()!.replace(/\.md$/, "")}`;
    const r = await reviseArtifact(
      ctx,
      { revisionId, key: `${key}/${step}/revise`, artifactPath: path, title: doc.title, agent: reviserOf(doc.producer), phase: doc.phase, feedback: note, baseVersion: doc.version, missing: false, onDemand: false, source: "walkthrough" },
      material(docs),
    );
    return r.status === "completed" ? revisionId : null;
  };

  /** A note that concerns no document, answered by the orchestrator. */
  const answerNote = (step: string, requestId: string, note: string) =>
    say(ctx, {
      key: `${key}/${step}/reply`,
      agent: ORCHESTRATOR,
      phase: w.phase,
      task: "room.reply",
      sections: { project_title: w.title, project_description: w.description, tech_stack: JSON.stringify(w.stack, null, 2), person_messages: formatPersonMessages([{ to: "Orchestrator", text: note }]) },
      recipient: PERSON,
      type: "message",
      replyTo: [requestId],
    });

  const narrate = (step: string, content: string, summary: string) => rt.emit(`${key}/${step}/say`, orchestratorMessage(ctx, `${key}/${step}/say`, w.phase, PERSON, "WALKTHROUGH", content, summary));

  // ---- What the review shows ----
  let docs = await read("architecture", ALL.filter((p) => p !== SCAFFOLD_PATH));
  const missing = PROMISED[w.mode].filter((p) => !docs[p.path]).map((p) => p.path);
  const concerns = concernsOf(w.stack, Object.fromEntries(Object.entries(docs).map(([p, d]) => [p, d.content])), missing);
  const perms = PERMISSIONS[family(w.stack)];
  const paths = criticalPathsOf(docs[ARTIFACT_PATHS.testStrategy]?.content);
  const steps = reviewSteps(w.stack, concerns, perms, paths);
  const stepOf = <S extends WalkthroughStepName>(name: S) => steps.find((s): s is Extract<WalkthroughReviewStep, { step: S }> => s.step === name)!;
  const labelOf = (name: WalkthroughStepName, k: string) => stepOf(name).options.find((o) => o.key === k)?.label ?? null;

  // A step already recorded is not asked or done again: a party whose log began the
  // walkthrough one request per step (before the review existed), or a run resumed after
  // some steps acted.
  const recorded = new Set<WalkthroughStepName>();
  for (const s of WALKTHROUGH_STEPS) if ((await rt.store.getCheckpoint(rt.partyId, `${key}/${s}/record`))?.status === "completed") recorded.add(s);
  const open = steps.filter((s) => !recorded.has(s.step));
  const reviewKey = `${key}/review`;
  const requestId = rt.id("req", reviewKey);
  const legacy = recorded.size ? await legacyChoices(ctx, key, recorded) : {};
  let asked: WalkthroughChoices = {};
  if (open.length) {
    const answer = await rt.input(reviewKey, {
      kind: "walkthrough",
      title: REVIEW_TITLE,
      body: reviewBody(open),
      options: [{ ...WALKTHROUGH_CONFIRM }],
      allowsText: true,
      details: { step: "review", steps: open },
    });
    // The API checked the answer against these steps; one that no longer parses (a log
    // from another version) takes the recommendations rather than stopping the party.
    const parsed = parseWalkthroughAnswer(steps, answer.text);
    asked = parsed.success ? parsed.data : recommendedChoices(steps);
  }
  const choices: WalkthroughChoices = Object.fromEntries(WALKTHROUGH_STEPS.map((s) => [s, recorded.has(s) ? legacy[s] : asked[s]]));

  const record = (step: WalkthroughStepName, selection: string, text: string | null, r: Omit<WalkthroughStep, "step" | "title" | "requestId" | "selection" | "choice" | "text">) =>
    rt.emit(`${key}/${step}/record`, [{ type: "walkthrough-step", data: { step, title: TITLES[step], requestId, selection, choice: labelOf(step, selection), text, ...r } }]);
  const K = WALKTHROUGH_KEYS;

  // ---- Step 2: architecture & stack review ----
  const arch = choices.architecture;
  if (arch && !recorded.has("architecture")) {
    const walked = arch.choice === K.architecture.walk;
    if (walked) {
      const a = docs[ARTIFACT_PATHS.architecture]?.content;
      const layers = listLines(sectionOf(a, "Components"), 10);
      const entities = listLines(sectionOf(docs[ARTIFACT_PATHS.dataModel]?.content, "Entities"), 10);
      await narrate(
        "architecture",
        [
          "WALKTHROUGH — ARCHITECTURE & STACK",
          "",
          `Pattern: ${w.stack.architecture_pattern}`,
          `Language: ${w.stack.language.choice} — ${w.stack.language.rationale}`,
          `Framework: ${w.stack.framework.choice} — ${w.stack.framework.rationale}`,
          `Database: ${w.stack.database.choice} — ${w.stack.database.rationale}`,
          "",
          "Layers and components:",
          ...(layers.length ? layers : ["- (the architecture overview lists none)"]),
          "",
          "Data model:",
          ...(entities.length ? entities : ["- (no data model yet)"]),
          "",
          "Concerns:",
          ...(concerns.length ? concerns.map((c) => `- ${c}`) : ["- None found."]),
        ].join("\n"),
        "Walkthrough of the architecture and stack",
      );
    }
    const archRevision = arch.note ? await fold("architecture", ARTIFACT_PATHS.architecture, arch.note) : null;
    await record("architecture", arch.choice, arch.note, {
      outcome: walked ? `Walked through the architecture${archRevision ? "; your corrections revised the architecture overview" : ""}.` : `Skipped${archRevision ? "; your note revised the architecture overview" : ""}.`,
      record: { walkedThrough: walked, corrections: arch.note, concerns },
      revisions: archRevision ? [archRevision] : [],
      actions: [],
    });
  }

  // ---- Step 2.5: permission audit ----
  const audit = choices.permissions;
  const permissionsReviewed = audit?.choice !== K.permissions.skip;
  if (audit && !recorded.has("permissions")) {
    const how = audit.choice === K.permissions.recommended ? "recommended" : audit.choice === K.permissions.review ? "reviewed" : "skipped";
    const decisions =
      how === "skipped"
        ? []
        : stepOf("permissions").commands.map((c) => ({ command: c.command, allowed: (how === "reviewed" ? (audit.commands[c.command] ?? c.recommended) : c.recommended) === "allow" }));
    docs = await read("permissions", [ARTIFACT_PATHS.skillReport]);
    const revisions: string[] = [];
    const report = docs[ARTIFACT_PATHS.skillReport];
    if (decisions.length && report) {
      await rt.emit(`${key}/permissions/write`, [
        {
          type: "artifact-write",
          data: {
            path: ARTIFACT_PATHS.skillReport,
            title: report.title,
            producer: report.producer,
            phase: report.phase,
            content: withPermissions(report.content, how === "recommended" ? "recommended set applied" : "reviewed one by one", decisions),
            version: report.version + 1,
            reason: how === "recommended" ? "Walkthrough: the recommended permissions were applied." : "Walkthrough: permissions reviewed one by one.",
          },
        },
      ]);
    }
    if (audit.note) {
      const r = await fold("permissions", ARTIFACT_PATHS.skillReport, audit.note);
      if (r) revisions.push(r);
      else await answerNote("permissions", requestId, audit.note);
    }
    await record("permissions", audit.choice, audit.note, {
      outcome:
        how === "skipped"
          ? "Skipped: no permissions were recorded."
          : `${decisions.filter((d) => d.allowed).length} command(s) allowed, ${decisions.filter((d) => !d.allowed).length} to ask first${report ? ", recorded in the skill report" : " (no skill report to record them in)"}.`,
      record: { audit: how, decisions },
      revisions,
      actions: report && decisions.length ? [{ label: "Open the skill report", action: "open-artifact", params: { path: ARTIFACT_PATHS.skillReport } }] : [],
    });
  }

  // ---- Step 3: test coverage gaps ----
  const cov = choices.coverage;
  const planTests = Boolean(cov?.planTests);
  const planAction: NextStepAction = {
    label: "Plan tests for the critical paths",
    action: "revise",
    params: { artifactPath: ARTIFACT_PATHS.testStrategy, feedback: `Plan the tests for each critical path: name each test, its level (unit, integration or e2e) and its data.${paths.length ? ` The critical paths: ${paths.join("; ")}` : ""}`.slice(0, 3900) },
  };
  if (cov && !recorded.has("coverage")) {
    const shown = cov.choice === K.coverage.show;
    if (shown) {
      await narrate("coverage", ["WALKTHROUGH — TEST COVERAGE GAPS", "", "Targets: unit >= 80%, integration >= 70%, critical paths 100%. Coverage today: 0%.", "", "Critical paths to cover first:", ...(paths.length ? paths.map((p, i) => `${i + 1}. ${p}`) : ["- The test strategy names none."])].join("\n"), "The critical paths to cover first");
    }
    const covRevision = cov.note ? await fold("coverage", ARTIFACT_PATHS.testStrategy, cov.note) : null;
    await record("coverage", cov.choice, cov.note, {
      outcome: shown ? `Showed ${paths.length} critical path(s)${planTests ? "; planning tests is the next step" : ""}.` : "Skipped.",
      record: { shown, criticalPaths: paths, planTestsNext: planTests },
      revisions: covRevision ? [covRevision] : [],
      actions: planTests ? [planAction] : [],
    });
  }

  // ---- Step 3.5: iteration configuration ----
  const iter = choices.iteration;
  const iterationConfig: WalkthroughResult["iterationConfig"] = iter?.choice === K.iteration.customize ? (iter.config ?? ITERATION_DEFAULTS) : undefined;
  if (iter && !recorded.has("iteration")) {
    await record("iteration", iter.choice, null, {
      outcome: iterationConfig
        ? `Iteration limits set: implementation ${iterationConfig.implementation}, testing ${iterationConfig.testing}, circuit breaker ${iterationConfig.circuit_breaker}.`
        : `Kept the defaults: implementation ${ITERATION_DEFAULTS.implementation}, testing ${ITERATION_DEFAULTS.testing}, circuit breaker ${ITERATION_DEFAULTS.circuit_breaker}.`,
      record: { customized: !!iterationConfig, config: iterationConfig ?? ITERATION_DEFAULTS },
      revisions: [],
      actions: [],
    });
  }

  // ---- Step 4: smart next steps ----
  const next = choices.next;
  const feature = next?.choice !== K.next.done;
  if (next && !recorded.has("next")) {
    if (next.note) await answerNote("next", requestId, next.note);
    const stackLine = `${w.stack.language.choice} · ${w.stack.framework.choice} · ${w.stack.database.choice}`;
    const kickoff: NextStepAction = { label: "Start a new feature", action: "new-kickoff", params: newKickoff({ title: w.title, description: w.description, stack: stackLine }) };
    await record("next", next.choice, next.note, {
      outcome: feature ? "Next: a new feature — a follow-up kickoff prefilled with this project." : "Done for now.",
      record: { userNextAction: feature ? "feature" : "done" },
      revisions: [],
      actions: [...(feature ? [kickoff] : []), ...(planTests ? [planAction] : []), { label: "Download the bundle", action: "download", params: { target: "bundle" } }],
    });
  }

  const final = await read("done", [ARTIFACT_PATHS.architecture]);
  return {
    permissionsReviewed,
    userNextAction: feature ? "feature" : "done",
    iterationConfig,
    criticalPaths: paths.length,
    architecture: final[ARTIFACT_PATHS.architecture]?.content,
  };
}
