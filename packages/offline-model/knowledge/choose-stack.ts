// Liam's first proposal: one cohesive stack from the domain traits and the
// technologies the person named. Preferences decide the language family; traits add
// the services the domain needs (payments → Stripe with webhooks, real-time → a
// WebSocket layer, EHR → a FHIR client, internal → SSO, ...).
import { joinList, lowerFirst, quote } from "../text-utils";
import type { DomainTraits } from "./detect-domain";
import type { ProjectProfile } from "./extract-profile";
import { FAMILIES, toolchain, type Family } from "./family-profiles";
import type { Preferences } from "./stack-preferences";
import type { Choice, Slot, SlotId, StackPlan } from "./stack-plan";

export interface StackInput {
  traits: DomainTraits;
  profile: ProjectProfile;
  prefs: Preferences;
  /** Entity names of the data model, to ground the database rationale. */
  entityNames: string[];
}

function chooseFamily({ traits, prefs, profile }: StackInput): { family: Family; why: string } {
  const team = profile.answers.first("team") ?? profile.answers.first("skills");
  if (prefs.family) {
    const said = prefs.familyEvidence ? `you said ${quote(prefs.familyEvidence, 120)}` : "you asked for it";
    return { family: prefs.family, why: `${said}, and a team productive on day one beats a theoretically better fit` };
  }
  if (traits.has("cli")) return { family: "go", why: "a CLI should ship as one static binary per OS with nothing to install first" };
  if (traits.has("k8s_operator")) return { family: "go", why: "Kubernetes controllers are written in Go with controller-runtime; client-go, envtest and Kubebuilder all live there" };
  if (traits.has("ai") && !traits.any("marketplace", "ecommerce", "realtime")) return { family: "python", why: "the AI features lean on Python's model and data tooling" };
  const who = team ? `; it suits ${quote(team, 80)}` : "";
  return { family: "node", why: `one language for the UI, the API and the tests, strict types end to end and the largest hiring pool${who}` };
}

/** A service of the stack: one slot, what fills it and why. */
const slot = (id: SlotId, choice: string, rationale: string): Slot => ({ slot: id, choice, rationale });

/** The framework, and the separate frontend a framework that serves only an API needs (a typed React client). */
const web = (choice: string, rationale: string, frontendWhy?: string): { framework: Choice; frontend?: Slot } => ({
  framework: { choice, rationale },
  frontend: frontendWhy ? slot("frontend", "React + Vite SPA (TypeScript)", frontendWhy) : undefined,
});

function chooseFramework(input: StackInput, family: Family): { framework: Choice; frontend?: Slot } {
  const { traits: t, prefs, profile } = input;
  const f = FAMILIES[family];
  const feature = profile.features[0] ? `“${lowerFirst(profile.features[0])}”` : `the ${profile.head}`;
  if (t.has("cli")) return web(f.cliFramework, `subcommands, flags, help text and shell completion out of the box for ${feature}`);
  if (t.has("k8s_operator") && family === "go") return web("Kubebuilder (controller-runtime)", `reconcile loops, CRD generation and leader election for ${feature}`);
  if (t.has("simple_site") && family === "node" && !prefs.framework) return web("Astro 5 with Tailwind CSS", `static pages that load instantly and cost nothing to host; content is edited as Markdown for ${feature}`);
  if (prefs.framework && prefs.framework.family === family) {
    const fw = prefs.framework.framework!;
    const named = fw.includes(prefs.framework.label) ? "named by you" : `builds on ${prefs.framework.label}, which you named`;
    return web(fw, `${named}; it covers ${feature} with conventions the team already knows`);
  }
  switch (family) {
    case "node": {
      if (t.has("mobile") && /native|ios|android|app store/i.test((t.evidence.mobile ?? []).join(" "))) return web("NestJS 11", "a structured API for the mobile apps, with modules per domain and OpenAPI generated from the code");
      const rt = t.has("realtime") ? "; the live updates run through a WebSocket gateway next to it" : "";
      return web(f.webFramework, `server components and route handlers give the UI and the API in one deployable for ${feature}${rt}`);
    }
    case "python":
      if (t.any("ai", "iot", "cli")) return web("FastAPI", `async endpoints with pydantic validation and OpenAPI docs generated from the types, for ${feature}`, "a typed client generated from FastAPI's OpenAPI schema");
      return web("Django 5.2 with HTMX", `the admin, auth, forms and migrations are built in, and HTMX keeps ${feature} interactive without a separate SPA`);
    case "go":
    case "jvm":
    case "rust":
      return web(f.webFramework, `a small, explicit HTTP layer with OpenAPI-first handlers for ${feature}`, "a typed client generated from the OpenAPI spec; served as static files by the same service");
    default:
      return web(f.webFramework, `server-rendered pages with built-in auth, jobs and real-time primitives for ${feature}`);
  }
}

function chooseDatabase(input: StackInput, family: Family, framework: string): Choice {
  const { traits: t, prefs, entityNames } = input;
  const f = toolchain(family, framework);
  const names = joinList(entityNames.filter((n) => n !== "User" && n !== "AuditEvent").slice(0, 4));
  const integrity = names ? `relational integrity and transactions for ${names}` : "relational integrity and transactions";
  const db = prefs.database?.id;
  if (db === "mysql") return { choice: `MySQL 8.4 with ${f.orm}`, rationale: `named by you; ${integrity}; schema changes through ${f.migrations}` };
  if (db === "sqlite") return { choice: `SQLite (WAL mode) with ${f.orm}`, rationale: `named by you; a single file is enough at this scale and backups are a file copy (Litestream)` };
  if (db === "mongodb") return { choice: "MongoDB 8 (Atlas)", rationale: `named by you; flexible documents for ${names || "the records"}; multi-document transactions where money or state changes together` };
  if (db === "sqlserver") return { choice: `SQL Server 2022 with ${f.orm}`, rationale: `named by you; ${integrity}` };
  if (db === "dynamodb") return { choice: "Amazon DynamoDB", rationale: "named by you; single-table design keyed by access pattern" };
  if (db === "firestore") return { choice: "Cloud Firestore", rationale: "named by you; real-time listeners and offline cache in the client SDKs" };
  // An operator's "Postgres" is what it manages, not where it keeps state.
  if (t.has("k8s_operator")) return { choice: "Kubernetes custom resources (etcd via the API server)", rationale: "desired and observed state live in CRDs with status subresources; no separate database to run" };
  if (t.has("simple_site") && !db) return { choice: "Markdown content collections (no database)", rationale: "pages and products are files in the repository, versioned and reviewed like code; a database can come with the first dynamic feature" };
  if (t.has("cli") && !db) return { choice: "SQLite (local, in the user's config directory)", rationale: "local state and history need no server; one file, zero setup, safe concurrent reads" };
  const extras: string[] = [];
  if (t.has("search")) extras.push("full-text search with tsvector and GIN indexes (no separate search service yet)");
  if (t.has("location")) extras.push("PostGIS for distance and radius queries");
  if (t.has("iot")) extras.push("the TimescaleDB extension for time-series readings with compression and retention policies");
  if (t.has("multi_tenant")) extras.push("row-level security keyed on organization_id");
  if (t.has("ai") && t.has("search")) extras.push("pgvector for semantic search");
  const name = t.has("iot") ? `PostgreSQL 17 + TimescaleDB with ${f.orm}` : `PostgreSQL 17 with ${f.orm}`;
  return { choice: name, rationale: `${integrity}${extras.length ? `; ${joinList(extras)}` : ""}; migrations with ${f.migrations}` };
}

function hosting(input: StackInput, family: Family): Slot {
  const { traits: t, prefs } = input;
  const eu = t.region.eu;
  const euRegion = eu ? " in an EU region (Frankfurt)" : "";
  const host = (choice: string, rationale: string) => slot("hosting", choice, rationale);
  if (t.has("k8s_operator")) return slot("distribution", "Container image on GHCR + Helm chart", "clusters install or upgrade the operator with one Helm command; images are built and signed by CI");
  if (prefs.hosting) return host(prefs.hosting.label, `named by you; one platform for the app, the database and backups${euRegion}`);
  // The person fixed where it runs: one machine, so no serverless or managed platform.
  if (prefs.singleServer && !t.has("cli")) return host("A single small server (VPS): the app and PostgreSQL under Docker Compose behind Caddy", `you said ${quote(prefs.singleServer, 120)}; nightly pg_dump backups copied off the machine, automatic HTTPS, and one box a volunteer can look after${euRegion}`);
  if (t.has("cli")) return slot("distribution", family === "go" ? "GitHub Releases + Homebrew tap (GoReleaser)" : family === "node" ? "npm registry + GitHub Releases" : "GitHub Releases + package registry", "users install with one command; releases are built by CI from tags");
  if (t.has("health")) {
    if (t.region.eu && !t.region.us) {
      const de = t.region.countries.includes("Germany");
      return host("AWS Frankfurt (eu-central-1): ECS Fargate + RDS for PostgreSQL", `health data stays in ${de ? "Germany" : "the EU"} under a DPA${de ? "; AWS holds a BSI C5 attestation" : ""}; no servers to patch`);
    }
    return host("AWS: ECS Fargate + RDS for PostgreSQL", "HIPAA-eligible services covered by the AWS Business Associate Addendum; no servers to patch");
  }
  if (t.has("simple_site") && family === "node") return host("Netlify or Vercel static hosting", "a CDN in front of static files: free at this size, HTTPS and previews included");
  if (t.has("internal_tool")) return host("The company's container platform (Kubernetes) behind the SSO proxy", "internal users, internal network; reuses existing backups, monitoring and on-call");
  if (t.has("iot")) return host("AWS: ECS Fargate + Timescale Cloud", `device traffic and services in one cloud${euRegion}`);
  if (t.has("realtime") && family === "node") return host("Vercel for Next.js + Fly.io for the WebSocket gateway", `Vercel's functions cannot hold WebSocket connections, so the gateway runs where long-lived connections are cheap${euRegion}`);
  if (family === "node") return host(`Vercel + Neon serverless PostgreSQL${eu ? " (both in Frankfurt)" : ""}`, "preview deployments per pull request and a database that scales to zero while traffic is small");
  return host(`Fly.io${eu ? " (Frankfurt region)" : ""} with managed PostgreSQL`, "one Docker image deployed close to users, with managed database backups");
}

function services(input: StackInput, family: Family, framework: string): Slot[] {
  const { traits: t, profile } = input;
  const f = toolchain(family, framework);
  const out: Slot[] = [];
  if (t.has("payments")) {
    const methods = t.region.countries.includes("Portugal") ? "cards and MB WAY" : t.region.eu ? "cards, wallets and local EU methods" : "cards and wallets";
    const recurring = /subscri|per month|monthly plan|recurring/i.test(`${profile.subject} ${profile.features.join(" ")} ${profile.answers.sentences.join(" ")}`);
    out.push(
      input.prefs.payWith
        ? slot("payments", `${input.prefs.payWith} and its payment notifications`, `the way you said people pay; each payment is matched to its record when ${input.prefs.payWith} confirms it`)
        : t.has("marketplace")
        ? slot("payments", "Stripe Connect (Express accounts) + webhooks", `${methods} in one integration; Stripe onboards and verifies sellers, splits the platform commission and pays them out`)
        : recurring
          ? slot("payments", "Stripe Billing (subscriptions) + webhooks", "plans, invoices, dunning and the customer portal without storing card data; webhooks keep subscription state in sync")
          : slot("payments", "Stripe Payment Intents + webhooks", `${methods} with hosted card fields; webhooks confirm payment state server-side`),
    );
  }
  if (t.has("realtime") && !t.has("video_calls")) out.push(slot("realtime", f.realtime, `pushes ${t.has("game") ? "questions, the countdown and leaderboard updates" : "live updates"} to every connected client in milliseconds, with rooms per ${t.has("game") ? "game" : "channel"}`));
  if (t.has("ehr_integration")) out.push(slot("fhir", `HL7 FHIR R4 client: ${f.fhir}`, "reads and writes the EHR's Patient, Encounter and Observation resources; SMART Backend Services for system-to-system auth"));
  if (t.has("internal_tool")) out.push(slot("sso", `SSO: ${f.oidc}`, "no passwords to manage; joiners and leavers follow the identity provider"));
  if (t.has("iot")) out.push(slot("iot", "AWS IoT Core (MQTT)", "a managed MQTT broker with per-device certificates and rules that route telemetry to the ingest service"));
  if (t.has("media")) out.push(slot("storage", `S3-compatible object storage${t.region.eu ? " (EU region)" : ""} with presigned uploads`, "images go straight from the browser to storage; the database keeps only keys and metadata"));
  if (t.has("ai")) out.push(slot("ai", f.ai, "keeps the model provider swappable and every output validated before it is stored"));
  if (t.has("video_calls")) out.push(slot("realtime", `LiveKit (WebRTC)${t.region.eu ? " self-hosted in the EU" : ""}`, "encrypted video rooms per session; media never touches our disks and recording stays off by default"));
  if (t.has("e_signature")) out.push(slot("other", "Dropbox Sign or DocuSign API", "legally recognised signatures with an audit trail, without building signature evidence ourselves"));
  if (t.has("mobile") && /native|ios|android|app store|mobile app/i.test((t.evidence.mobile ?? []).join(" "))) out.push(slot("mobile", "React Native (Expo)", "one TypeScript codebase for iOS and Android, sharing types with the API"));
  if (t.has("offline_first")) out.push(slot("offline", "PWA with a service worker and an IndexedDB outbox", "work continues without a connection and syncs when it returns"));
  if (t.any("payments", "notifications", "ehr_integration", "scheduling") && !t.any("cli", "k8s_operator", "simple_site")) out.push(slot("queue", f.queue, `retries ${joinList([t.has("payments") ? "webhook handling" : "", t.has("ehr_integration") ? "EHR writes" : "", t.any("notifications", "scheduling") ? "reminders" : ""].filter(Boolean))} outside the request path`));
  if (t.has("notifications") && !t.has("cli")) out.push(slot("email", "Transactional email (Postmark or Amazon SES)", "receipts and reminders with delivery tracking"));
  return out;
}

function pattern(t: DomainTraits, family: Family): string {
  if (t.has("cli")) return "Single-binary CLI: thin command layer over a tested core library";
  if (t.has("k8s_operator")) return "Kubernetes operator: level-triggered reconcile loops over custom resources";
  if (t.has("simple_site")) return "Static site: pre-rendered pages from Markdown content, no server at runtime";
  if (t.has("iot")) return "Event-driven ingestion (MQTT → ingest worker → time-series store) feeding a modular monolith API and dashboard";
  if (t.has("realtime")) return `Modular monolith with a separate real-time gateway${family === "elixir" ? " (Phoenix Channels in the same node)" : ""}; shared domain modules`;
  if (t.has("ehr_integration")) return "Modular monolith with ports and adapters: the EHR sits behind an adapter fed by a transactional outbox";
  if (t.has("multi_tenant")) return "Multi-tenant modular monolith (shared schema, tenant id on every row)";
  if (t.any("marketplace", "payments")) return `Modular monolith with a transactional outbox for payment${t.has("marketplace") ? " and payout" : ""} events`;
  return "Modular monolith: one deployable with a module per domain area";
}

export function chooseStack(input: StackInput): StackPlan {
  const { family, why } = chooseFamily(input);
  const f = FAMILIES[family];
  const { framework, frontend } = chooseFramework(input, family);
  const additional: Slot[] = [hosting(input, family)];
  if (frontend) additional.push(frontend);
  additional.push(...services(input, family, framework.choice));
  for (const tech of input.prefs.add) {
    if (!additional.some((a) => a.choice.toLowerCase().includes(tech.label.toLowerCase()))) additional.push(slot("other", tech.label, `named by you: ${tech.note ?? "part of your existing toolkit"}`));
  }
  const avoided = input.prefs.avoid.map((a) => a.label.toLowerCase());
  return {
    pattern: pattern(input.traits, family),
    family,
    language: { choice: f.language, rationale: input.prefs.family ? `${why}; ${f.strengths}` : why },
    runtime: f.runtime,
    framework,
    database: chooseDatabase(input, family, framework.choice),
    additional: additional.filter((a) => !avoided.some((x) => a.choice.toLowerCase().includes(x))).slice(0, 5),
    testRunner: input.traits.has("cli") ? f.testRunner : input.traits.has("k8s_operator") ? `${f.testRunner} + envtest` : `${f.testRunner} + ${f.e2e}`,
    packageManager: f.packageManager,
  };
}
