// The project facts behind the vision messages and the brief: who it is for, what it
// does, what constrains it, how success is measured and what could go wrong. Built
// from the person's words first, then from what the domain implies.
import { actorList, userActors } from "../actors-view";
import type { ProjectContext } from "../context";
import { painTopic } from "../reading/features";
import { briefLine } from "./requirement-lines";
import { capitalize, isMetaAnswer, joinList, lowerFirst, normalizeSpace, quote, stripTrailingPunct, unique } from "../text-utils";

const lc = (s: string) => s.toLowerCase();

function commission(ctx: ProjectContext): string | undefined {
  return /(\d+(?:[.,]\d+)?%)\s*(?:platform\s+)?(?:commission|fee|cut|take rate)/i.exec(ctx.projectText)?.[1];
}

export function paymentMethods(ctx: ProjectContext): string {
  const text = ctx.projectText;
  const m: string[] = [];
  if (/\bcards?\b/i.test(text) || !/mb ?way|paypal|ideal/i.test(text)) m.push("card");
  if (/mb ?way/i.test(text)) m.push("MB WAY");
  if (/paypal/i.test(text)) m.push("PayPal");
  if (/apple pay/i.test(text)) m.push("Apple Pay");
  if (/google pay/i.test(text)) m.push("Google Pay");
  return joinList(m);
}

/** Answer sentences on a topic, as quotes, without repeating a sentence. */
export function quotesAbout(ctx: ProjectContext, topics: Parameters<ProjectContext["profile"]["answers"]["about"]>[0][], max = 2): string[] {
  const found = unique(topics.flatMap((t) => ctx.profile.answers.about(t)));
  return found.slice(0, max);
}

/** "Buyers are office workers aged 25-45; cooks are often retirees" → one clause per group. */
function audienceClauses(ctx: ProjectContext): string[] {
  return ctx.profile.answers.about("audience").flatMap((s) => s.split(/;\s*|,\s+(?=[a-z]+\s+(?:are|is)\b)/));
}

/** A volume the person gave ("500 weekly orders", "up to 40 students"), not a percentage or team size. */
export function scaleFact(ctx: ProjectContext): string | undefined {
  return ctx.profile.numbers.find((n) => /\d/.test(n) && !/%|person|people team|developers?|engineers?/i.test(n));
}

export function targetUsers(ctx: ProjectContext): string[] {
  const clauses = audienceClauses(ctx);
  const all = userActors(ctx);
  // "Buyers are office workers": office workers describe buyers, they are not another group.
  const described = new Set<string>();
  for (const c of clauses) {
    const subject = all.find((a) => new RegExp(`^\\s*(?:the\\s+)?(?:${a.plural}|${a.singular})\\b`, "i").test(c) || new RegExp(`^\\s*(?:the\\s+)?${a.plural.split(" ").pop()}\\b`, "i").test(c));
    if (subject) for (const o of all) if (o !== subject && new RegExp(`\\b${o.plural}\\b`, "i").test(c)) described.add(o.plural);
  }
  const users = all.filter((a) => !described.has(a.plural));
  const out = users.slice(0, 5).map((a) => {
    const word = a.singular.split(" ").pop()!;
    const said = clauses.find((s) => new RegExp(`\\b${word}`, "i").test(s));
    // What this group does, without repeating who: "Members — reserve plots; log harvests".
    const does = ctx.profile.features
      .filter((f) => new RegExp(`^(?:the\\s+)?${word}s?\\b`, "i").test(f))
      .map((f) => stripTrailingPunct(f.replace(new RegExp(`^(?:the\\s+)?${word}s?\\s+`, "i"), "")));
    const anyDoes = does.length ? does.join("; ") : ctx.profile.features.find((f) => new RegExp(`\\b${word}`, "i").test(f));
    const detail = said ? `as you put it, ${quote(said, 140)}` : anyDoes ? lowerFirst(stripTrailingPunct(anyDoes)) : `the people the ${ctx.profile.head} is built for`;
    return `${capitalize(a.plural)} — ${detail}`;
  });
  if (ctx.traits.any("marketplace", "health", "internal_tool", "education") || !out.length) {
    out.push(
      ctx.traits.has("internal_tool")
        ? "Tool administrators who manage access and content"
        : ctx.traits.has("health")
          ? "Clinic administrators who manage devices, staff accounts and the EHR connection"
          : ctx.traits.has("education")
            ? "School administrators who manage teacher accounts and data requests"
            : "Platform administrators who handle support, moderation and disputes",
    );
  }
  return out;
}

interface TraitFeature {
  when: (ctx: ProjectContext) => boolean;
  /** Skip when the person already listed a feature about this. */
  covered: RegExp;
  text: (ctx: ProjectContext) => string;
}

const TRAIT_FEATURES: TraitFeature[] = [
  {
    when: (c) => c.traits.has("payments"),
    covered: /\b(pay|checkout)\w*\b.*\b(card|mb ?way|stripe)/i,
    text: (c) => `In-app payment by ${paymentMethods(c)}${c.traits.has("marketplace") ? `, with the ${commission(c) ?? "platform"} commission deducted before each payout` : ""}`,
  },
  { when: (c) => c.traits.has("marketplace"), covered: /\b(review|rating)s?\b/i, text: () => "Ratings and reviews after each completed order" },
  {
    when: (c) => c.traits.has("marketplace"),
    covered: /\b(verif|onboard)\w*/i,
    text: (c) => `Seller onboarding with identity${c.traits.has("food") ? ", hygiene and allergen declarations" : " checks"} before the first listing`,
  },
  { when: (c) => c.traits.has("clinical_decision"), covered: /\boverrid\w*/i, text: () => "Nurse confirmation or override of every suggested priority, with the reason recorded" },
  { when: (c) => c.traits.has("ehr_integration"), covered: /\bwrite\w*\b.*\b(ehr|fhir)/i, text: () => "Confirmed triage results written back to the EHR as FHIR resources" },
  { when: (c) => c.traits.has("minors") && c.traits.has("game"), covered: /\bnickname/i, text: () => "Students join with a code and a nickname — no accounts" },
  { when: (c) => c.traits.has("realtime") && !c.traits.has("game"), covered: /\blive|real[- ]?time/i, text: () => "Live updates pushed to everyone viewing the same record" },
  { when: (c) => c.traits.has("internal_tool"), covered: /\bsso|sign[- ]in/i, text: () => "Sign-in through the company's identity provider (SSO)" },
  { when: (c) => c.traits.has("incident_ops"), covered: /\bversion/i, text: () => "Runbook versions, so a checklist run records exactly which steps it followed" },
  { when: (c) => c.traits.has("iot"), covered: /\bthreshold|alert/i, text: () => "Threshold alerts with acknowledgement and escalation" },
  { when: (c) => c.traits.has("notifications"), covered: /\bnotif|remind/i, text: () => "Notifications by email or push for the events people must not miss" },
  { when: (c) => c.traits.has("search") && !/search/i.test(c.profile.features.join(" ")), covered: /search/i, text: () => "Full-text search with filters" },
  { when: (c) => c.traits.has("multi_tenant"), covered: /\borgani[sz]ation|workspace|team account/i, text: () => "Organisation accounts with roles and invitations" },
  { when: (c) => c.traits.has("cli"), covered: /\bconfig/i, text: () => "A config file and `--help` for every command, with shell completion" },
];

export function coreFeatures(ctx: ProjectContext, max = 10): string[] {
  // The feature that cures the pain the person called the worst comes first.
  const topic = painTopic(ctx.reading);
  const cures = (f: string) => topic.some((w) => f.toLowerCase().includes(w.toLowerCase().replace(/s$/, "")));
  const listed = [...ctx.profile.features].sort((a, b) => Number(cures(b)) - Number(cures(a))).map((f) => capitalize(stripTrailingPunct(f)));
  const all = listed.join(" ");
  const extra = TRAIT_FEATURES.filter((f) => f.when(ctx) && !f.covered.test(all)).map((f) => f.text(ctx));
  const out = unique([...listed, ...extra]);
  if (out.length < 2) out.push(`Accounts and roles for ${joinList(actorList(ctx, 2))}`, "An admin view to support users and fix data");
  return out.slice(0, max);
}

export function legalConstraints(ctx: ProjectContext): string[] {
  return ctx.regulations.filter((r) => r.legal).map((r) => `${r.name} — ${r.scope}`);
}

/**
 * The person's sentences that later phases must still hear — UI languages, offline use,
 * a budget, what they ruled out, what the team knows — quoted whole, so documents
 * written from the brief alone keep them.
 */
export function statedFacts(ctx: ProjectContext): string[] {
  const r = ctx.reading;
  const answers = ctx.section("user_response");
  const picks = r.sentences.filter(
    (s) =>
      (r.languages.length && r.languages.some((l) => s.includes(l))) ||
      (r.offline && /\b(?:offline|signal|connection|coverage)\b/i.test(s)) ||
      r.budget?.sentence === s ||
      r.clauses.some((c) => c.negated && c.sentence === s) ||
      r.skills.some((k) => k.sentence === s),
  );
  // Only sentences from the answers need carrying: the description travels with every phase.
  return unique(picks.filter((s) => (!answers || answers.includes(s.slice(0, 30))) && !isMetaAnswer(s))).slice(0, 5);
}

export function projectConstraints(ctx: ProjectContext): string[] {
  const p = ctx.profile;
  // What the person requires (channels, identity, devices, availability, products), each in their words.
  const req = ctx.reading.requirements.filter((r) => !(r.kind === "identity" && r.name === "no account" && ctx.reading.requirements.some((x) => x.name === "phone number")));
  const out: string[] = [...req.map(briefLine), ...statedFacts(ctx).map((s) => `As you said: ${quote(s)}`)];
  const team = quotesAbout(ctx, ["team", "timeline"], 2);
  for (const s of team) out.push(`Team and timeline: ${quote(s, 140)}`);
  // Quoted so later phases, which only see the brief, still know what the person said.
  for (const s of quotesAbout(ctx, ["compliance", "platform", "integration", "payments", "skills", "scale"], 6).filter((s) => !team.includes(s) && !out.some((o) => o.includes(stripTrailingPunct(s)))).slice(0, 4)) {
    out.push(`As you said: ${quote(s, 160)}`);
  }
  for (const m of p.musts) out.push(capitalize(stripTrailingPunct(m)));
  for (const s of p.scope) out.push(`Launch scope: ${stripTrailingPunct(s).replace(/^(?:launching|launch|starting|rolling out)\s+(?:in\s+)?/i, "")}`);
  if (ctx.traits.has("tablet_kiosk")) out.push("Runs on shared tablets in a public room: no personal sessions may persist between patients");
  if (ctx.traits.has("mobile")) out.push("Most people use it on a phone: mobile-first screens and small payloads");
  if (ctx.traits.has("cli")) out.push("Runs on macOS, Linux and Windows without a server");
  return unique(out);
}

export function successMetrics(ctx: ProjectContext, tilt: "user" | "technical" | "any" = "any"): string[] {
  const t = ctx.traits;
  const said = ctx.profile.answers.about("success").map((s) => `As you defined it: ${quote(s, 140)}`);
  const num = ctx.profile.numbers.find((n) => /student|player|user|participant|device|truck|vehicle/i.test(n));
  const user: string[] = [];
  const tech: string[] = [];
  // "so we can report to the city grant (CO2 saved)": the report they owe is a measure of success.
  const report = /\breport\b[^.;:]*?\bto\s+((?:the|our|their)\s+[^,.;()]+?)\s*(?:\(([^)]+)\))?(?=[,.;]|$)/i.exec(ctx.reading.sentences.join(" "));
  if (report) user.push(`${report[2] ? `${capitalize(report[2].trim())} reported` : "Reports go"} to ${report[1].trim()} straight from what the app records, with no counting by hand`);
  if (t.has("marketplace")) user.push("Repeat-order rate of 30% or more within 60 days", "Pickup no-shows under 5% of orders");
  if (t.has("clinical_decision")) user.push("Median time from check-in to a confirmed priority under 5 minutes", "Nurse override rate reviewed weekly with the clinical lead");
  else if (t.has("health")) user.push("No-show rate below 10% of booked sessions", "Clinicians spend under 5 minutes on notes per session");
  if (t.has("k8s_operator")) user.push("Every scheduled backup completes or alerts within its window", "A restore drill succeeds every month");
  if (t.has("simple_site")) user.push("Enquiries through the site each week", "Pages load in under 1 second on a phone");
  if (t.has("game")) user.push("Teachers run at least one round a week after the first month");
  if (t.has("incident_ops")) user.push("Responders find the right runbook in under 30 seconds", "Every sev1/sev2 incident ends with an exported timeline");
  if (t.has("iot")) user.push("Dispatchers acknowledge critical alerts within 5 minutes");
  if (t.has("cli")) user.push("From install to first successful run in under two minutes");
  if (user.length <= (report ? 1 : 0)) user.push(`Weekly active ${actorList(ctx, 1)[0]} growing month over month`, "Retention after 30 days above 40%");
  if (t.has("payments")) tech.push("Payment success rate of 98% or more; zero card data stored");
  if (t.has("realtime")) tech.push(`Leaderboard and question updates reach every device within 500 ms at p95${num ? ` with ${num}` : ""}`);
  if (t.has("ehr_integration")) tech.push("99% of confirmed priorities reach the EHR within one minute");
  if (t.has("iot")) tech.push("Readings visible on the dashboard within 10 seconds of arrival");
  tech.push("99.5% monthly availability of the main user journey");
  const ordered = tilt === "technical" ? [...tech, ...user] : [...user, ...tech];
  return unique([...said, ...ordered]).slice(0, 6);
}

export function risks(ctx: ProjectContext, tilt: "user" | "compliance" | "technical" | "any" = "any"): string[] {
  const t = ctx.traits;
  const team = ctx.profile.answers.first("team");
  const user: string[] = [];
  const compliance: string[] = [];
  const tech: string[] = [];
  if (t.has("marketplace")) user.push("Cold start: too few sellers or buyers in one area for pickups to be convenient");
  if (t.has("food")) compliance.push("One food-safety or allergen incident can destroy trust in every cook on the platform");
  if (t.has("payments")) compliance.push(`Refunds and chargebacks${commission(ctx) ? ` eat into a ${commission(ctx)} commission` : " eat into margins"}; disputes need a clear policy`);
  if (t.has("clinical_decision")) compliance.push("A wrong suggested priority can harm a patient; nurses must confirm every suggestion and the rules must be validated clinically");
  if (t.has("ehr_integration")) tech.push("EHR integration depends on each clinic's IT team and FHIR endpoint; timelines slip there first");
  if (t.has("tablet_kiosk")) tech.push("Shared tablets can leak one patient's answers to the next if a session survives");
  if (t.has("realtime")) tech.push("Classroom or mobile networks drop connections mid-session; clients must reconnect and resume without losing answers");
  if (t.has("minors")) compliance.push(`Collecting personal data from children brings consent duties${t.region.us ? " (COPPA)" : t.region.eu || t.region.uk ? " (GDPR Article 8)" : " under the privacy law where they live"}`);
  if (t.has("incident_ops")) user.push("Runbooks go stale and responders stop trusting them; ownership and review dates are needed");
  if (t.has("internal_tool")) user.push("Adoption: the tool must be faster than the wiki and personal notes it replaces");
  if (t.has("iot")) tech.push("Devices with poor coverage send bursts of late data; alerts must tolerate out-of-order readings");
  if (t.region.eu) compliance.push("GDPR enforcement: missing retention rules or processor agreements are fined and costly to retrofit");
  if (team) tech.push(`Capacity: ${quote(team, 90)} for everything above — scope must be cut hard to ship`);
  user.push("Scope creep delays the first release past the point where early users are still waiting");
  const order = tilt === "compliance" ? [compliance, tech, user] : tilt === "technical" ? [tech, compliance, user] : [user, compliance, tech];
  return unique(order.flat()).slice(0, 6);
}

export function industryContext(ctx: ProjectContext): string[] {
  const out = ctx.regulations.filter((r) => r.id !== "owasp_asvs").map((r) => `${r.name}: ${r.obligations[0]}`);
  for (const p of ctx.reading.requirements.filter((r) => r.kind === "product").slice(0, 3)) {
    const how = p.relation === "integrates" ? "it must work with it" : p.relation === "compares" ? "you measure it against it" : "what you use today, and what it must do better";
    out.push(`${p.name} — ${how}: ${quote(p.said, 140)}`);
  }
  if (!out.length) out.push("No sector-specific regulation identified; OWASP ASVS Level 2 is the security baseline");
  return out.slice(0, 6);
}

export function technicalConsiderations(ctx: ProjectContext): string[] {
  const t = ctx.traits;
  const out: string[] = [];
  const skills = ctx.prefs.familyEvidence;
  if (skills) out.push(`Build on what the team knows: ${quote(skills, 100)}`);
  if (t.has("realtime")) out.push("A WebSocket layer with rooms per session; the server owns the timer and scoring");
  if (t.has("payments")) out.push("Payments through a PSP with hosted card fields and signed, idempotent webhooks");
  if (t.has("ehr_integration")) out.push("HL7 FHIR R4 integration behind an adapter with an outbox, so the EHR being down never blocks intake");
  if (t.has("iot")) out.push("MQTT ingestion into a time-series store, decoupled from the dashboard API");
  if (t.has("search")) out.push("Start with the database's full-text search; add a search engine only when relevance needs it");
  if (t.has("media")) out.push("Images in object storage with presigned uploads; the database stores keys only");
  if (t.has("internal_tool")) out.push("SSO through the company identity provider; deploy on the existing platform");
  if (t.has("mobile")) out.push("Mobile-first web; native apps only if app-store presence matters");
  if (t.has("cli")) out.push("A single binary per OS; local state in the user's config directory");
  out.push(`Architecture: ${lc(ctx.proposedPlan.pattern)}`);
  return unique(out).slice(0, 6);
}

export function problemStatement(ctx: ProjectContext): string {
  const p = ctx.profile;
  const problem = ctx.pain;
  const who = joinList(actorList(ctx, 2));
  const base = `${capitalize(p.subject)}.`;
  const pain = problem
    ? ` The main problem, in the person's words: ${quote(problem, 200)}.`
    : ` Today ${who} manage this with ad-hoc tools, which is slow and error-prone.`;
  const aim = ` The first release must cover: ${coreFeatures(ctx, 3).map((f) => lowerFirst(stripTrailingPunct(f))).join("; ")}.`;
  return normalizeSpace(base + pain + aim);
}
