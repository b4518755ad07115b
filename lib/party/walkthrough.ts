// Walkthrough steps 2-4 (step 1, the constitution review, is in governance.ts). Each step
// is an input request whose every choice does something visible: "walk me through it"
// walks through the architecture, "Apply recommended" / "Review each" record the
// permissions in the skill report (a new version), "Show me" lists the gaps, a
// customised iteration limit is recorded, and "Start a new feature" becomes a follow-up
// kickoff prefilled with this project. A free-text note is folded into the document it
// concerns through the revision path, or answered by the orchestrator. Each step ends
// with a walkthrough-step event: the answer, what it did, and the actions it offers.
import { say, orchestratorMessage, type PartyContext } from "./agent-step";
import type { DiscoveryContext } from "./documents";
import type { NextStepAction, WalkthroughStep } from "./events";
import { newKickoff } from "./next-step-actions";
import { PROMISED, SCAFFOLD_PATH } from "./promised-artifacts";
import { reviseArtifact, reviserOf, type RevisionMaterial } from "./revision";
import type { InputAnswer } from "./store";
import { ARTIFACT_PATHS } from "../protocol/artifacts";
import type { ProposalOutput } from "../protocol/outputs";
import { formatPersonMessages } from "../protocol/person-messages";
import { ORCHESTRATOR, PERSON, type PhaseNumber, type Mode } from "../vocabulary";

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

export async function walkthrough(ctx: PartyContext, key: string, w: WalkthroughInput): Promise<WalkthroughResult> {
  const { rt } = ctx;
  const ask = (k: string, req: Parameters<typeof rt.input>[1]) => rt.input(k, req).then((a) => ({ ...a, requestId: rt.id("req", k) }));

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

  const record = (step: WalkthroughStep["step"], title: string, a: InputAnswer & { requestId: string }, options: Array<{ key: string; label: string }>, r: Omit<WalkthroughStep, "step" | "title" | "requestId" | "selection" | "choice" | "text">) =>
    rt.emit(`${key}/${step}/record`, [
      { type: "walkthrough-step", data: { step, title, requestId: a.requestId, selection: a.selection, choice: options.find((o) => o.key === a.selection)?.label ?? null, text: a.text, ...r } },
    ]);

  // ---- Step 2: architecture & stack review ----
  let docs = await read("architecture", ALL.filter((p) => p !== SCAFFOLD_PATH));
  const missing = PROMISED[w.mode].filter((p) => !docs[p.path]).map((p) => p.path);
  const concerns = concernsOf(w.stack, Object.fromEntries(Object.entries(docs).map(([p, d]) => [p, d.content])), missing);
  const archOptions = [
    { key: "1", label: "Yes, walk me through it" },
    { key: "2", label: "Skip" },
  ];
  const arch = await ask(`${key}/architecture`, {
    kind: "walkthrough",
    title: "Step 2 — Architecture & stack review",
    body: `Stack: ${w.stack.language.choice} · ${w.stack.framework.choice} · ${w.stack.database.choice}\nPattern: ${w.stack.architecture_pattern}\n\nConcerns: ${concerns.length ? concerns.join(" ") : "none found."}\n\nA note you add here is folded into the architecture overview.`,
    options: archOptions,
    allowsText: true,
    details: { step: "architecture", concerns },
  });
  const notes: string[] = arch.text ? [arch.text] : [];
  if (arch.selection === "1") {
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
    const fix = await ask(`${key}/architecture/corrections`, {
      kind: "walkthrough",
      title: "Step 2 — Corrections",
      body: "Anything to correct in the architecture? Write it and the architecture designer revises the overview (a new version).",
      options: [
        { key: "1", label: "No corrections" },
        { key: "2", label: "I have corrections" },
      ],
      allowsText: true,
      details: { step: "architecture" },
    });
    if (fix.text) notes.push(fix.text);
  }
  const archRevision = notes.length ? await fold("architecture", ARTIFACT_PATHS.architecture, notes.join("\n\n")) : null;
  await record("architecture", "Step 2 — Architecture & stack review", arch, archOptions, {
    outcome: arch.selection === "1" ? `Walked through the architecture${archRevision ? "; your corrections revised the architecture overview" : ""}.` : `Skipped${archRevision ? "; your note revised the architecture overview" : ""}.`,
    record: { walkedThrough: arch.selection === "1", corrections: notes.length ? notes.join("\n\n") : null, concerns },
    revisions: archRevision ? [archRevision] : [],
    actions: [],
  });

  // ---- Step 2.5: permission audit ----
  const perms = PERMISSIONS[family(w.stack)];
  const permOptions = [
    { key: "1", label: "Apply recommended" },
    { key: "2", label: "Review each" },
    { key: "3", label: "Skip" },
  ];
  const audit = await ask(`${key}/permissions`, {
    kind: "walkthrough",
    title: "Step 2.5 — Permission audit",
    body: `Commands an assistant should be allowed to run for this stack:\n${perms.allow.map((p) => `  ${p}`).join("\n")}\n\nBroad ones to review: ${perms.review.join(", ")}\n\n[1] allows the first list and asks first for the broad ones; [2] asks you about each command. The decisions are recorded in the skill report.`,
    options: permOptions,
    allowsText: true,
    details: { step: "permissions", allow: perms.allow, review: perms.review },
  });
  let decisions: Array<{ command: string; allowed: boolean }> = [];
  if (audit.selection === "1") decisions = [...perms.allow.map((command) => ({ command, allowed: true })), ...perms.review.map((command) => ({ command, allowed: false }))];
  if (audit.selection === "2") {
    const all = [...perms.allow.map((c) => ({ c, recommended: true })), ...perms.review.map((c) => ({ c, recommended: false }))];
    for (const [i, { c, recommended }] of all.entries()) {
      const options = recommended
        ? [
            { key: "1", label: "Allow (recommended)" },
            { key: "2", label: "Ask first" },
          ]
        : [
            { key: "1", label: "Ask first (recommended)" },
            { key: "2", label: "Allow" },
          ];
      const one = await ask(`${key}/permissions/review-${i + 1}`, {
        kind: "walkthrough",
        title: `Step 2.5 — Permission ${i + 1} of ${all.length}`,
        body: `May an assistant run \`${c}\` without asking?`,
        options,
        allowsText: false,
        details: { step: "permissions", command: c, index: i + 1, of: all.length },
      });
      decisions.push({ command: c, allowed: recommended === (one.selection !== "2") });
    }
  }
  docs = await read("permissions", [ARTIFACT_PATHS.skillReport]);
  const revisions: string[] = [];
  const report = docs[ARTIFACT_PATHS.skillReport];
  if (decisions.length && report) {
    const version = report.version + 1;
    await rt.emit(`${key}/permissions/write`, [
      {
        type: "artifact-write",
        data: {
          path: ARTIFACT_PATHS.skillReport,
          title: report.title,
          producer: report.producer,
          phase: report.phase,
          content: withPermissions(report.content, audit.selection === "1" ? "recommended set applied" : "reviewed one by one", decisions),
          version,
          reason: audit.selection === "1" ? "Walkthrough: the recommended permissions were applied." : "Walkthrough: permissions reviewed one by one.",
        },
      },
    ]);
  }
  if (audit.text) {
    const r = await fold("permissions", ARTIFACT_PATHS.skillReport, audit.text);
    if (r) revisions.push(r);
    else await answerNote("permissions", audit.requestId, audit.text);
  }
  await record("permissions", "Step 2.5 — Permission audit", audit, permOptions, {
    outcome:
      audit.selection === "3"
        ? "Skipped: no permissions were recorded."
        : `${decisions.filter((d) => d.allowed).length} command(s) allowed, ${decisions.filter((d) => !d.allowed).length} to ask first${report ? ", recorded in the skill report" : " (no skill report to record them in)"}.`,
    record: { audit: audit.selection === "1" ? "recommended" : audit.selection === "2" ? "reviewed" : "skipped", decisions },
    revisions,
    actions: report && decisions.length ? [{ label: "Open the skill report", action: "open-artifact", params: { path: ARTIFACT_PATHS.skillReport } }] : [],
  });

  // ---- Step 3: test coverage gaps ----
  docs = await read("coverage", [ARTIFACT_PATHS.testStrategy]);
  const paths = criticalPathsOf(docs[ARTIFACT_PATHS.testStrategy]?.content);
  const covOptions = [
    { key: "1", label: "Show me" },
    { key: "2", label: "Skip" },
  ];
  const cov = await ask(`${key}/coverage`, {
    kind: "walkthrough",
    title: "Step 3 — Test coverage gaps",
    body: `Targets: unit >= 80%, integration >= 70%, critical paths 100%. A new project has no tests yet: ${paths.length} critical path(s) from the test strategy are the gaps to close first.\n\nA note you add here is folded into the test strategy.`,
    options: covOptions,
    allowsText: true,
    details: { step: "coverage", criticalPaths: paths },
  });
  let planTests = false;
  if (cov.selection === "1") {
    await narrate("coverage", ["WALKTHROUGH — TEST COVERAGE GAPS", "", "Targets: unit >= 80%, integration >= 70%, critical paths 100%. Coverage today: 0%.", "", "Critical paths to cover first:", ...(paths.length ? paths.map((p, i) => `${i + 1}. ${p}`) : ["- The test strategy names none."])].join("\n"), "The critical paths to cover first");
    const plan = await ask(`${key}/coverage/plan`, {
      kind: "walkthrough",
      title: "Step 3 — Plan tests next?",
      body: "Plan the tests for these critical paths as the next step?",
      options: [
        { key: "1", label: "Yes, plan tests next" },
        { key: "2", label: "Not now" },
      ],
      allowsText: false,
      details: { step: "coverage" },
    });
    planTests = plan.selection === "1";
  }
  const covRevision = cov.text ? await fold("coverage", ARTIFACT_PATHS.testStrategy, cov.text) : null;
  const planAction: NextStepAction = {
    label: "Plan tests for the critical paths",
    action: "revise",
    params: { artifactPath: ARTIFACT_PATHS.testStrategy, feedback: `Plan the tests for each critical path: name each test, its level (unit, integration or e2e) and its data.${paths.length ? ` The critical paths: ${paths.join("; ")}` : ""}`.slice(0, 3900) },
  };
  await record("coverage", "Step 3 — Test coverage gaps", cov, covOptions, {
    outcome: cov.selection === "1" ? `Showed ${paths.length} critical path(s)${planTests ? "; planning tests is the next step" : ""}.` : "Skipped.",
    record: { shown: cov.selection === "1", criticalPaths: paths, planTestsNext: planTests },
    revisions: covRevision ? [covRevision] : [],
    actions: planTests ? [planAction] : [],
  });

  // ---- Step 3.5: iteration configuration ----
  const iterOptions = [
    { key: "1", label: "Keep defaults (Recommended)" },
    { key: "2", label: "Customize" },
  ];
  const iter = await ask(`${key}/iteration`, {
    kind: "walkthrough",
    title: "Step 3.5 — Iteration configuration",
    body: "Implement-test loop limits: implementation 5, testing 5, circuit breaker after 3 identical failures, then pause for you.\nTo customize, choose [2] and write three numbers, e.g. 8, 6, 3 (1-20, 1-20, 1-10).",
    options: iterOptions,
    allowsText: true,
    details: { step: "iteration", defaults: { implementation: 5, testing: 5, circuit_breaker: 3 } },
  });
  let iterationConfig: WalkthroughResult["iterationConfig"];
  if (iter.selection === "2") {
    const [a, b, c] = (iter.text ?? "").match(/\d+/g)?.map(Number) ?? [];
    const clamp = (v: number | undefined, max: number, d: number) => (v && v >= 1 ? Math.min(v, max) : d);
    iterationConfig = { implementation: clamp(a, 20, 5), testing: clamp(b, 20, 5), circuit_breaker: clamp(c, 10, 3) };
  }
  await record("iteration", "Step 3.5 — Iteration configuration", iter, iterOptions, {
    outcome: iterationConfig ? `Iteration limits set: implementation ${iterationConfig.implementation}, testing ${iterationConfig.testing}, circuit breaker ${iterationConfig.circuit_breaker}.` : "Kept the defaults: implementation 5, testing 5, circuit breaker 3.",
    record: { customized: !!iterationConfig, config: iterationConfig ?? { implementation: 5, testing: 5, circuit_breaker: 3 } },
    revisions: [],
    actions: [],
  });

  // ---- Step 4: smart next steps ----
  const nextOptions = [
    { key: "1", label: "Start a new feature (Recommended)" },
    { key: "2", label: "I'm done for now" },
  ];
  const next = await ask(`${key}/next`, {
    kind: "walkthrough",
    title: "Step 4 — What next?",
    body: "Your project is set up. What would you like to do next? (A question or note you add here is answered.)",
    options: nextOptions,
    allowsText: true,
    details: { step: "next" },
  });
  if (next.text) await answerNote("next", next.requestId, next.text);
  const stackLine = `${w.stack.language.choice} · ${w.stack.framework.choice} · ${w.stack.database.choice}`;
  const feature: NextStepAction = { label: "Start a new feature", action: "new-kickoff", params: newKickoff({ title: w.title, description: w.description, stack: stackLine }) };
  await record("next", "Step 4 — What next?", next, nextOptions, {
    outcome: next.selection === "1" ? "Next: a new feature — a follow-up kickoff prefilled with this project." : "Done for now.",
    record: { userNextAction: next.selection === "1" ? "feature" : "done" },
    revisions: [],
    actions: [...(next.selection === "1" ? [feature] : []), ...(planTests ? [planAction] : []), { label: "Download the bundle", action: "download", params: { target: "bundle" } }],
  });

  const final = await read("done", [ARTIFACT_PATHS.architecture]);
  return {
    permissionsReviewed: audit.selection !== "3",
    userNextAction: next.selection === "1" ? "feature" : "done",
    iterationConfig,
    criticalPaths: paths.length,
    architecture: final[ARTIFACT_PATHS.architecture]?.content,
  };
}
