// Test support: prompts in the engine's format (header + tagged sections) and a
// driver that plays a whole party against the model, feeding each turn's output into
// the next turn's context the way the orchestrator does.
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Prompt } from "@ai-sdk/provider";
import { z } from "zod";
import {
  ARTIFACT_KINDS,
  TASKS,
  formatHeader,
  formatSections,
  type ProposalOutput,
  type Sections,
  type TaskKey,
} from "@inception-party/protocol";

export interface Scenario {
  name: string;
  description: string;
  answers: string;
  /** Terms the content must mention somewhere for this project. */
  expect: RegExp[];
}

export const SCENARIO_LIST: Scenario[] = [
  {
    name: "food-delivery",
    description: "A marketplace app that connects home cooks with neighbours who want to order home-made meals. Cooks list dishes with photos and pickup times; buyers pay in the app; the platform takes a 12% commission. Launching in Lisbon and Porto.",
    answers: "Buyers are office workers aged 25-45; cooks are often retirees who are not very technical. The main problem is trust: food safety and reliable pickup. Success is 500 weekly orders after three months. Payments by card and MB Way. Two full-stack developers, strong in React. Personal data of EU residents, so GDPR applies.",
    expect: [/GDPR/, /PCI DSS/, /Stripe/, /MB WAY/i],
  },
  {
    name: "clinic-triage",
    description: "A symptom triage assistant for a network of US urgent-care clinics: patients describe symptoms on a tablet in the waiting room, the system suggests a priority, and nurses confirm it. It must integrate with the clinics' existing EHR over HL7 FHIR.",
    answers: "",
    expect: [/HIPAA/, /FHIR/, /BAA|business associate/i],
  },
  {
    name: "multiplayer-quiz",
    description: "A live multiplayer quiz game for classrooms: a teacher starts a round, up to 40 students join from their phones with a code, questions appear in real time with a countdown, and a leaderboard updates after every answer.",
    answers: "",
    expect: [/WebSocket|real-time/i, /COPPA|GDPR Article 8|children/i, /leaderboard/i],
  },
  {
    name: "ops-runbooks",
    description: "An internal runbook tool for a 30-person SRE team: searchable runbooks in markdown, step checklists executed during incidents with timestamps, links to dashboards, and a post-incident timeline export.",
    answers: "",
    expect: [/SSO|OIDC|identity provider/i, /audit/i, /markdown/i],
  },
  {
    name: "dotfiles-cli",
    description: "A command-line tool that syncs dotfiles between a developer's machines through a private git repository, with per-machine overrides and a dry-run mode.",
    answers: "I'm a solo developer and I mostly write Go. It should work on macOS and Linux first, Windows later.",
    expect: [/Go\b/, /Cobra|binary/i, /keychain|checksum/i],
  },
  {
    name: "iot-fleet",
    description: "A dashboard for an IoT fleet of 2,000 refrigerated trucks in Germany and the Netherlands: sensors report temperature and GPS position every 30 seconds over MQTT, and dispatchers get alerts when a truck's cargo warms up.",
    answers: "We're a Python team of four. Alerts must reach dispatchers within a minute. Budget is tight, so managed services only where they save real work.",
    expect: [/MQTT/, /GDPR/, /certificate/i, /Python|FastAPI/],
  },
];

export function promptFor(task: TaskKey, agent: string, sections: Sections, artifact?: string): LanguageModelV4Prompt {
  return [
    { role: "system", content: `${formatHeader({ task, agent, artifact })}\n\nYou are ${agent} in an Inception Party. Answer from the context below.` },
    { role: "user", content: [{ type: "text", text: formatSections(sections) }] },
  ];
}

export function serializeCall(task: TaskKey, agent: string, sections: Sections, artifact?: string): LanguageModelV4CallOptions {
  const def = TASKS[task];
  return {
    prompt: promptFor(task, agent, sections, artifact),
    tools: [{ type: "function", name: def.tool, description: def.toolDescription, inputSchema: z.toJSONSchema(def.schema as z.ZodType) as never }],
    toolChoice: { type: "required" },
  };
}

/** Run the serialize step and return the parsed tool input. */
export async function serialize(model: LanguageModelV4, task: TaskKey, agent: string, sections: Sections, artifact?: string): Promise<unknown> {
  const r = await model.doGenerate(serializeCall(task, agent, sections, artifact));
  const call = r.content.find((c) => c.type === "tool-call");
  if (!call || call.type !== "tool-call") throw new Error(`no tool call for ${task}`);
  return JSON.parse(call.input);
}

function render(task: TaskKey, out: unknown): string {
  return (TASKS[task].render as (o: unknown) => string)(out);
}

/** The brief's list sections after the problem statement, in order: title and final-position field. */
const BRIEF_LISTS = [
  ["Target Users", "target_users"],
  ["Core Features", "core_features"],
  ["Scale & Constraints", "constraints"],
  ["Success Metrics", "success_metrics"],
  ["Industry Context", "industry_context"],
  ["Technical Considerations", "technical_considerations"],
  ["Risk Factors", "risks"],
] as const;

/** The engine's merge of the three final positions into the phase 1 brief. */
export function briefMarkdown(positions: Record<string, Record<string, unknown>>): string {
  const all = Object.values(positions);
  const list = (k: string) => [...new Set(all.flatMap((p) => (p[k] as string[] | undefined) ?? []))];
  const b = (xs: string[]) => xs.map((x) => `- ${x}`).join("\n");
  return [
    "# Project Brief",
    "",
    "**Generated by**: Inception Party (3-agent Vision Council)",
    "",
    "## 1. Problem Statement",
    String(positions.nadia?.project_vision ?? all[0]?.project_vision ?? ""),
    ...BRIEF_LISTS.flatMap(([title, field], i) => [`## ${i + 2}. ${title}`, b(list(field))]),
  ].join("\n\n");
}

export interface PartyRun {
  outputs: Partial<Record<string, unknown>>;
  brief: string;
  techStack: ProposalOutput;
  artifacts: Record<string, string>;
}

const msg = (from: string, to: string | undefined, body: string) => `FROM ${from.toUpperCase()}${to ? ` → ${to.toUpperCase()}` : ""}:\n${body}`;

/** Plays every task once for a scenario, in party order, and returns all outputs. */
export async function runScenario(model: LanguageModelV4, s: Scenario): Promise<PartyRun> {
  const outputs: Record<string, unknown> = {};
  const base: Sections = { project_description: s.description };
  const vision = ["nadia", "oscar", "tessa"];
  for (const a of vision) outputs[`vision.questions/${a}`] = await serialize(model, "vision.questions", a, base);
  const answered: Sections = { ...base, user_response: s.answers || undefined };
  const interp: string[] = [];
  for (const a of vision) {
    const o = (await serialize(model, "vision.interpretation", a, { ...answered, conversation: interp.join("\n\n") || undefined })) as { cross_question: { to: string } };
    outputs[`vision.interpretation/${a}`] = o;
    interp.push(msg(a, o.cross_question.to, render("vision.interpretation", o)));
  }
  const positions: Record<string, Record<string, unknown>> = {};
  for (const a of vision) {
    positions[a] = (await serialize(model, "vision.final_position", a, { ...answered, conversation: interp.join("\n\n") })) as Record<string, unknown>;
    outputs[`vision.final_position/${a}`] = positions[a];
  }
  const brief = briefMarkdown(positions);
  const phase2: Sections = { ...base, project_brief: brief };
  const conv: string[] = [];
  const proposal = await serialize(model, "stack.proposal", "liam", phase2);
  outputs["stack.proposal/liam"] = proposal;
  conv.push(msg("liam", undefined, render("stack.proposal", proposal)));
  const sec = await serialize(model, "stack.security_critique", "zara", { ...phase2, conversation: conv.join("\n\n") });
  outputs["stack.security_critique/zara"] = sec;
  conv.push(msg("zara", "liam", render("stack.security_critique", sec)));
  const ops = await serialize(model, "stack.ops_critique", "felix", { ...phase2, conversation: conv.join("\n\n") });
  outputs["stack.ops_critique/felix"] = ops;
  conv.push(msg("felix", "liam", render("stack.ops_critique", ops)));
  const revised = (await serialize(model, "stack.revised_proposal", "liam", { ...phase2, conversation: conv.join("\n\n") })) as { proposal: ProposalOutput };
  outputs["stack.revised_proposal/liam"] = revised;
  conv.push(msg("liam", undefined, render("stack.revised_proposal", revised)));
  for (const a of ["liam", "zara", "felix"]) outputs[`stack.position/${a}`] = await serialize(model, "stack.position", a, { ...phase2, conversation: conv.join("\n\n") });
  const techStack = revised.proposal;
  outputs["stack.user_changes/liam"] = await serialize(model, "stack.user_changes", "liam", { ...phase2, tech_stack: JSON.stringify(techStack), user_changes: "Use MySQL instead of PostgreSQL." });

  const phase3: Sections = { ...phase2, tech_stack: JSON.stringify(techStack) };
  const owners: Record<string, keyof typeof ARTIFACT_KINDS> = { architect: "architecture-overview", data_modeler: "data-model", test_strategist: "test-strategy-outline" };
  const artifacts: Record<string, string> = {};
  for (const [agent, kind] of Object.entries(owners)) {
    const o = (await serialize(model, "blueprint.produce", agent, phase3, ARTIFACT_KINDS[kind].path)) as { markdown: string };
    outputs[`blueprint.produce/${agent}`] = o;
    artifacts[kind] = o.markdown;
    outputs[`blueprint.summary/${agent}`] = await serialize(model, "blueprint.summary", agent, { ...phase3, artifact_content: o.markdown }, ARTIFACT_KINDS[kind].path);
  }
  const reviews: [string, keyof typeof ARTIFACT_KINDS, string][] = [
    ["architect", "data-model", "data_modeler"],
    ["data_modeler", "test-strategy-outline", "test_strategist"],
    ["test_strategist", "architecture-overview", "architect"],
  ];
  for (const [reviewer, kind, author] of reviews) {
    const review = await serialize(model, "blueprint.review", reviewer, { ...phase3, artifact_content: artifacts[kind] }, ARTIFACT_KINDS[kind].path);
    outputs[`blueprint.review/${reviewer}`] = review;
    const fin = (await serialize(model, "blueprint.finalize", author, { ...phase3, artifact_content: artifacts[kind], review_feedback: render("blueprint.review", review) }, ARTIFACT_KINDS[kind].path)) as { markdown: string };
    outputs[`blueprint.finalize/${author}`] = fin;
    artifacts[`${kind}.final`] = fin.markdown;
  }
  const classic: Sections = { ...answered };
  outputs["classic.vision_questions/product_analyst"] = await serialize(model, "classic.vision_questions", "product_analyst", base);
  outputs["classic.brief/product_analyst"] = await serialize(model, "classic.brief", "product_analyst", classic);
  outputs["classic.research/constitution_generator"] = await serialize(model, "classic.research", "constitution_generator", { ...classic, project_brief: brief });
  outputs["classic.stack/orchestrator"] = await serialize(model, "classic.stack", "orchestrator", { ...classic, project_brief: brief });
  for (const [agent, kind] of [["product_analyst", "prd"], ["architecture_designer", "architecture-overview"], ["architecture_designer", "data-model"]] as const) {
    const o = (await serialize(model, "classic.artifact", agent, phase3, ARTIFACT_KINDS[kind].path)) as { markdown: string };
    outputs[`classic.artifact/${agent}/${kind}`] = o;
    artifacts[`classic/${kind}`] = o.markdown;
  }
  const constitution = await serialize(model, "constitution.draft", "constitution_generator", phase3);
  outputs["constitution.draft/constitution_generator"] = constitution;
  outputs["constitution.revise/constitution_generator"] = await serialize(model, "constitution.revise", "constitution_generator", { ...phase3, current_draft: JSON.stringify(constitution), user_changes: "Article 2: lower the unit coverage threshold to 70%." });
  outputs["skills.report/skills_researcher"] = await serialize(model, "skills.report", "skills_researcher", phase3);
  outputs["critique.perspective/critic"] = await serialize(model, "critique.perspective", "critic", {
    artifact_content: artifacts["architecture-overview"],
    perspective: JSON.stringify({ name: "Security", roleLabel: "Security Engineer", focusAreas: ["threat model", "data protection", "authentication"] }),
  }, ARTIFACT_KINDS["architecture-overview"].path);
  outputs["room.reply/liam"] = await serialize(model, "room.reply", "liam", { ...phase2, person_messages: "THE PERSON (to Liam):\nWould SQLite be enough for us instead of a database server?" });
  outputs["artifact.revise/data_modeler"] = await serialize(model, "artifact.revise", "data_modeler", { ...phase3, current_draft: artifacts["data-model.final"], user_changes: "Add an index on every foreign key." }, ARTIFACT_KINDS["data-model"].path);
  return { outputs, brief, techStack, artifacts };
}
