// constitution.draft: universal articles first (spec first, test first, security,
// simplicity, observability, documentation), then one article per legal obligation
// and per domain risk, marked domain_specific (reviewed in walkthrough step 1, docs/protocols.md).
import type { ConstitutionOutput } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { toolchain } from "../knowledge/family-profiles";
import type { RegulationId } from "../knowledge/regulations";
import { getSlot } from "../knowledge/stack-plan";
import { joinList, lowerFirst } from "../text-utils";
import { criticalPaths } from "./critical-paths";

export type Article = ConstitutionOutput["articles"][number];

/** An article, for the draft and for every revision. */
export const art = (title: string, summary: string, body: string, domain_specific: boolean): Article => ({ title, summary, body, domain_specific });

function universal(ctx: ProjectContext): Article[] {
  const plan = ctx.plan;
  const f = toolchain(plan.family, plan.framework.choice);
  const paths = criticalPaths(ctx).slice(0, 4).map((p) => lowerFirst(p.name));
  return [
    art("Specification First", "Every change starts from a written requirement with acceptance criteria.", `No code is written for ${ctx.title} without a requirement that states who needs it, why, and how we will know it works. The project brief, the architecture overview and the data model are the source of truth; a change that contradicts them updates them first, in the same pull request.`, false),
    art("Test-First Development", "Tests come before code; unit ≥ 80%, integration ≥ 70%, critical paths 100%.", `Each behaviour starts with a failing test. Thresholds: unit coverage at least 80%, integration at least 70%, and 100% of the critical paths — ${joinList(paths)}. ${f.testRunner} runs on every pull request; a red build blocks the merge.`, false),
    art("Security by Design", "Threats are considered before features ship; OWASP ASVS Level 2 is the floor.", `Every feature names its threats and controls before it is built. Baseline: OWASP ASVS Level 2, least privilege for people and services, secrets only in the platform's secret store, dependencies audited in CI. ${ctx.concerns.slice(0, 2).map((c) => `${c.title}: ${c.fix}.`).join(" ")}`, false),
    art("Simplicity", "Prefer the boring solution; a new service or dependency needs a written reason.", `${plan.pattern}. Adding a service, a datastore or a framework requires an ADR in the architecture overview explaining why the existing ${plan.language.choice} / ${plan.database.choice.split(" with ")[0]} stack cannot do the job. Delete code and features that no one uses.`, false),
    art("Observability", "If it matters, it is measured; failures page a person before users notice.", `Structured logs with request ids, metrics for latency, errors and saturation, and traces across ${ctx.traits.has("cli") ? "commands (opt-in diagnostics)" : `the app${getSlot(plan, "realtime") ? ", the real-time gateway" : ""}${getSlot(plan, "queue") ? ", the worker" : ""} and the database`}. ${getSlot(plan, "observability") ? `${getSlot(plan, "observability")!.choice} is the standard.` : ""} Logs never contain personal data.`, false),
    art("Documentation Currency", "Docs change in the same pull request as the code they describe.", "The architecture overview, data model, test strategy and this constitution are kept current: a pull request that changes behaviour, schema or infrastructure updates the affected document or explains why none is affected. Stale documents are treated as defects.", false),
    art("Quality Gates", `Nothing merges without review and green checks (${f.commands.slice(0, 2).join(", ")}).`, `Every change is reviewed by another person. CI runs ${f.commands.join(", ")}; warnings are fixed, not suppressed. Releases are reproducible from a tag.`, false),
  ];
}

function domainArticles(ctx: ProjectContext): Article[] {
  const ids = new Set(ctx.regulations.map((r) => r.id));
  const t = ctx.traits;
  const out: Article[] = [];
  const reg = (id: RegulationId) => ctx.regulations.find((r) => r.id === id);
  if (ids.has("pci_dss")) out.push(art("Payment Security", "Card data never touches our systems; we stay in PCI DSS SAQ A scope.", `Per ${reg("pci_dss")!.name}: ${reg("pci_dss")!.obligations.join("; ")}. Webhooks are verified by signature and processed idempotently; refunds and payouts are reconciled daily against Stripe.${ids.has("psd2_sca") ? " EU payments use Strong Customer Authentication (3-D Secure) where the issuer requires it." : ""}`, true));
  if (ids.has("gdpr") || ids.has("uk_gdpr")) out.push(art("Data Protection (GDPR)", "Collect the minimum, keep it in the EU, and let people export and erase it.", `Per ${(reg("gdpr") ?? reg("uk_gdpr"))!.name}: ${(reg("gdpr") ?? reg("uk_gdpr"))!.obligations.join("; ")}. Every new field in the data model names its purpose and retention period.`, true));
  if (ids.has("hipaa")) out.push(art("Health Data Protection (HIPAA)", "PHI is encrypted, minimally accessed, audited, and shared only under a BAA.", `Per ${reg("hipaa")!.name}: ${reg("hipaa")!.obligations.join("; ")}. No PHI in logs, analytics, error reports or test environments.`, true));
  if (ids.has("gdpr_special")) out.push(art("Special-Category Health Data", "Health data in Europe needs an Article 9 condition and a DPIA.", reg("gdpr_special")!.obligations.join("; ") + ".", true));
  if (ids.has("hl7_fhir")) out.push(art("Interoperability", "We speak HL7 FHIR R4 and validate what we send.", `${reg("hl7_fhir")!.obligations.join("; ")}. The EHR is the system of record for clinical data; our copy is minimal and reconciled.`, true));
  if (t.has("minors")) {
    // Children are protected wherever they are; the law that says how is named only where the person placed the users.
    const names = (["coppa", "ferpa", "gdpr_children"] as RegulationId[]).filter((i) => ids.has(i)).map((i) => reg(i)!.name.split(" (")[0]);
    out.push(art("Child Privacy", "Children's data is kept to the minimum and protected by default.", `${names.length ? `Per ${joinList(names)}: c` : "C"}hildren never give more personal data than the task needs; a parent or guardian consents where the law asks for it; no third-party analytics, advertising or tracking reaches their screens; their data is deleted as soon as it is no longer needed, and can be reviewed and deleted on request.`, true));
  }
  if (ids.has("wcag") || ids.has("eaa")) out.push(art("Accessibility", "Every flow meets WCAG 2.2 AA.", `${[reg("wcag"), reg("eaa")].filter(Boolean).map((r) => `${r!.name}: ${r!.obligations.join("; ")}`).join(". ")}. Automated accessibility checks run in the end-to-end suite.`, true));
  if (ids.has("soc2")) out.push(art("Auditability", "Every change to a record is attributable to a person.", `Per ${reg("soc2")!.name}: ${reg("soc2")!.obligations.join("; ")}. Audit records are append-only and retained for at least a year.`, true));
  if (t.has("realtime") && t.has("game")) out.push(art("Real-time Fairness and Reliability", "The server owns the clock and the score; clients can reconnect without losing state.", "Timers, deadlines and scoring are computed on the server. Every real-time event has a documented payload, and a reconnecting client resumes from the current state. Load tests with a full session run nightly.", true));
  else if (t.has("video_calls")) out.push(art("Confidential Sessions", "Video sessions are private by default: per-participant tokens, no recording without consent.", "Rooms are created per session and joined only with short-lived tokens issued to the two participants. Recording is off unless both sides consent in writing, and media servers run in the same region as the data.", true));
  else if (t.has("realtime")) out.push(art("Real-time Reliability", "Live updates are authorised, documented and survive reconnects.", "Every real-time event has a documented payload and an authorisation rule; a reconnecting client resumes from the current state; load tests with realistic concurrency run nightly.", true));
  if (ids.has("cyber_resilience") || t.has("iot")) out.push(art("Device Security", "Every device has its own identity; firmware is signed.", `Per-device certificates, topic-scoped permissions, signed firmware verified before install, and revocation for retired devices.${ids.has("cyber_resilience") ? ` ${reg("cyber_resilience")!.obligations.join("; ")}.` : ""}`, true));
  if (t.has("ai")) out.push(art("AI Transparency", "People know when content is AI-generated; model output is validated.", `Model output is treated as untrusted input and validated before storage; only the minimum data is sent to the provider, under a DPA that forbids training on it.${ids.has("eu_ai_act") ? " EU AI Act transparency obligations apply." : ""}`, true));
  if (ids.has("aml_kyc")) out.push(art("Financial Compliance", "Know the customer before money moves.", `Per ${reg("aml_kyc")!.name}: ${reg("aml_kyc")!.obligations.join("; ")}.`, true));
  return out;
}

export function writeConstitution(ctx: ProjectContext): ConstitutionOutput {
  return { articles: [...universal(ctx), ...domainArticles(ctx)].slice(0, 16) };
}
