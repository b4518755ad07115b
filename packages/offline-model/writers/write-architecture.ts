// The architecture overview: pattern, components, API, data model summary,
// directory layout (the scaffold's source), security, operations and ADRs — all
// derived from the approved stack and the project's entities.
import { ARTIFACT_KINDS } from "@inception-party/protocol";
import { actorList } from "../actors-view";
import type { ProjectContext } from "../context";
import { cliCommands, designApi, realtimeEvents } from "../knowledge/api-design";
import { directoryTree } from "../knowledge/directory-layout";
import { toolchain } from "../knowledge/family-profiles";
import { groupModules } from "../knowledge/modules";
import { getSlot, payProvider, type StackPlan } from "../knowledge/stack-plan";
import { TECHS } from "../knowledge/tech-catalog";
import { localeCode, saysLanguage } from "../reading/languages";
import { needArchitectureLine, statedNeeds } from "./requirement-lines";
import { bullets, doc, fence, table } from "../markdown";
import { camel, capitalize, joinList, lowerFirst, plural, quote } from "../text-utils";

const short = (s: string) => s.split(/ with | \(|:/)[0].trim();

function mermaidContext(ctx: ProjectContext, plan: StackPlan): string {
  const lines = ["flowchart LR"];
  const actors = actorList(ctx, 3);
  actors.forEach((a, i) => lines.push(`  U${i}["${capitalize(a)}"]`));
  const cli = ctx.traits.has("cli");
  const app = cli ? `CLI (${short(plan.framework.choice)})` : `Web app + API (${short(plan.framework.choice)})`;
  lines.push(`  APP["${app}"]`, `  DB[("${short(plan.database.choice)}")]`);
  actors.forEach((_, i) => lines.push(`  U${i} --> APP`));
  lines.push("  APP --> DB");
  if (getSlot(plan, "realtime")) lines.push(`  GW["Real-time gateway (${short(getSlot(plan, "realtime")!.choice)})"]`, ...actors.map((_, i) => `  U${i} <-.->|WebSocket| GW`), "  GW --> DB");
  if (getSlot(plan, "queue")) lines.push(`  JOBS["Worker (${short(getSlot(plan, "queue")!.choice)})"]`, "  APP --> JOBS", "  JOBS --> DB");
  if (getSlot(plan, "payments")) lines.push(`  PSP["${getSlot(plan, "payments")!.choice.replace(/ (?:and its|\+|\().*$/, "")}"]`, "  APP -->|payments| PSP", "  PSP -.->|signed webhooks| APP");
  if (getSlot(plan, "fhir")) lines.push('  EHR["Clinic EHR (FHIR R4)"]', `  ${getSlot(plan, "queue") ? "JOBS" : "APP"} -->|outbox| EHR`);
  if (getSlot(plan, "sso")) lines.push('  IDP["Company identity provider"]', "  APP -->|OIDC| IDP");
  if (getSlot(plan, "storage")) lines.push('  OBJ[("Object storage")]', "  APP -->|presigned URLs| OBJ");
  if (getSlot(plan, "iot")) lines.push('  DEV["Devices"]', '  MQTT["MQTT broker"]', "  DEV -->|MQTT/TLS| MQTT", '  ING["Ingest worker"]', "  MQTT --> ING", "  ING --> DB");
  if (getSlot(plan, "ai")) lines.push('  LLM["Model provider"]', "  APP -->|minimised prompts| LLM");
  return fence("mermaid", lines.join("\n"));
}

function operatorComponents(ctx: ProjectContext, plan: StackPlan): string {
  const kinds = ctx.model.entities.map((e) => e.name);
  const rows = [
    ["Controller manager", "Runs the reconcilers with leader election, health probes and metrics", plan.framework.choice],
    ...kinds.map((k) => [`${k} reconciler`, `Drives each ${k} from its spec to the observed status; idempotent and level-triggered`, `${plan.language.choice} (controller-runtime)`]),
    ["Custom resource definitions", `Schema and validation for ${joinList(kinds)}`, "CRDs (OpenAPI v3 schemas)"],
    ...plan.additional.map((a) => [capitalize(a.slot === "other" ? "integration" : a.slot), a.rationale.split(";")[0], a.choice]),
  ];
  const diagram = ["flowchart LR", '  U0["Platform engineers"] -->|kubectl apply| API["Kubernetes API server"]', '  API --> MGR["Controller manager"]', "  MGR -->|status, events| API", '  MGR --> TGT["Managed workloads"]', ...(getSlot(plan, "storage") || /s3/i.test(plan.additional.map((a) => a.choice).join(" ")) ? ['  MGR -->|backup data| OBJ[("Object storage")]'] : [])];
  return `${table(["Component", "Responsibility", "Technology"], rows)}\n\n${fence("mermaid", diagram.join("\n"))}`;
}

function staticComponents(ctx: ProjectContext, plan: StackPlan): string {
  const rows = [
    ["Static site generator", "Builds every page from content at deploy time", plan.framework.choice],
    ["Content collections", `Typed Markdown for ${joinList(ctx.model.entities.map((e) => e.name))}`, plan.database.choice],
    ["Contact form", "Sends enquiries by email through a form service; rate-limited with a honeypot", "Form service (e.g. Formspree or a serverless function)"],
    ...plan.additional.map((a) => [capitalize(a.slot), a.rationale.split(";")[0], a.choice]),
  ];
  const diagram = ["flowchart LR", '  U0["Customers"] --> CDN["CDN (static files)"]', '  U0 -->|contact form| FORM["Form service"]', '  FORM -->|email| OWNER["Owner inbox"]', '  GIT["Repository (Markdown)"] -->|build| CDN'];
  return `${table(["Component", "Responsibility", "Technology"], rows)}\n\n${fence("mermaid", diagram.join("\n"))}`;
}

function components(ctx: ProjectContext, plan: StackPlan): string {
  if (ctx.traits.has("k8s_operator")) return operatorComponents(ctx, plan);
  if (ctx.traits.has("simple_site")) return staticComponents(ctx, plan);
  const rows: string[][] = [];
  const mods = groupModules(ctx.model.entities);
  const cli = ctx.traits.has("cli");
  rows.push([cli ? "Command layer" : "Web app and API", cli ? "Parses commands and flags, prints results, maps errors to exit codes" : `UI for ${joinList(actorList(ctx, 3))}; REST API under /api/v1; input validation at the edge`, plan.framework.choice]);
  rows.push(...mods.map((m) => [`${capitalize(m.name)} module`, `Owns ${joinList(m.entities.map((e) => e.name))}: rules, persistence and events`, `${plan.language.choice} module`]));
  const rt = getSlot(plan, "realtime");
  if (rt) rows.push(["Real-time gateway", "Holds WebSocket connections, rooms per session, server-owned timers; publishes state changes", rt.choice]);
  const q = getSlot(plan, "queue");
  if (q) rows.push(["Background worker", "Retries webhooks, outbox deliveries and scheduled jobs outside the request path", q.choice]);
  rows.push(["Database", "System of record; constraints enforce the invariants in the data model", plan.database.choice]);
  for (const s of ["payments", "fhir", "sso", "storage", "iot", "ai", "observability", "secrets", "audit", "email", "mobile", "frontend"] as const) {
    const slot = getSlot(plan, s);
    if (slot) rows.push([capitalize(s === "fhir" ? "EHR integration" : s === "sso" ? "Single sign-on" : s === "iot" ? "Device messaging" : s === "ai" ? "Model gateway" : s), slot.rationale.split(";")[0], slot.choice]);
  }
  return `${table(["Component", "Responsibility", "Technology"], rows)}\n\n${mermaidContext(ctx, plan)}`;
}

function apiDesign(ctx: ProjectContext, plan: StackPlan): string {
  if (ctx.traits.has("cli")) {
    const bin = ctx.profile.name.toLowerCase().replace(/\b(cli|tool)\b/g, "").trim().replace(/\s+/g, "-") || "app";
    const cmds = cliCommands(ctx.profile.features.join(" "));
    return [
      `The public interface is the command line: \`${bin} <command> [flags]\`. Every command supports \`--help\`, \`--json\` for machine-readable output and exits non-zero on failure.`,
      "",
      table(["Command", "Purpose"], cmds.map((c) => [`\`${bin} ${c}\``, c === "init" ? "Create the config file and local state" : c === "status" ? "Show what would change, without changing anything" : c === "config" ? "Get or set configuration values" : `Run the ${c} operation; idempotent and safe to repeat`])),
    ].join("\n");
  }
  if (ctx.traits.has("k8s_operator")) {
    return [
      "The API is the Kubernetes API: users declare custom resources and the operator reconciles them. Every kind has a `spec` (desired state) and a `status` with conditions (`Ready`, `Progressing`, `Failed`).",
      "",
      table(["Kind", "Purpose", "Key spec fields"], ctx.model.entities.map((e) => [`\`${e.name}\``, e.purpose, e.fields.filter((f) => !f.primary && f.name !== "created_at" && !/_at$|phase/.test(f.name)).map((f) => `\`${camel(f.name)}\``).join(", ") || "—"])),
      "",
      "Users work with `kubectl apply -f`, `kubectl get <kind>` and `kubectl describe` (events explain every state change).",
    ].join("\n");
  }
  if (ctx.traits.has("simple_site")) {
    const pages = ctx.model.entities.map((e) => e.table);
    return [
      "No application API: every page is pre-rendered at build time. The only dynamic interaction is the contact form, posted to the form service.",
      "",
      table(["Route", "Content"], [["`/`", "Home page"], ...pages.filter((p) => p !== "pages").map((p) => [`\`/${p}/\``, `List and detail pages from \`src/content/${p}\``]), ["`/contact`", "Contact form (POST to the form service, rate-limited, with a honeypot)"], ["`/[slug]`", "Content pages from `src/content/pages`"]]),
    ].join("\n");
  }
  const eps = designApi(ctx.model, ctx.traits, ctx.model.roles, payProvider(ctx.plan));
  const events = realtimeEvents(ctx.model, ctx.traits);
  const style = /graphql/i.test(plan.additional.map((a) => a.choice).join(" ")) ? "GraphQL" : "REST over HTTPS with JSON bodies, described by an OpenAPI 3.1 document generated from the schemas";
  const parts = [
    `Style: ${style}. Versioned under \`/api/v1\`; errors use RFC 9457 problem details; list endpoints use cursor pagination; writes accept an \`Idempotency-Key\` header.`,
    "",
    table(["Method", "Path", "Purpose", "Who may call"], eps.map((e) => [e.method, `\`${e.path}\``, e.purpose, e.auth])),
  ];
  if (events.length) {
    parts.push("", `Real-time channel (\`/ws\`, ${short(getSlot(plan, "realtime")?.choice ?? "WebSocket")}): the client authenticates with the short-lived token from the REST API, then exchanges these events:`, "", table(["Event", "Direction", "Payload"], events.map((e) => [`\`${e.name}\``, e.direction, `\`${e.payload}\``])));
  }
  return parts.join("\n");
}

function dataModelSummary(ctx: ProjectContext): string {
  const m = ctx.model;
  const rows = m.entities.map((e) => {
    const rel = m.relations.filter((r) => r.from === e.name).map((r) => `${r.verb.replace(/_/g, " ")} → ${r.to}`);
    return [e.name, e.purpose, rel.length ? rel.join("; ") : "—"];
  });
  return `${table(["Entity", "Purpose", "Relations"], rows)}\n\nFields, types, indexes and retention are specified in \`${ARTIFACT_KINDS["data-model"].path}\`.`;
}

function security(ctx: ProjectContext): string {
  const t = ctx.traits;
  const authn = t.has("internal_tool")
    ? "Sign-in only through the company identity provider (OIDC); IdP groups map to roles; no local passwords."
    : t.has("cli")
      ? "Tokens for remote services are stored in the OS keychain, never in flags or plain files."
      : `Passkeys or email magic links for ${joinList(ctx.model.roles.filter((r) => r !== "admin").map((r) => plural(r.replace(/_/g, " ")))) || "members"}; a second factor for admins; sessions expire after inactivity.`;
  const items = [
    `Authentication: ${authn}${t.has("tablet_kiosk") ? " Shared tablets sign in as registered devices, not as people." : ""}${t.has("game") ? " Students join with a code and nickname; the server issues a short-lived token bound to one session." : ""}`,
    `Authorization: role-based (${ctx.model.roles.join(", ")}), checked in the module services, not only in the UI; every query is scoped to what the caller may see.`,
    ...ctx.concerns.map((c) => `${c.title}: ${c.fix}.`),
    `Baseline: OWASP ASVS Level 2 — input validation at the edge, output encoding, CSRF protection for cookie sessions, security headers and a strict Content-Security-Policy.`,
  ];
  const regs = ctx.regulations.filter((r) => r.id !== "owasp_asvs");
  const regTable = regs.length ? `\n\n${table(["Regulation / standard", "How the architecture complies"], regs.map((r) => [r.name, r.obligations.slice(0, 2).join("; ")]))}` : "";
  return bullets(items) + regTable;
}

function deployment(ctx: ProjectContext, plan: StackPlan): string {
  const f = toolchain(plan.family, plan.framework.choice);
  const host = getSlot(plan, "hosting") ?? getSlot(plan, "distribution");
  const obs = getSlot(plan, "observability");
  const cli = ctx.traits.has("cli");
  const items = [
    `Environments: local (docker compose), staging and production${ctx.traits.region.eu ? ", all in an EU region" : ""}; staging gets every merge to main, production gets tagged releases.`,
    `Hosting: ${host ? `${host.choice} — ${host.rationale}` : "a container platform with managed database backups"}.`,
    `Pipeline: ${f.commands.map((c) => `\`${c}\``).join(" → ")} → build ${cli ? "binaries" : "image"} → ${cli ? "publish release" : `migrate (${f.migrations}) → deploy → smoke test \`/api/health\``}.`,
    cli ? "Releases: semantic versions from tags; changelog generated from commits; checksums published with every artefact." : "Backups: daily snapshots plus point-in-time recovery; restore tested monthly (RPO 15 minutes, RTO 2 hours).",
    `Observability: ${obs ? obs.choice : "structured logs and metrics"}; structured JSON logs with request ids; alerts on error rate, latency (p95) and ${getSlot(plan, "queue") ? "queue depth" : "saturation"}.`,
    ...(getSlot(plan, "realtime") ? ["Scaling the gateway: one instance holds thousands of sockets; add instances behind sticky sessions with the Redis adapter when needed; drain connections on deploy so clients reconnect and resume."] : []),
    `Cost: ${ctx.ops.cost}`,
  ];
  return bullets(items);
}

function decisions(ctx: ProjectContext, plan: StackPlan): string {
  const adrs: [string, string, string, string][] = [
    [`${plan.pattern.split(":")[0]}`, plan.pattern, ctx.traits.has("cli") ? "One binary is what users install; a core library keeps commands thin and testable." : "One deployable keeps a small team fast; module boundaries keep the option to split later.", "Microservices — operational cost with no benefit at this scale."],
    [`${plan.language.choice} with ${plan.framework.choice}`, `${plan.language.choice} on ${plan.runtime} with ${plan.framework.choice}.`, `${plan.language.rationale}; ${plan.framework.rationale}.`, "Other ecosystems were weighed against the team's skills and the libraries the domain needs."],
    [short(plan.database.choice), plan.database.choice, plan.database.rationale, ctx.traits.has("cli") ? "A server database — nothing to host for a local tool." : "A document store — the data is relational and needs transactions."],
    ...plan.additional
      .filter((a) => ["payments", "realtime", "fhir", "sso", "iot", "audit"].includes(a.slot))
      .map((a): [string, string, string, string] => [short(a.choice), a.choice, a.rationale, a.slot === "payments" ? "Handling card data ourselves — PCI DSS scope far beyond SAQ A." : a.slot === "realtime" ? "Polling — seconds of delay and wasted requests." : a.slot === "fhir" ? "Direct synchronous writes to the EHR — intake would fail whenever the EHR is down." : a.slot === "sso" ? "Local accounts — another password store to secure and offboard." : "Building it ourselves later — retrofitting is harder than starting with it."]),
  ];
  return adrs
    .map(([title, decision, why, rejected], i) => `### ADR-${String(i + 1).padStart(3, "0")}: ${title}\n\n- Decision: ${decision}\n- Rationale: ${why}\n- Rejected: ${rejected}`)
    .join("\n\n");
}

/** What the person asked for outright, and where the design meets it: checked by the critique. */
export function statedRequirements(ctx: ProjectContext): string[] {
  const r = ctx.reading;
  // Offline use has its own, fuller line below.
  const out = statedNeeds(ctx).filter((n) => !(n.requirement?.name === "offline" && r.offline)).map(needArchitectureLine);
  if (r.languages.length) out.push(`UI in ${joinList(r.languages)}: every user-facing string lives in one message catalogue per locale (${r.languages.map((l) => `\`${localeCode(l)}\``).join(", ")}); the locale comes from the signed-in person's setting, then the browser; dates, numbers and e-mails follow it; CI fails on a key missing in any locale.${r.sentences.filter((s) => r.languages.some((l) => saysLanguage(s, l))).map((s) => ` As you said: ${quote(s, 200)}.`)[0] ?? ""}`);
  if (r.offline) out.push("Works offline: the client keeps what it needs in a local store (IndexedDB on the web, SQLite on a device) and records changes in an outbox; when a connection returns, the outbox syncs in order, the server is the referee (last write wins per field, with the server's timestamp), and the screen shows what is not yet synced.");
  if (ctx.model.noMoney) out.push("No payments: you said the product handles no money, so there is no payment provider, no price or amount field and no PCI scope.");
  if (r.budget) out.push(r.budget.value === 0 ? "No budget: every running service stays on a free tier (see Deployment & Operations)." : `Budget ${r.budget.text}: every running service is chosen to fit it (see Deployment & Operations).`);
  const ruled = r.ruledOut.filter((f) => !/payment/i.test(f));
  if (ruled.length) out.push(`Left out because you ruled it out: ${joinList(ruled.map((x) => quote(x, 120)))}.`);
  return out;
}

/** A stack choice inside a sentence: "rate limiting at the edge" is a phrase and starts lower case; "Vercel + Neon", "Sentry + OpenTelemetry" and "Redis" are names and keep their capital. */
function inSentence(choice: string): string {
  const first = choice.split(/[\s+(]/)[0];
  const named = TECHS.some((t) => new RegExp(`^(?:${t.pattern})$`, t.caseSensitive ? "" : "i").test(first));
  return named || !/\s/.test(choice.trim()) || /\s[A-Z]/.test(choice) ? choice : lowerFirst(choice);
}

export function writeArchitecture(ctx: ProjectContext): string {
  const plan = ctx.plan;
  const cmds = cliCommands(ctx.profile.features.join(" "));
  const tree = directoryTree({ name: ctx.profile.name, plan, traits: ctx.traits, entities: ctx.model.entities, commands: cmds });
  const modules = groupModules(ctx.model.entities).map((m) => m.name);
  const intro = `${capitalize(ctx.profile.subject)}. This document describes how it is built: ${plan.language.choice} with ${plan.framework.choice}, ${short(plan.database.choice)}${plan.additional.length ? `, plus ${joinList(plan.additional.slice(0, 4).map((a) => inSentence(short(a.choice))))}` : ""}.`;
  return doc(`${ARTIFACT_KINDS["architecture-overview"].title} — ${ctx.title}`, intro, [
    [
      "Architecture Pattern",
      `${plan.pattern.replace(/\.$/, "")}.${statedRequirements(ctx).length ? `\n\nWhat you asked for, and where the design meets it:\n\n${bullets(statedRequirements(ctx))}` : ""}\n\nThe domain splits into ${modules.length} modules (${modules.join(", ")}). Modules call each other through their service interfaces only and never read each other's tables; cross-module reactions go through domain events written in the same transaction (transactional outbox), so a module can later move to its own service without rewriting callers.`,
    ],
    ["Components", components(ctx, plan)],
    ["API Design", apiDesign(ctx, plan)],
    ["Data Model Summary", dataModelSummary(ctx)],
    [
      "Directory Layout",
      `${fence("text", tree)}\n\nTests live outside \`src/\` in \`tests/unit\`, \`tests/integration\` and \`tests/e2e\`, mirroring the module names.`,
    ],
    ["Security", security(ctx)],
    ["Deployment & Operations", deployment(ctx, plan)],
    ["Architecture Decisions", decisions(ctx, plan)],
  ]);
}
