// skills.report: the skills an AI coding assistant should have for THIS stack and
// domain (the skills researcher's report), each with the reason it matters here.
import type { SkillReportOutput } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { toolchain } from "../knowledge/family-profiles";
import { getSlot, payProvider } from "../knowledge/stack-plan";
import { kebab, unique } from "../text-utils";

type Skill = SkillReportOutput["skills"][number];

export function writeSkills(ctx: ProjectContext): SkillReportOutput {
  const plan = ctx.plan;
  const f = toolchain(plan.family, plan.framework.choice);
  const t = ctx.traits;
  const entities = ctx.model.entities.length;
  // "Next.js 16 (App Router)" → "nextjs": skill names carry no versions.
  const fw = plan.framework.choice.split(/ \(| with /)[0].replace(/\s*\d+(\.\d+)*\b/g, "").replace(/\.(?=js\b)/i, "");
  const db = plan.database.choice.split(" with ")[0];
  const skills: Skill[] = [
    { name: `${kebab(fw)}-development`, category: "framework", reason: `${plan.framework.choice} conventions for ${ctx.title}: ${plan.framework.rationale}` },
    { name: `${kebab(f.orm.split(" ")[0])}-data-access`, category: "database", reason: `${entities} entities on ${db}; queries, transactions and ${f.migrations} migrations done the project's way` },
    { name: `${kebab(f.testRunner.split(" ")[0])}-testing`, category: "testing", reason: `unit and integration tests with ${f.testRunner}; thresholds 80% unit, 70% integration, 100% critical paths` },
  ];
  if (!t.has("cli")) skills.push({ name: `${kebab(f.e2e.split(" ")[0])}-e2e`, category: "testing", reason: `end-to-end coverage of the critical paths in the browser with ${f.e2e}` });
  const slotSkills: [Parameters<typeof getSlot>[1], string, string, string][] = [
    ["payments", `${kebab(payProvider(plan))}-payments`, "payments", payProvider(plan) === "Stripe" ? "PaymentIntents, Connect payouts and signed, idempotent webhooks without touching card data" : `payment requests and ${payProvider(plan)}'s confirmations, each counted once`],
    ["realtime", "websocket-realtime", "realtime", "rooms, reconnection and server-owned timers for the live experience"],
    ["fhir", "fhir-r4-integration", "integration", "FHIR R4 resources, US Core profiles and SMART Backend Services auth"],
    ["sso", "oidc-sso", "security", "sign-in through the company identity provider with group-to-role mapping"],
    ["iot", "mqtt-ingestion", "integration", "device certificates, topic design and ingestion into the time-series store"],
    ["storage", "object-storage-uploads", "infrastructure", "presigned uploads, image re-encoding and EXIF stripping"],
    ["queue", "background-jobs", "infrastructure", `retries and scheduling with ${getSlot(plan, "queue")?.choice ?? "the job queue"}`],
    ["observability", "observability", "operations", `${getSlot(plan, "observability")?.choice ?? "logs, metrics and traces"} instrumentation with no personal data in telemetry`],
    ["iac", "terraform-infrastructure", "operations", "reviewable infrastructure changes for staging and production"],
    ["ai", "llm-integration", "ai", "provider-agnostic model calls with validated, schema-checked outputs"],
  ];
  for (const [slot, name, category, reason] of slotSkills) if (getSlot(plan, slot)) skills.push({ name, category, reason });
  skills.push(...ctx.regulations.filter((x) => x.legal).slice(0, 3).map((r): Skill => ({ name: `${kebab(r.name.split(" (")[0].replace(/\b(v\d.*|rules?)\b/gi, ""))}-compliance`, category: "compliance", reason: `${r.scope}: ${r.obligations[0]}` })));
  skills.push({ name: "owasp-asvs-security-review", category: "security", reason: ctx.concerns.slice(0, 2).map((c) => c.title).join("; ") || "baseline web application security checks" });
  skills.push({ name: "ci-pipeline", category: "devops", reason: `CI running ${f.commands.join(", ")} on every pull request` });
  return {
    skills: unique(skills, (s) => s.name).map((s) => ({ ...s, name: s.name.replace(/-+/g, "-").replace(/^-|-$/g, "") })),
  };
}
