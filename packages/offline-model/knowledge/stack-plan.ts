// A tech stack as the writers see it: the ProposalOutput fields plus a slot name per
// "additional" service, so the security and ops revisions can change one service
// without touching the rest. Converts both ways; slots of a stack written by another
// model are recognised by keywords.
import type { ProposalOutput } from "@inception-party/protocol";
import type { Family } from "./family-profiles";
import { TECHS, techPattern } from "./tech-catalog";

/** Every slot, in the order a service gives way when a seventh would exceed the schema's limit of six. */
const PRIORITY = [
  "hosting", "distribution", "payments", "fhir", "sso", "realtime", "iot", "secrets", "audit", "observability",
  "storage", "mobile", "ai", "frontend", "markdown", "queue", "iac", "offline", "email", "rate_limit", "other",
] as const;

export type SlotId = (typeof PRIORITY)[number];

export interface Choice {
  choice: string;
  rationale: string;
}

export interface Slot extends Choice {
  slot: SlotId;
}

export interface StackPlan {
  pattern: string;
  family: Family;
  language: Choice;
  runtime: string;
  framework: Choice;
  database: Choice;
  additional: Slot[];
  testRunner: string;
  packageManager: string;
}

const SLOT_KEYWORDS: [SlotId, RegExp][] = [
  // Unambiguous platform names first: "container platform behind the SSO proxy" is hosting.
  ["hosting", /container platform|single (?:small )?server|\bvps\b|kubernetes|fly\.io|vercel|ecs fargate|cloud run|heroku|railway/i],
  ["observability", /sentry|opentelemetry|datadog|grafana|prometheus|observab|monitoring/i],
  ["payments", /stripe|adyen|paypal|mollie|payment/i],
  ["realtime", /socket|websocket|realtime|real-time|channels|signalr|action cable|reverb|ably|pusher/i],
  ["fhir", /fhir|hl7|ehr/i],
  ["sso", /\bsso\b|oidc|openid|okta|entra|saml|auth\.js|authlib|passkey|auth/i],
  ["iot", /mqtt|iot core|emqx|mosquitto/i],
  ["storage", /\bs3\b|object storage|\br2\b|blob storage|gcs/i],
  ["queue", /queue|pg-boss|celery|river|oban|sidekiq|hangfire|bullmq|jobrunr|procrastinate|apalis/i],
  ["markdown", /markdown|sanitiz|rehype|bleach|nh3|bluemonday/i],
  ["ai", /\bai sdk|openai|anthropic|llm|model provider|spring ai/i],
  ["email", /email|postmark|\bses\b|sendgrid|mailgun/i],
  ["mobile", /react native|expo|flutter|swiftui|ios app|android app/i],
  ["offline", /offline|indexeddb|service worker|pwa/i],
  ["secrets", /kms|secrets manager|vault|secret/i],
  ["audit", /audit/i],
  ["rate_limit", /rate[- ]limit|waf/i],
  ["iac", /terraform|pulumi|opentofu|cdk/i],
  ["distribution", /homebrew|goreleaser|releases|npm publish|pypi|distribution/i],
  ["frontend", /vite|spa\b|frontend|htmx/i],
  ["hosting", /vercel|fly\.io|aws|gcp|google cloud|azure|render|railway|heroku|kubernetes|hosting|ecs|fargate|cloud run|hetzner|on-prem/i],
];

export function slotOf(choice: string): SlotId {
  return SLOT_KEYWORDS.find(([, re]) => re.test(choice))?.[0] ?? "other";
}

/** The family of the first framework or language the stack names, as the person's own words are read. */
export function familyOf(p: Pick<ProposalOutput, "language" | "framework" | "runtime">): Family {
  const s = `${p.language.choice} ${p.framework.choice} ${p.runtime}`;
  return TECHS.find((t) => t.family && techPattern(t).test(s))?.family ?? "node";
}

export function toProposal(plan: StackPlan): ProposalOutput {
  return {
    architecture_pattern: plan.pattern,
    language: { choice: plan.language.choice, rationale: plan.language.rationale },
    runtime: plan.runtime,
    framework: { choice: plan.framework.choice, rationale: plan.framework.rationale },
    database: { choice: plan.database.choice, rationale: plan.database.rationale },
    additional: plan.additional.slice(0, 6).map((a) => ({ choice: a.choice, rationale: a.rationale })),
    test_runner: plan.testRunner,
    package_manager: plan.packageManager,
  };
}

export function fromProposal(p: ProposalOutput): StackPlan {
  return {
    pattern: p.architecture_pattern,
    family: familyOf(p),
    language: p.language,
    runtime: p.runtime,
    framework: p.framework,
    database: p.database,
    additional: p.additional.map((a) => ({ ...a, slot: slotOf(a.choice) })),
    testRunner: p.test_runner,
    packageManager: p.package_manager,
  };
}

export function getSlot(plan: StackPlan, slot: SlotId): Slot | undefined {
  return plan.additional.find((a) => a.slot === slot);
}

/** Who takes the money: Stripe unless the payments choice names another ("M-Pesa and its payment notifications" → "M-Pesa"), so no text assumes Stripe's API for it. */
export const payProvider = (plan: StackPlan): string => (/stripe/i.test(getSlot(plan, "payments")?.choice ?? "stripe") ? "Stripe" : getSlot(plan, "payments")!.choice.split(/ |\(/)[0]);

/** Replace the slot's entry, or add it; keeps at most six services (the schema's limit). */
export function setSlot(plan: StackPlan, entry: Slot): StackPlan {
  const i = plan.additional.findIndex((a) => a.slot === entry.slot);
  let additional = [...plan.additional];
  if (i >= 0) additional[i] = entry;
  else additional.push(entry);
  while (additional.length > 6) {
    // Ties go against the newcomer: an equal-priority service already agreed stays.
    const rank = (a: Slot) => PRIORITY.indexOf(a.slot) + (a === entry ? 0.5 : 0);
    const worst = additional.reduce((w, a) => (rank(a) > rank(w) ? a : w));
    additional = additional.filter((a) => a !== worst);
  }
  return { ...plan, additional };
}

/** The note added to the service's rationale; a stack without the service is left as it is. */
export function amendSlot(plan: StackPlan, slot: SlotId, note: string): StackPlan {
  const cur = getSlot(plan, slot);
  return !cur || cur.rationale.includes(note) ? plan : setSlot(plan, { ...cur, rationale: `${cur.rationale}; ${note}` });
}
