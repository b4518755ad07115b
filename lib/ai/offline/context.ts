// Everything a writer may need, derived once from the parsed prompt: the project's
// profile, domain traits, regulations, data model and stack. Derivations are lazy
// and memoised, and depend only on (seed, prompt), so discuss and serialize of one
// turn compute the same output.
import { TASKS, proposalOutput, type ParsedPrompt, type ProposalOutput, type SectionName } from "@/lib/protocol";
import { parseConversation, type ConversationMessage } from "./conversation";
import { chooseStack, type StackInput } from "./knowledge/choose-stack";
import { detectDomain, type DomainTraits } from "./knowledge/detect-domain";
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

/** "## 3. Core Features" → "core features"; bodies keyed by lower-case title. */
export function markdownSections(md: string): Record<string, string> {
  const out: Record<string, string> = {};
  const heads = [...md.matchAll(/^##\s+(?:\d+\.\s*)?(.+?)\s*$/gm)];
  heads.forEach((h, i) => {
    out[h[1].toLowerCase()] = md.slice(h.index + h[0].length, heads[i + 1]?.index ?? md.length).trim();
  });
  return out;
}

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
      const d = this.section("project_description");
      if (d) return d;
      const b = this.briefSections;
      return b["problem statement"] ?? this.section("project_brief").replace(/^#.*$/gm, "").trim();
    });
  }

  /**
   * The person's answers. Later phases only carry the brief, which quotes them
   * (“…”), so the quoted sentences stand in for the answers there.
   */
  get answers(): string {
    return this.memo("answers", () => {
      const direct = this.section("user_response");
      if (direct) return direct;
      const quoted = [...this.section("project_brief").matchAll(/“([^”]{12,300})”/g)]
        .map((m) => m[1].replace(/…$/, "").trim())
        .filter((q) => q.split(/\s+/).length >= 4 && !q.includes("?"));
      return [...new Set(quoted)].map((q) => (/[.!]$/.test(q) ? q : `${q}.`)).join("\n");
    });
  }

  /**
   * The person's own words about the project, for trait detection. The rest of a
   * brief is this model's prose (it names GDPR, alerts, reminders in passing) and
   * would summon traits the person never asked for.
   */
  get projectText(): string {
    return this.memo("text", () => [this.description, this.answers].filter(Boolean).join("\n"));
  }

  get profile(): ProjectProfile {
    return this.memo("profile", () => {
      const p = extractProfile(this.description, this.answers);
      const briefFeatures = bulletItems(this.briefSections["core features"]);
      if (p.features.length < 3 && briefFeatures.length) {
        p.features = [...new Set([...p.features, ...briefFeatures])].slice(0, 10);
      }
      return p;
    });
  }

  get traits(): DomainTraits {
    return this.memo("traits", () => detectDomain(this.projectText));
  }

  get regulations(): Regulation[] {
    return this.memo("regs", () => applicableRegulations(this.traits));
  }

  get model(): DataModel {
    return this.memo("model", () => extractEntities(this.description, this.answers, this.traits, this.profile.actors));
  }

  get prefs(): Preferences {
    return this.memo("prefs", () => detectPreferences(`${this.description}\n${this.answers}`));
  }

  get stackInput(): StackInput {
    return { traits: this.traits, profile: this.profile, prefs: this.prefs, entityNames: this.model.entities.map((e) => e.name) };
  }

  /** Liam's first proposal. */
  get proposedPlan(): StackPlan {
    return this.memo("proposed", () => chooseStack(this.stackInput));
  }

  /**
   * The proposal under debate: Liam's message in <conversation> when it is not the
   * one this model would have written (another model wrote it), else our own.
   */
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
    return this.memo("ops", () => opsReview(this.traits, this.debatedPlan, this.profile));
  }

  get conversation(): ConversationMessage[] {
    return this.memo("conv", () => parseConversation(this.section("conversation")));
  }

  get revision(): Revision {
    return this.memo("revision", () => {
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
    return this.memo("approved", () => {
      const raw = this.section("tech_stack");
      if (!raw) return undefined;
      try {
        const r = proposalOutput.safeParse(JSON.parse(raw));
        return r.success ? r.data : undefined;
      } catch {
        return undefined;
      }
    });
  }

  get plan(): StackPlan {
    return this.memo("plan", () => {
      const a = this.approvedProposal;
      return a ? fromProposal(a) : this.revision.plan;
    });
  }
}
