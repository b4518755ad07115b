// Descriptions unlike the examples — a static site, a Kubernetes operator, an AI
// helpdesk tool, telehealth, a non-English one, a two-word one: every task still
// validates, every document is complete, and the stack fits what was described.
import { describe, expect, it } from "vitest";
import { ARTIFACT_KINDS, TASKS, missingSections, type ProposalOutput, type TaskKey } from "@inception-party/protocol";
import { createOfflineModel } from "./index";
import { runScenario, type PartyRun } from "./testing/party-fixtures";

interface Case {
  name: string;
  description: string;
  answers?: string;
  check: (run: PartyRun, all: string) => void;
}

const stackText = (p: ProposalOutput) => JSON.stringify(p);

const CASES: Case[] = [
  {
    name: "b2b document portal",
    description: "A SaaS portal for accounting firms to collect documents and e-signatures from their clients. Each firm gets its own workspace; clients upload PDFs and sign engagement letters.",
    answers: "Firms in the UK and Ireland. We are three TypeScript developers. Pricing is a monthly subscription per firm.",
    check: (r, all) => {
      expect(stackText(r.techStack)).toMatch(/Stripe Billing/);
      expect(all).toMatch(/eIDAS/);
      expect(r.artifacts["data-model"]).toMatch(/### (?:Signature|EngagementLetter|Document)/);
      expect(r.artifacts["data-model"]).toMatch(/organization_id/);
    },
  },
  {
    name: "dog walking app",
    description: "A mobile app for dog walkers: walkers track walks with GPS and share photos with owners; owners pay per walk and rate the walker.",
    check: (r, all) => {
      expect(stackText(r.techStack)).toMatch(/React Native|Expo/);
      expect(all).toMatch(/GPS tracks|Location traces/);
      expect(r.artifacts["data-model"]).toMatch(/### Walk/);
      expect(r.artifacts["data-model"]).toMatch(/`Payment\.walk_id`/);
    },
  },
  {
    name: "AI helpdesk assistant",
    description: "An AI assistant that summarizes customer support tickets for our helpdesk team and suggests replies based on our knowledge base.",
    answers: "We use Python and Django today. 40 agents, about 2,000 tickets a day.",
    check: (r, all) => {
      expect(r.techStack.framework.choice).toMatch(/Django/);
      expect(all).toMatch(/Prompt injection/);
      expect(r.artifacts["data-model"]).toMatch(/### AiSuggestion/);
    },
  },
  {
    name: "bakery website",
    description: "A website for my bakery.",
    check: (r) => {
      expect(r.techStack.framework.choice).toMatch(/Astro/);
      expect(r.techStack.database.choice).toMatch(/no database/);
      expect(r.artifacts["architecture-overview"]).toMatch(/src\/\n\s+pages\//);
    },
  },
  {
    // Written for this test, in no corpus: a website whose people keep records there is an application.
    name: "repair club website where people act",
    description: "A website for our repair club: visitors register broken toasters and lamps, and fixers mark each lamp repaired.",
    check: (r) => {
      expect(r.techStack.framework.choice).not.toMatch(/Astro/);
      expect(r.techStack.database.choice).not.toMatch(/no database/);
    },
  },
  {
    name: "telehealth in Germany",
    description: "A telehealth platform for therapists in Germany: video sessions, appointment booking, and session notes.",
    answers: "Therapists are self-employed. Patients book online. Must be GDPR compliant; data must stay in Germany.",
    check: (r, all) => {
      expect(stackText(r.techStack)).toMatch(/LiveKit/);
      expect(stackText(r.techStack)).toMatch(/Frankfurt/);
      expect(all).toMatch(/Article 9/);
      expect(all).not.toMatch(/HIPAA/);
    },
  },
  {
    name: "Kubernetes operator",
    description: "A Kubernetes operator that backs up Postgres databases to S3 on a schedule and restores them on demand.",
    answers: "Written in Go.",
    check: (r) => {
      expect(r.techStack.framework.choice).toMatch(/Kubebuilder/);
      expect(r.techStack.database.choice).toMatch(/custom resources/);
      expect(r.artifacts["architecture-overview"]).toMatch(/reconciler/);
    },
  },
  {
    name: "Portuguese description",
    description: "Uma aplicação para gerir reservas de mesas num restaurante em Lisboa, com pagamento antecipado por MB Way.",
    check: (_r, all) => {
      expect(all).toMatch(/GDPR/);
      expect(all).toMatch(/MB WAY/);
    },
  },
  { name: "two words", description: "todo app", check: (r) => expect(r.artifacts["data-model"]).toMatch(/### Task/) },
];

const render = (task: TaskKey, out: unknown) => (TASKS[task].render as (o: unknown) => string)(out);

describe.each(CASES)("$name", (c) => {
  it("validates, completes every document and fits the description", async () => {
    const run = await runScenario(createOfflineModel(), { name: c.name, description: c.description, answers: c.answers ?? "", expect: [] });
    for (const [key, out] of Object.entries(run.outputs)) {
      const task = key.split("/")[0] as TaskKey;
      const r = TASKS[task].schema.safeParse(out);
      expect(r.success, `${key}: ${r.success ? "" : r.error.message}`).toBe(true);
    }
    for (const kind of Object.keys(ARTIFACT_KINDS) as (keyof typeof ARTIFACT_KINDS)[]) {
      const md = kind === "prd" ? run.artifacts["classic/prd"] : run.artifacts[kind];
      expect(missingSections(kind, md), `${kind}`).toEqual([]);
    }
    const all = [...Object.entries(run.outputs).map(([k, v]) => render(k.split("/")[0] as TaskKey, v)), ...Object.values(run.artifacts)].join("\n");
    expect(all).not.toMatch(/\b(TODO|TBD|lorem ipsum|undefined|NaN)\b/);
    c.check(run, all);
  });
});
