// Every task for every example project (four kickoff examples plus a CLI
// and an IoT fleet): outputs validate, documents have every required section, and
// the content is about THIS project — its regulations, stack and entities.
import { beforeAll, describe, expect, it } from "vitest";
import { ARTIFACT_KINDS, TASKS, missingSections, type ConstitutionOutput, type ProposalOutput, type QuestionsOutput, type TaskKey } from "@inception-party/protocol";
import { createOfflineModel } from "./index";
import { runScenario, SCENARIO_LIST, type PartyRun } from "./testing/party-fixtures";

const render = (task: TaskKey, out: unknown) => (TASKS[task].render as (o: unknown) => string)(out);
const taskOf = (key: string) => key.split("/")[0] as TaskKey;
/** Placeholder braces outside code: `{question}`-style template leftovers. */
const outsideCode = (md: string) => md.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");

describe.each(SCENARIO_LIST)("scenario $name", (scenario) => {
  let run: PartyRun;
  let allText = "";
  beforeAll(async () => {
    run = await runScenario(createOfflineModel({ seed: 42 }), scenario);
    allText = [...Object.entries(run.outputs).map(([k, v]) => render(taskOf(k), v)), run.brief, ...Object.values(run.artifacts)].join("\n");
  });

  it("covers every task key, and every output validates against its schema", () => {
    const tasks = new Set(Object.keys(run.outputs).map(taskOf));
    expect([...tasks].sort()).toEqual(Object.keys(TASKS).sort());
    for (const [key, out] of Object.entries(run.outputs)) {
      const r = TASKS[taskOf(key)].schema.safeParse(out);
      expect(r.success, `${key}: ${r.success ? "" : r.error.message}`).toBe(true);
    }
  });

  it("writes documents with every required section", () => {
    const kinds: [string, keyof typeof ARTIFACT_KINDS][] = [
      ["architecture-overview", "architecture-overview"],
      ["data-model", "data-model"],
      ["test-strategy-outline", "test-strategy-outline"],
      ["architecture-overview.final", "architecture-overview"],
      ["data-model.final", "data-model"],
      ["test-strategy-outline.final", "test-strategy-outline"],
      ["classic/prd", "prd"],
      ["classic/architecture-overview", "architecture-overview"],
      ["classic/data-model", "data-model"],
    ];
    for (const [key, kind] of kinds) expect(missingSections(kind, run.artifacts[key]), key).toEqual([]);
  });

  it("has no placeholders", () => {
    expect(allText).not.toMatch(/\b(TODO|TBD|FIXME|lorem ipsum|undefined|NaN|\[object Object\])\b/i);
    for (const [key, out] of Object.entries(run.outputs)) {
      const text = render(taskOf(key), out);
      expect(outsideCode(text), key).not.toMatch(/\{[^}]*\}/);
    }
    for (const [key, md] of Object.entries(run.artifacts)) expect(outsideCode(md), key).not.toMatch(/\{[^}]*\}/);
  });

  it("mentions what this project is about", () => {
    for (const re of scenario.expect) expect(allText, String(re)).toMatch(re);
  });

  it("keeps each persona to its own questions", () => {
    const qs = ["nadia", "oscar", "tessa"].map((a) => run.outputs[`vision.questions/${a}`] as QuestionsOutput);
    const topics = qs.flatMap((q) => q.questions.map((x) => x.topic.toLowerCase()));
    const texts = qs.flatMap((q) => q.questions.map((x) => x.text));
    expect(new Set(topics).size).toBe(topics.length);
    expect(new Set(texts).size).toBe(texts.length);
    for (const q of qs) expect(q.questions.length).toBeGreaterThanOrEqual(2);
  });

  it("architecture has a components table, endpoints, a Mermaid diagram and a src/ tree", () => {
    const md = run.artifacts["architecture-overview"];
    expect(md).toMatch(/\| Component \| Responsibility \| Technology \|/);
    expect(md).toMatch(/```mermaid\n(flowchart|graph)/);
    const layout = /## Directory Layout\n\n```\w*\n([\s\S]*?)```/.exec(md)?.[1] ?? "";
    expect(layout.startsWith("src/\n")).toBe(true);
    expect(layout.split("\n").length).toBeGreaterThan(5);
  });

  it("data model has entity tables and an erDiagram", () => {
    const md = run.artifacts["data-model"];
    expect(md).toMatch(/```mermaid\nerDiagram/);
    expect(md).toMatch(/\| Field \| Type \| Constraints \| Notes \|/);
  });

  it("the revised proposal changes the stack in response to the critiques", () => {
    const before = run.outputs["stack.proposal/liam"] as ProposalOutput;
    const after = (run.outputs["stack.revised_proposal/liam"] as { proposal: ProposalOutput }).proposal;
    expect(JSON.stringify(after)).not.toEqual(JSON.stringify(before));
  });

  it("applies the person's stack change", () => {
    const changed = (run.outputs["stack.user_changes/liam"] as { proposal: ProposalOutput }).proposal;
    expect(changed.database.choice).toMatch(/MySQL/);
  });

  it("puts universal constitution articles before domain-specific ones", () => {
    const { articles } = run.outputs["constitution.draft/constitution_generator"] as ConstitutionOutput;
    const firstDomain = articles.findIndex((a) => a.domain_specific);
    expect(articles.slice(0, 6).map((a) => a.title)).toEqual(["Specification First", "Test-First Development", "Security by Design", "Simplicity", "Observability", "Documentation Currency"]);
    if (firstDomain >= 0) expect(articles.slice(firstDomain).every((a) => a.domain_specific)).toBe(true);
    const revised = run.outputs["constitution.revise/constitution_generator"] as ConstitutionOutput;
    expect(revised.articles[1].summary).toMatch(/70%/);
    expect(revised.articles[1].summary).not.toMatch(/80%/);
  });
});

describe("domain-specific content", () => {
  const runs = new Map<string, PartyRun>();
  const get = async (name: string) => {
    if (!runs.has(name)) runs.set(name, await runScenario(createOfflineModel(), SCENARIO_LIST.find((s) => s.name === name)!));
    return runs.get(name)!;
  };

  it("food delivery: GDPR in the brief, PCI DSS tokenization, Stripe with MB WAY, cooks and dishes", async () => {
    const r = await get("food-delivery");
    expect(render("classic.brief", r.outputs["classic.brief/product_analyst"])).toMatch(/GDPR|EU/);
    expect(JSON.stringify(r.outputs["classic.brief/product_analyst"])).toMatch(/GDPR/);
    const zara = render("stack.security_critique", r.outputs["stack.security_critique/zara"]);
    expect(zara).toMatch(/PCI DSS/);
    expect(zara).toMatch(/hosted fields|tokeni/i);
    expect(render("stack.proposal", r.outputs["stack.proposal/liam"])).toMatch(/Stripe[\s\S]*MB WAY/);
    expect((r.outputs["stack.proposal/liam"] as ProposalOutput).framework.choice).toMatch(/Next\.js/);
    for (const e of ["Cook", "Dish", "Order", "Payment"]) expect(r.artifacts["data-model"]).toContain(`### ${e}`);
    const interp = render("vision.interpretation", r.outputs["vision.interpretation/nadia"]);
    expect(interp).toContain("“The main problem is trust: food safety and reliable pickup”");
    const titles = (r.outputs["constitution.draft/constitution_generator"] as ConstitutionOutput).articles;
    expect(titles.find((a) => a.title === "Payment Security")).toMatchObject({ domain_specific: true });
    expect(titles.find((a) => a.title === "Payment Security")!.body).toMatch(/PCI DSS/);
    expect(titles.some((a) => /GDPR/.test(a.title) && a.domain_specific)).toBe(true);
  });

  it("clinic triage: HIPAA and FHIR, PHI encryption, BAA and an audit trail", async () => {
    const r = await get("clinic-triage");
    expect(render("classic.brief", r.outputs["classic.brief/product_analyst"]) + JSON.stringify(r.outputs["classic.brief/product_analyst"])).toMatch(/HIPAA/);
    const zara = render("stack.security_critique", r.outputs["stack.security_critique/zara"]);
    expect(zara).toMatch(/PHI/);
    expect(zara).toMatch(/BAA/);
    expect(zara).toMatch(/audit/i);
    expect(render("stack.proposal", r.outputs["stack.proposal/liam"])).toMatch(/FHIR/);
    expect(r.artifacts["test-strategy-outline"]).toMatch(/EHR write-back|FHIR/);
    const arts = (r.outputs["constitution.draft/constitution_generator"] as ConstitutionOutput).articles;
    expect(arts.some((a) => /HIPAA/.test(a.title + a.body) && a.domain_specific)).toBe(true);
  });

  it("multiplayer quiz: a WebSocket layer, real-time critical paths; children asked about, not assumed", async () => {
    const r = await get("multiplayer-quiz");
    expect(render("stack.proposal", r.outputs["stack.proposal/liam"])).toMatch(/WebSocket|Socket\.IO/);
    expect(r.artifacts["architecture-overview"]).toMatch(/WebSocket/);
    expect(r.artifacts["test-strategy-outline"]).toMatch(/Real-time load/);
    const arts = (r.outputs["constitution.draft/constitution_generator"] as ConstitutionOutput).articles;
    // Nothing the person wrote says the students are children: the brief asks, no article asserts it.
    expect(arts.find((a) => a.title === "Child Privacy")).toBeUndefined();
    expect(r.brief).toMatch(/Open question: will children use it\?/);
  });

  it("ops runbooks: SSO, audit log, markdown sanitising, timeline export", async () => {
    const r = await get("ops-runbooks");
    expect(render("stack.revised_proposal", r.outputs["stack.revised_proposal/liam"])).toMatch(/SSO|OIDC/);
    expect(r.artifacts["data-model"]).toMatch(/### AuditEvent/);
    expect(r.artifacts["architecture-overview"]).toMatch(/sanitis|sanitiz/i);
    expect(r.artifacts["architecture-overview"]).toMatch(/export\?format=md/);
  });

  it("the Python team gets Python; the Go developer gets Go", async () => {
    expect((await get("iot-fleet")).techStack.language.choice).toMatch(/Python/);
    expect((await get("dotfiles-cli")).techStack.language.choice).toMatch(/^Go/);
  });
});
