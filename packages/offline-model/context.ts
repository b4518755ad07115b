// Everything a writer may need, derived once from the parsed prompt: the project's
// profile, domain traits, regulations, data model and stack. Derivations are lazy
// and memoised, and depend only on (seed, prompt), so discuss and serialize of one
// turn compute the same output.
import type { z } from "zod";
import { TASKS, parsePersonMessages, proposalOutput, type ParsedPrompt, type ProposalOutput, type SectionName } from "@inception-party/protocol";
import { userActors } from "./actors-view";
import { blocks, parseConversation, type ConversationMessage } from "./conversation";
import { chooseStack, type StackInput } from "./knowledge/choose-stack";
import { detectDomain, type DomainTraits, type TraitId } from "./knowledge/detect-domain";
import { extractEntities, type DataModel } from "./knowledge/extract-entities";
import { extractProfile, type ProjectProfile } from "./knowledge/extract-profile";
import { opsReview, type OpsReview } from "./knowledge/ops-review";
import { applicableRegulations, type Regulation } from "./knowledge/regulations";
import { reviseStack, type Revision } from "./knowledge/revise-stack";
import { securityConcerns, type SecurityConcern } from "./knowledge/security-review";
import { parseProposalText } from "./knowledge/parse-proposal";
import { fromProposal, toProposal, type StackPlan } from "./knowledge/stack-plan";
import { detectPreferences, type Preferences } from "./knowledge/stack-preferences";
import { Rng, hashString } from "./prng";
import { applyChangeOps, techOf } from "./knowledge/apply-change-ops";
import { modelChanges } from "./knowledge/model-changes";
import { parseChangeRequest, type ChangeRequest } from "./reading/change-request";
import { featuresFromReading } from "./reading/features";
import { readProject, type Reading } from "./reading/read-project";
import { withoutGreeting } from "./reading/nlp";
import { Grounding } from "./grounding-filter";

/** "## 3. Core Features" → "core features"; bodies keyed by lower-case title. */
export const markdownSections = (md: string): Record<string, string> => Object.fromEntries(blocks(md, /^##\s+(?:\d+\.\s*)?(.+?)\s*$/gm).map(([h, body]) => [h[1].toLowerCase(), body]));

export function bulletItems(md: string | undefined): string[] {
  if (!md) return [];
  return [...md.matchAll(/^\s*(?:[-*•]|\d+[.)])\s+(.+)$/gm)].map((m) => m[1].trim());
}

export class ProjectContext {
  private readonly cache = new Map<string, unknown>();
  readonly task: string;
  readonly agent: string;
  readonly artifactPath?: string;

  constructor(
    readonly parsed: ParsedPrompt,
    readonly seed: number,
  ) {
    this.task = parsed.header.task ?? "";
    this.agent = (parsed.header.agent ?? "").toLowerCase();
    this.artifactPath = parsed.header.artifact;
  }

  private memo<T>(key: string, fn: () => T): T {
    if (!this.cache.has(key)) this.cache.set(key, fn());
    return this.cache.get(key) as T;
  }

  section(name: SectionName): string {
    return this.parsed.sections[name]?.trim() ?? "";
  }

  /** A section that holds JSON, read against a schema (`shape` first adjusts what was parsed); undefined when it is empty, not JSON or not valid. */
  json<T>(name: SectionName, schema: z.ZodType<T>, shape = (v: unknown) => v): T | undefined {
    try {
      const r = schema.safeParse(shape(JSON.parse(this.section(name))));
      return r.success ? r.data : undefined;
    } catch {
      return undefined;
    }
  }

  /** Phrasing variety only; keyed by seed, task, agent and the project. */
  rng(label: string): Rng {
    return new Rng(`${this.seed}|${this.task}|${this.agent}|${hashString(this.description)}`).fork(label);
  }

  get briefSections(): Record<string, string> {
    return this.memo("brief", () => markdownSections(this.section("project_brief")));
  }

  /** The project in the person's words; later phases may only have the brief. */
  get description(): string {
    return this.memo("description", () => {
      // "hello, i work at …": a greeting opens the message, it is no part of the project.
      const d = withoutGreeting(this.section("project_description"));
      if (d) return d;
      return this.briefSections["problem statement"] ?? this.section("project_brief").replace(/^#.*$/gm, "").trim();
    });
  }

  /** The person's answers. Later phases only carry the brief, which quotes them (“…”), so the quoted sentences stand in for the answers there. */
  get answers(): string {
    return this.memo("answers", () => {
      const direct = this.section("user_response");
      if (direct) return direct;
      const quoted = [...this.section("project_brief").matchAll(/“([^”]{12,300})”/g)]
        .map((m) => m[1].replace(/…$/, "").trim())
        .filter((q) => q.split(/\s+/).length >= 3 && !q.includes("?"));
      return [...new Set(quoted)].map((q) => (/[.!]$/.test(q) ? q : `${q}.`)).join("\n");
    });
  }

  /** The person's own words about the project, for trait detection. The rest of a brief is this model's prose (it names GDPR, alerts, reminders in passing) and would summon traits the person never asked for. */
  get projectText(): string {
    return this.memo("text", () => [this.description, this.answers].filter(Boolean).join("\n"));
  }

  /** What the person said to the team after the kickoff (their remarks, earlier and in this phase). */
  get remarks(): string {
    return this.memo("remarks", () => [...parsePersonMessages(this.section("person_remarks")), ...parsePersonMessages(this.section("person_messages"))].map((m) => m.text).join("\n"));
  }

  /** What this turn may name: only the person's own domain (grounding-filter.ts) and everything they wrote — description, answers, remarks, changes, title. */
  get grounding(): Grounding {
    return this.memo("grounding", () => {
      const own = Object.entries(this.traits.evidence).filter(([, said]) => (said?.length ?? 0) >= 2).map(([id]) => id as TraitId);
      const said = [this.projectText, this.section("person_remarks"), this.section("person_messages"), this.section("user_changes"), this.section("project_title")];
      return new Grounding(said.filter(Boolean).join("\n"), own);
    });
  }

  /** What the person said, read with the NLP library (memoised across calls). */
  get reading(): Reading {
    // Remarks are the person's words as much as the answers are: what they add is read the same way.
    return this.memo("reading", () => readProject(this.description, [this.answers, this.remarks].filter(Boolean).join("\n")));
  }

  /** The party's title: every document names the project by it. */
  get title(): string {
    return this.memo("title", () => this.section("project_title").split("\n")[0].trim() || this.profile.name);
  }

  get profile(): ProjectProfile {
    return this.memo("profile", () => {
      const p = extractProfile(this.description, this.answers);
      // A budget is a cost figure, never a scale figure ("tens of euros a month at under 20 EUR").
      p.numbers = p.numbers.filter((n) => !/€|\$|£|\b(?:eur|usd|gbp|euros?|dollars?|pounds?)\b/i.test(n));
      const read = featuresFromReading(this.reading, this.description);
      // What the reader made of the person's sentences beats a split at their commas.
      if (read.length >= 1) p.features = read;
      const briefFeatures = bulletItems(this.briefSections["core features"]);
      if (p.features.length < 3 && briefFeatures.length) p.features = [...new Set([...p.features, ...briefFeatures])].slice(0, 10);
      return p;
    });
  }

  /** The pain the person called the worst, in their words (a whole sentence). */
  get pain(): string | undefined {
    // ("Keep it simple, German only, and no tracking … — privacy is a big issue": a sentence carried as a constraint is no problem the product solves.)
    const constraint = (s: string) => this.reading.ruledOut.some((r) => s.includes(r)) || this.reading.requirements.some((r) => r.said === s) || this.reading.languages.some((l) => s.includes(l));
    return this.memo("pain", () => this.reading.pains[0] ?? this.profile.answers.about("problem").find((s) => !constraint(s)));
  }

  get traits(): DomainTraits {
    return this.memo("traits", () => {
      const t = detectDomain(this.projectText);
      // Money traits need money that moves through the product: "no payments", an invoice or a till elsewhere, win over payment-sounding words.
      if (!this.reading.paysInProduct) (t.ids as Set<string>).delete("payments");
      // ("tuinders see the werkbeurten on the website and sign up": a website whose people act on records is an application, not pages.)
      if (this.reading.acts.length || this.reading.things.some((x) => x.core && x.actors.length)) (t.ids as Set<string>).delete("simple_site");
      // Children only counted or served ("the room fits 15 children") neither use it nor are kept in it: asked about, not stated.
      const child = (w: string) => /^(?:child|children|kid|pupil|student|minor|teen|teenager|youth|junior|player|swimmer|learner|baby|toddler|son|daughter)$/.test(w.split(" ").pop()!);
      // ("parents reserve a seat for their kid": children kept as a record do not use it, so their own consent is asked about, not assumed.)
      if (t.ids.has("minors") && !this.reading.actors.some(child)) {
        (t.ids as Set<string>).delete("minors");
        (t.unsure as Set<string>).add("minors");
      }
      return t;
    });
  }

  get regulations(): Regulation[] {
    return this.memo("regs", () => applicableRegulations(this.traits));
  }

  get model(): DataModel {
    return this.memo("model", () => {
      // The roles are everyone seen acting ("the librarian uploads parts"), not only the role words the profile knows.
      const actors = userActors(this);
      const base = extractEntities(this.description, this.answers, this.traits, actors, this.reading);
      if (!this.laterChanges.ops.length) return base;
      const changes = modelChanges(this.laterChanges.ops, this.reading, base.entities.map((e) => e.name));
      return extractEntities(this.description, this.answers, this.traits, actors, this.reading, changes);
    });
  }

  /** What the person said after the kickoff, as change operations: their remarks in the room, and the feedback of a revision. */
  get laterChanges(): ChangeRequest {
    return this.memo("later", () => {
      const said = parsePersonMessages(this.section("person_messages")).map((m) => m.text);
      if (this.task === "artifact.revise") said.push(this.section("user_changes"));
      return parseChangeRequest(said.filter(Boolean).join("\n"));
    });
  }

  get prefs(): Preferences {
    return this.memo("prefs", () => {
      const p = detectPreferences(`${this.description}\n${this.answers}`);
      // "We know TypeScript, React and a bit of Python": the first strong skill is the reason, not the last name said.
      const strong = this.reading.skills.filter((s) => s.strong);
      const lead = strong.find((s) => s.tech.kind === "framework") ?? strong[0];
      if (lead && !p.avoid.includes(lead.tech)) {
        const family = lead.tech.family;
        if (family && family !== p.family) {
          p.family = family;
          p.framework = strong.find((s) => s.tech.kind === "framework" && s.tech.family === family)?.tech;
        } else if (lead.tech.kind === "framework" && !p.framework) p.framework = lead.tech;
        p.familyEvidence = lead.sentence;
      }
      return p;
    });
  }

  get stackInput(): StackInput {
    return { traits: this.traits, profile: this.profile, prefs: this.prefs, entityNames: this.model.entities.map((e) => e.name) };
  }

  /** A stack with what the person said in the room since applied ("no Kubernetes" mid-debate). */
  private withLaterChanges(plan: StackPlan): StackPlan {
    const ops = this.laterChanges.ops.filter((o) => techOf(o.target) || (o.replacement && techOf(o.replacement)));
    return ops.length ? applyChangeOps(plan, ops, this.stackInput).plan : plan;
  }

  /** Liam's first proposal. */
  get proposedPlan(): StackPlan {
    return this.memo("proposed", () => this.withLaterChanges(chooseStack(this.stackInput)));
  }

  /** The proposal under debate: Liam's message in <conversation> when it is not the one this model would have written (another model wrote it), else our own. */
  get debatedPlan(): StackPlan {
    return this.memo("debated", () => {
      const msg = [...this.conversation].reverse().find((m) => /^PROPOSAL:/i.test(m.body));
      if (!msg) return this.proposedPlan;
      const ours = TASKS["stack.proposal"].render(toProposal(this.proposedPlan));
      if (msg.body.trim() === ours.trim()) return this.proposedPlan;
      const parsed = parseProposalText(msg.body);
      return parsed ? fromProposal(parsed) : this.proposedPlan;
    });
  }

  get concerns(): SecurityConcern[] {
    return this.memo("concerns", () => securityConcerns(this.traits, this.debatedPlan, this.model));
  }

  get ops(): OpsReview {
    return this.memo("ops", () => {
      const o = opsReview(this.traits, this.debatedPlan, this.profile);
      // The person's budget is the one cost figure every message uses.
      const budget = this.reading.budget;
      if (budget) {
        const host = this.debatedPlan.additional.find((a) => a.slot === "hosting")?.choice ?? "one small managed host";
        o.cost =
          budget.value === 0
            ? `You have no budget: ${/postgres|neon|supabase|database|mongo|mysql/i.test(host) ? host : `${host} and the managed database`} run on their free tiers, which cover launch scale; nothing that costs money is added without asking you first.`
            : `Your budget is ${budget.text}${budget.unit ? "" : " in total"}: ${host} on its smallest paid tier and a small managed database fit within it at launch scale; nothing is added that would break it without asking you first.`;
      }
      return o;
    });
  }

  get conversation(): ConversationMessage[] {
    return this.memo("conv", () => parseConversation(this.section("conversation")));
  }

  get revision(): Revision {
    return this.memo("revision", () => ({ ...this.rawRevision, plan: this.withLaterChanges(this.rawRevision.plan) }));
  }

  /** The stack as the team left it, before the person's remarks in this phase. */
  get planBeforeRemarks(): StackPlan {
    return this.memo("planBefore", () => (this.approvedProposal ? fromProposal(this.approvedProposal) : this.rawRevision.plan));
  }

  private get rawRevision(): Revision {
    return this.memo("rawRevision", () => {
      // Keyword-driven changes are for critiques another model wrote; ours are applied directly.
      const own = new Set(
        [
          TASKS["stack.security_critique"].render({ concerns: this.concerns.map((c) => ({ title: c.title, detail: c.detail })), recommendation: "" }).split("\n\nRECOMMENDATION")[0],
          `OPS CRITIQUE:\n\nDeployment: ${this.ops.deployment}`,
        ].map((s) => s.slice(0, 200)),
      );
      const critiques = this.conversation
        .filter((m) => /^(SECURITY|OPS) CRITIQUE/i.test(m.body) && !own.has(m.body.slice(0, 200)))
        .map((m) => m.body)
        .join("\n");
      return reviseStack(this.traits, this.debatedPlan, this.concerns, this.ops, critiques);
    });
  }

  /** The approved stack from <tech_stack> when present and valid, else the revised one. */
  get approvedProposal(): ProposalOutput | undefined {
    return this.memo("approved", () => this.json("tech_stack", proposalOutput));
  }

  get plan(): StackPlan {
    return this.memo("plan", () => this.withLaterChanges(this.planBeforeRemarks));
  }
}
