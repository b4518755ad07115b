// The data model: entity tables with typed fields, relationships with a Mermaid
// erDiagram, indexes and constraints, data protection and retention, migrations.
// Types follow the chosen database.
import { ARTIFACT_KINDS } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import type { Entity, Field, FieldType, Relation } from "../knowledge/extract-entities";
import { toolchain } from "../knowledge/family-profiles";
import { bullets, doc, fence, numbered, table } from "../markdown";
import { relationLine } from "./edit-document";
import { capitalize, joinList, snake } from "../text-utils";

type Db = "postgres" | "mysql" | "sqlite" | "mongo" | "sqlserver" | "crd" | "files";

function dbKind(choice: string): Db {
  if (/custom resources|etcd/i.test(choice)) return "crd";
  if (/content collections|markdown|no database/i.test(choice)) return "files";
  if (/mysql|mariadb/i.test(choice)) return "mysql";
  if (/sqlite/i.test(choice)) return "sqlite";
  if (/mongo|dynamo|firestore/i.test(choice)) return "mongo";
  if (/sql server/i.test(choice)) return "sqlserver";
  return "postgres";
}

const TYPES: Record<Db, Record<FieldType, string>> = {
  postgres: { uuid: "uuid", string: "text", text: "text", int: "integer", decimal: "numeric(10,2)", money: "integer (minor units)", bool: "boolean", datetime: "timestamptz", date: "date", json: "jsonb", url: "text", email: "citext", phone: "text (E.164)", geo: "geography(Point)", char3: "char(3)", "string[]": "text[]", enum: "enum", tsvector: "tsvector (generated)", inet: "inet" },
  mysql: { uuid: "binary(16)", string: "varchar(255)", text: "text", int: "int", decimal: "decimal(10,2)", money: "bigint (minor units)", bool: "boolean", datetime: "datetime(6) UTC", date: "date", json: "json", url: "varchar(2048)", email: "varchar(320)", phone: "varchar(20) (E.164)", geo: "point SRID 4326", char3: "char(3)", "string[]": "json", enum: "enum", tsvector: "FULLTEXT index", inet: "varbinary(16)" },
  sqlite: { uuid: "text (uuid)", string: "text", text: "text", int: "integer", decimal: "text (decimal)", money: "integer (minor units)", bool: "integer (0/1)", datetime: "text (ISO 8601 UTC)", date: "text (ISO date)", json: "text (JSON)", url: "text", email: "text", phone: "text (E.164)", geo: "text (lat,lng)", char3: "text", "string[]": "text (JSON array)", enum: "text + CHECK", tsvector: "FTS5 table", inet: "text" },
  mongo: { uuid: "ObjectId", string: "string", text: "string", int: "int", decimal: "Decimal128", money: "long (minor units)", bool: "bool", datetime: "date", date: "date", json: "object", url: "string", email: "string", phone: "string (E.164)", geo: "GeoJSON Point", char3: "string", "string[]": "array<string>", enum: "string (validated)", tsvector: "text index", inet: "string" },
  crd: { uuid: "string (uid)", string: "string", text: "string", int: "integer", decimal: "number", money: "integer", bool: "boolean", datetime: "string (date-time)", date: "string (date)", json: "object", url: "string (uri)", email: "string (email)", phone: "string", geo: "object", char3: "string", "string[]": "[]string", enum: "string enum", tsvector: "string", inet: "string" },
  files: { uuid: "string", string: "string", text: "markdown body", int: "number", decimal: "number", money: "number (cents)", bool: "boolean", datetime: "date-time", date: "date", json: "object", url: "URL", email: "email", phone: "string", geo: "object", char3: "string", "string[]": "list", enum: "one of", tsvector: "search index (build time)", inet: "string" },
  sqlserver: { uuid: "uniqueidentifier", string: "nvarchar(255)", text: "nvarchar(max)", int: "int", decimal: "decimal(10,2)", money: "bigint (minor units)", bool: "bit", datetime: "datetimeoffset", date: "date", json: "nvarchar(max) JSON", url: "nvarchar(2048)", email: "nvarchar(320)", phone: "nvarchar(20)", geo: "geography", char3: "char(3)", "string[]": "nvarchar(max) JSON", enum: "nvarchar + CHECK", tsvector: "full-text index", inet: "varbinary(16)" },
};

function typeOf(f: Field, db: Db): string {
  if (f.type === "enum" && f.enumValues) return `enum(${f.enumValues.join(", ")})`;
  return TYPES[db][f.type];
}

function constraintsOf(f: Field): string {
  const c: string[] = [];
  if (f.primary) c.push("PK");
  if (f.references) c.push(`FK → ${f.references}`);
  if (!f.primary) c.push(f.nullable ? "nullable" : "not null");
  if (f.unique && !f.primary) c.push("unique");
  return c.join(", ");
}

function noteOf(e: Entity, f: Field): string {
  if (f.primary) return "UUID v7 (time-ordered)";
  if (f.type === "money") return "amount in cents; pair with currency";
  if (f.name === "provider_payment_id") return f.nullable ? "the payment's id wherever it is taken, once that is decided" : "the provider's payment id — no card data is ever stored";
  if (f.name === "idp_subject") return "stable subject from the identity provider";
  if (f.name === "rating") return "1–5";
  if (f.name === "storage_key") return "object key; the file lives in object storage";
  if (e.sensitivity === "phi" && !f.references && !["created_at", "status"].includes(f.name)) return "PHI";
  if (["email", "phone", "given_name", "family_name", "date_of_birth", "address", "display_name"].includes(f.name)) return "personal data";
  return "";
}

function entitySection(e: Entity, db: Db): string {
  const sens = e.sensitivity === "none" ? "" : ` Classification: ${e.sensitivity === "phi" ? "protected health information" : e.sensitivity === "payment" ? "payment references (no card data)" : "personal data"}.`;
  const where = db === "crd" ? `Custom resource kind \`${e.name}\` (namespaced; spec holds desired state, status the observed state)` : db === "files" ? `Files under \`src/content/${e.table}/\`` : `Table \`${e.table}\``;
  return `### ${e.name}\n\n${e.purpose}. ${where}.${sens}\n\n${table(["Field", "Type", "Constraints", "Notes"], e.fields.map((f) => [`\`${f.name}\``, typeOf(f, db), constraintsOf(f), noteOf(e, f)]))}`;
}

const erName = (n: string) => snake(n).toUpperCase();

function erDiagram(entities: Entity[], relations: Relation[], db: Db): string {
  const lines = ["erDiagram"];
  for (const r of relations) {
    const card = r.oneToOne ? (r.optional ? "|o--o|" : "||--o|") : r.optional ? "|o--o{" : "||--o{";
    lines.push(`  ${erName(r.to)} ${card} ${erName(r.from)} : ${r.verb}`);
  }
  for (const e of entities) {
    lines.push(`  ${erName(e.name)} {`);
    for (const f of e.fields.slice(0, 8)) {
      const t = typeOf(f, db).split(/[ (]/)[0].replace(/[^A-Za-z0-9_]/g, "") || "string";
      lines.push(`    ${t} ${f.name}${f.primary ? " PK" : f.references ? " FK" : f.unique ? " UK" : ""}`);
    }
    lines.push("  }");
  }
  return fence("mermaid", lines.join("\n"));
}

function indexes(ctx: ProjectContext): string[] {
  const m = ctx.model;
  const out: string[] = [];
  const tableOf = (n: string) => m.entities.find((e) => e.name === n)?.table ?? snake(n);
  for (const r of m.relations) out.push(`Index on \`${tableOf(r.from)}.${r.field}\` (foreign key lookups and cascades).`);
  for (const e of m.entities) {
    for (const f of e.fields) if (f.unique && !f.primary) out.push(`Unique \`${e.table}.${f.name}\`.`);
    const money = e.fields.filter((f) => f.type === "money").map((f) => f.name);
    if (money.length) out.push(`Check on \`${e.table}\`: ${money.map((n) => `${n} >= 0`).join(", ")}.`);
    if (e.fields.some((f) => f.name === "rating")) out.push(`Check on \`${e.table}\`: rating between 1 and 5; unique (order_id) so an order is reviewed once.`);
    if (e.fields.some((f) => f.name === "starts_at") && e.fields.some((f) => f.name === "ends_at")) out.push(`Check on \`${e.table}\`: ends_at > starts_at.`);
    if (e.fields.some((f) => f.name === "capacity")) out.push(`Capacity of \`${e.table}\` enforced in the same transaction as the insert (SELECT … FOR UPDATE), never only in application code.`);
    if (e.fields.some((f) => f.name === "status" && f.enumValues)) out.push(`\`${e.table}.status\` is one of ${e.fields.find((f) => f.name === "status")!.enumValues!.map((v) => `\`${v}\``).join(", ")}; allowed transitions live in one function of the owning service and are unit-tested.`);
  }
  if (ctx.traits.has("multi_tenant")) out.push("Row-level security on every tenant table: organization_id = current_setting('app.organization_id').");
  if (m.entities.some((e) => e.name === "AuditEvent")) out.push("audit_events is insert-only: the application role has INSERT and SELECT, never UPDATE or DELETE.");
  return [...new Set(out)].slice(0, 24);
}

function protection(ctx: ProjectContext): string {
  const t = ctx.traits;
  const hipaa = ctx.regulations.some((r) => r.id === "hipaa");
  const phiKeep = t.has("ehr_integration") ? "per the clinic's record policy; the EHR is the system of record" : hipaa ? "per the provider's record policy (state law, typically 6–10 years)" : `per national medical-record law${t.region.countries.includes("Germany") ? " (10 years in Germany, §630f BGB)" : ""}`;
  // Each class of data (the audit log is one of its own): what it is called, how it is protected, how long it is kept.
  const classes: Record<string, [string, string, string]> = {
    audit: ["accountability record", "append-only, exported daily to write-once storage", t.has("health") ? (hipaa ? "6 years (HIPAA)" : "as long as the records they cover") : "1 year"],
    phi: ["PHI", "encrypted at rest (KMS), TLS in transit, access logged, never in logs or analytics", phiKeep],
    payment: ["payment reference", "only provider ids and amounts; card data stays with the payment provider", "10 years (tax and accounting law)"],
    pii: ["personal data", "encrypted at rest; visible only to the person and admins", t.region.eu ? "until account deletion; erased or anonymised within 30 days of a GDPR request" : "until account deletion"],
  };
  const rows = ctx.model.entities.filter((e) => e.sensitivity !== "none" || e.name === "AuditEvent").map((e) => [e.name, ...classes[e.name === "AuditEvent" ? "audit" : e.sensitivity]]);
  const regs = ctx.regulations.filter((r) => r.legal).map((r) => r.name.split(" (")[0]);
  const lead = regs.length ? `Applies: ${joinList(regs)}. ` : "";
  const extra = [
    "Backups inherit the classification of their source and expire with the same retention.",
    "Logs carry ids, never personal data; error reports scrub request bodies.",
    ...(t.region.eu ? ["Erasure deletes personal fields and keeps anonymised orders and payments needed for accounting."] : []),
  ];
  return `${lead}Every table is classified; the strictest row decides how a table is protected.\n\n${rows.length ? table(["Data", "Classification", "Protection", "Retention"], rows) : "No personal data beyond sign-in emails; those are deleted with the account."}\n\n${bullets(extra)}`;
}

function migrationOrder(entities: Entity[], relations: Relation[]): string[] {
  const done: string[] = [];
  const pending = entities.map((e) => e.name);
  while (pending.length) {
    const i = pending.findIndex((n) => relations.filter((r) => r.from === n && r.to !== n).every((r) => done.includes(r.to) || !pending.includes(r.to)));
    const next = pending.splice(i >= 0 ? i : 0, 1)[0];
    done.push(next);
  }
  return done;
}

export function writeDataModel(ctx: ProjectContext): string {
  const plan = ctx.plan;
  const db = dbKind(plan.database.choice);
  const f = toolchain(plan.family, plan.framework.choice);
  const m = ctx.model;
  const order = migrationOrder(m.entities, m.relations);
  const tool =
    db === "mongo" ? "versioned migration scripts (migrate-mongo style)" : db === "crd" ? "CRD versions with a conversion webhook (v1alpha1 → v1)" : db === "files" ? "content schema changes validated at build time (Astro content collections)" : f.migrations;
  const conventions =
    db === "crd"
      ? "Conventions: one custom resource per kind below, spec for desired state and status for observed state with conditions, RFC 3339 timestamps, owner references so children are garbage-collected."
      : db === "files"
        ? "Conventions: one Markdown file per entry with YAML frontmatter validated by a schema at build time; nothing is stored at runtime."
        : `Conventions: UUID v7 primary keys, snake_case names, timestamps in UTC, ${m.noMoney ? "no money fields anywhere (you said the product handles no payments)" : "money as integer minor units with an ISO 4217 currency"}, \`created_at\` on every row and \`updated_at\` where rows change.`;
  const intro = `${capitalize(ctx.profile.subject)}. ${m.entities.length} entities on ${plan.database.choice.split(" with ")[0]}. ${conventions}`;
  return doc(`${ARTIFACT_KINDS["data-model"].title} — ${ctx.title}`, intro, [
    ["Entities", m.entities.map((e) => entitySection(e, db)).join("\n\n")],
    ["Relationships", `${bullets(m.relations.length ? m.relations.map(relationLine) : ["Entities are independent; each belongs to the local user profile."])}\n\n${erDiagram(m.entities, m.relations, db)}`],
    ["Indexes & Constraints", bullets(indexes(ctx).length ? indexes(ctx) : ["Primary keys only; add indexes when a query needs them."])],
    ["Data Protection & Retention", protection(ctx)],
    [
      "Migrations",
      `Tool: ${tool}. ${db === "crd" ? "Schema changes are additive within a version; CI installs the CRDs into envtest and runs the controller tests against them." : db === "files" ? "The build fails on any entry that does not match its schema." : "Migrations are forward-only and reviewed like code; CI applies them to a fresh database and runs the integration tests against it."}\n\n${db === "crd" ? "Install order (dependencies first)" : "Initial migration order (dependencies first)"}:\n\n${numbered(order.map((n) => `\`${m.entities.find((e) => e.name === n)!.table}\``))}\n\n${bullets([
        "Breaking changes use expand → migrate data → contract across two releases, so a deploy never needs downtime.",
        "Seed data for local development comes from factories with realistic, synthetic values — never a copy of production.",
        `Every migration has a tested rollback path or an explicit note why it cannot be rolled back.`,
      ])}`,
    ],
  ]);
}
