// The person's changes to the approved stack ("use MySQL instead of PostgreSQL",
// "switch to Django", "host on AWS", "drop Redis"). A family change swaps the whole
// toolchain (ORM, queue, WebSocket layer, test runner) so the stack stays cohesive;
// services unrelated to the change are kept as approved.
import { quote } from "../text-utils";
import { chooseStack, type StackInput } from "./choose-stack";
import { detectPreferences, type Preferences } from "./stack-preferences";
import { getSlot, setSlot, slotOf, type SlotId, type StackPlan } from "./stack-plan";
import { TECHS } from "./tech-catalog";

export interface ChangeResult {
  plan: StackPlan;
  /** "Database: PostgreSQL 17 → MySQL 8.4", ...; empty when the text names no technology to change. */
  changed: string[];
}

const FAMILY_SLOTS: SlotId[] = ["realtime", "queue", "sso", "markdown", "fhir", "ai", "frontend", "distribution"];

function managedDatabase(db: string, host: string): string | undefined {
  const aws = /aws|rds|ecs/i.test(host);
  if (/mysql/i.test(db)) return aws ? "RDS for MySQL" : "PlanetScale (MySQL)";
  if (/mongo/i.test(db)) return "MongoDB Atlas";
  if (/sqlite/i.test(db)) return "a persistent volume with Litestream backups";
  if (/sql server/i.test(db)) return aws ? "RDS for SQL Server" : "Azure SQL Database";
  return undefined;
}

export function applyStackChanges(current: StackPlan, changeText: string, input: StackInput): ChangeResult {
  const asked = detectPreferences(changeText);
  const changed: string[] = [];
  let plan = current;

  const familyChange = (asked.family && asked.family !== current.family) || (asked.framework && !current.framework.choice.includes(asked.framework.label));
  const prefs: Preferences = {
    ...input.prefs,
    family: asked.family ?? current.family,
    framework: asked.framework ?? (asked.family && asked.family !== input.prefs.family ? undefined : input.prefs.framework),
    familyEvidence: asked.family ? changeText : input.prefs.familyEvidence,
    database: asked.database ?? TECHS.find((t) => t.kind === "database" && new RegExp(t.pattern, "i").test(current.database.choice)) ?? input.prefs.database,
    hosting: asked.hosting ?? input.prefs.hosting,
    add: [],
    avoid: [...input.prefs.avoid, ...asked.avoid],
  };
  const base = chooseStack({ ...input, prefs });

  if (familyChange) {
    const additional = plan.additional
      .map((a) => (FAMILY_SLOTS.includes(a.slot) ? getSlot(base, a.slot) : a))
      .filter((a): a is NonNullable<typeof a> => Boolean(a));
    for (const a of base.additional) if (FAMILY_SLOTS.includes(a.slot) && !additional.some((b) => b.slot === a.slot)) additional.push(a);
    changed.push(`Language and framework: ${current.language.choice} / ${current.framework.choice} → ${base.language.choice} / ${base.framework.choice}`);
    // The new family's stack throughout, but for the approved pattern and the services the family does not decide.
    plan = {
      ...base,
      pattern: plan.pattern,
      language: { ...base.language, rationale: `you asked: ${quote(changeText, 100)}; ${base.language.rationale.split("; ").slice(-1)[0]}` },
      additional: additional.slice(0, 6),
    };
  }
  if (asked.database && !new RegExp(asked.database.pattern, "i").test(current.database.choice)) {
    changed.push(`Database: ${current.database.choice} → ${base.database.choice}`);
    plan = { ...plan, database: base.database };
  } else if (familyChange && plan.database.choice !== current.database.choice) {
    changed.push(`Data access: ${current.database.choice} → ${plan.database.choice}`);
  }
  if (asked.hosting) {
    const host = getSlot(plan, "hosting");
    if (!host || !host.choice.includes(asked.hosting.label)) {
      changed.push(`Hosting: ${host?.choice ?? "none"} → ${asked.hosting.label}`);
      plan = setSlot(plan, { slot: "hosting", choice: asked.hosting.label, rationale: `you asked for it; ${host ? host.rationale.split(";")[0].toLowerCase() : "one platform for app, database and backups"}` });
    }
  }
  for (const tech of asked.add) {
    if (plan.additional.some((a) => a.choice.toLowerCase().includes(tech.label.toLowerCase()))) continue;
    const slot = slotOf(tech.label);
    plan = setSlot(plan, { slot: slot === "other" ? "other" : slot, choice: tech.label, rationale: `added at your request: ${tech.note ?? "part of your toolkit"}` });
    changed.push(`Added ${tech.label}`);
  }
  // A new database must not leave the hosting pointing at the old one.
  const host = getSlot(plan, "hosting");
  const managed = managedDatabase(plan.database.choice, host?.choice ?? "");
  if (plan.database.choice !== current.database.choice && host && managed && /neon|postgresql|rds|timescale/i.test(host.choice) && !/postgres/i.test(plan.database.choice)) {
    plan = setSlot(plan, { ...host, choice: host.choice.replace(/Neon serverless PostgreSQL|managed PostgreSQL|RDS for PostgreSQL|Timescale Cloud/i, managed) });
  }
  // PostgreSQL-backed queues (pg-boss, River) cannot follow the data to another database.
  const queue = getSlot(plan, "queue");
  if (queue && /postgres/i.test(queue.choice) && !/postgres/i.test(plan.database.choice)) {
    const alt = plan.family === "go" ? "asynq with Redis" : plan.family === "python" ? "Celery with Redis" : "BullMQ with Redis";
    plan = setSlot(plan, { slot: "queue", choice: alt, rationale: `${queue.choice.split(" (")[0]} needs PostgreSQL; ${alt.split(" with ")[0]} keeps the same retries and scheduling` });
    changed.push(`Job queue: ${queue.choice} → ${alt}`);
  }
  return { plan, changed };
}
