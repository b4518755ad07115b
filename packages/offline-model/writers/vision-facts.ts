// The project facts behind the vision messages and the brief: who it is for, what it
// does, what constrains it, how success is measured and what could go wrong. Built
// from the person's words first, then from what the domain implies.
import { actorList, userActors } from "../actors-view";
import type { ProjectContext } from "../context";
import type { Actor } from "../knowledge/actors";
import { cardsSaid } from "../knowledge/regulations";
import { CONDITION_LEAD, limits, painTopic, statedRules } from "../reading/features";
import { saysLanguage } from "../reading/languages";
import { infinitive, tokens } from "../reading/nlp";
import { briefLine, carriedBy, productLines } from "./requirement-lines";
import { capitalize, escapeRegExp, isMetaAnswer, joinList, lowerFirst, normalizeSpace, plural, quote, stripTrailingPunct, unique } from "../text-utils";

/** A time said with a launch: "before September", "by 2027". */
const WHEN = /\b(?:before|by|until)\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|\d{4})\b/i;

/** Answer sentences on a topic, as quotes, without repeating a sentence. */
export function quotesAbout(ctx: ProjectContext, topics: Parameters<ProjectContext["profile"]["answers"]["about"]>[0][], max = 2): string[] {
  return unique(topics.flatMap((t) => ctx.profile.answers.about(t))).slice(0, max);
}

/** A volume the person gave ("500 weekly orders", "up to 40 students"), not a percentage or team size. */
export function scaleFact(ctx: ProjectContext): string | undefined {
  return ctx.profile.numbers.find((n) => /\d/.test(n) && !/%|person|people team|developers?|engineers?/i.test(n));
}

export function targetUsers(ctx: ProjectContext): string[] {
  // "Buyers are office workers aged 25-45; cooks are often retirees" → one clause per group.
  const clauses = ctx.profile.answers.about("audience").flatMap((s) => s.split(/;\s*|,\s+(?=[a-z]+\s+(?:are|is)\b)/));
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
    // ("People can register": a group's plural that is no word plus -s is its name too.)
    const group = `(?:${escapeRegExp(a.plural)}|${escapeRegExp(a.singular)}s?|${word}s?|${a.plural.split(" ").pop()})`;
    // ("When a room becomes free, the caretaker offers it …": what the group does, with the condition it does it on.)
    const lead = `^(${CONDITION_LEAD})(?:the\\s+)?${group}`;
    // ("the intake volunteer registers …" is not every volunteer's, "volunteers sign up" not the intake volunteers'; "volunteer drivers pick up" is the drivers'.)
    const opens = (o: Actor, f: string) => new RegExp(`^${CONDITION_LEAD}(?:the\\s+)?(?:${escapeRegExp(o.plural)}|${escapeRegExp(o.singular)})\\b(?!\\s+(?:${escapeRegExp(a.plural)}|${escapeRegExp(a.singular)})\\b)`, "i").test(f);
    const theirs = (f: string) => opens(a, f) || !all.some((o) => o !== a && opens(o, f));
    const does = ctx.profile.features
      .filter((f) => new RegExp(`${lead}\\b`, "i").test(f) && theirs(f))
      .map((f) => {
        const rest = stripTrailingPunct(f.replace(new RegExp(`${lead}\\s+`, "i"), ""));
        const cond = new RegExp(lead, "i").exec(f)?.[1] ?? "";
        // ("Members of the Alpenverein get a discount": words that still describe the group keep it whole.)
        // ("The committee offers it …" under "Committees": the verb agrees with the group.)
        return /^(?:of|over|under|with|without|in|at|from|on|aged|who|that)\b/i.test(rest) ? lowerFirst(stripTrailingPunct(f)) : lowerFirst(cond) + rest.replace(/^(\w+)(?=\s)/, (v) => ({ is: "are", has: "have", does: "do" })[v] ?? (/[^s]s$/.test(v) && tokens(v)[0]?.tags.has("PresentTense") ? infinitive(v) : v));
      });
    // ("Volunteer drivers pick up …"; but "the committee offers it to the next person" says nothing of what people do.)
    const anyDoes = does.length ? does.join("; ") : ctx.profile.features.find((f) => new RegExp(`^(?:[\\w-]+\\s+){0,3}?${group}\\b`, "i").test(f) && theirs(f));
    // A group nothing was said about is named, not described.
    const detail = said ? `as you put it, ${quote(said, 140)}` : anyDoes ? lowerFirst(stripTrailingPunct(anyDoes)) : undefined;
    return detail ? `${capitalize(a.plural)} — ${detail}` : capitalize(a.plural);
  });
  if (!out.length) out.push(`The people the ${ctx.profile.head} is built for`);
  return out;
}

export function coreFeatures(ctx: ProjectContext, max = 10): string[] {
  // The feature that cures the pain the person called the worst comes first.
  const topic = painTopic(ctx.reading);
  const cures = (f: string) => topic.some((w) => f.toLowerCase().includes(w.toLowerCase().replace(/s$/, "")));
  const listed = [...ctx.profile.features].sort((a, b) => Number(cures(b)) - Number(cures(a))).map((f) => capitalize(stripTrailingPunct(f)));
  // The person's features only: the team's ideas are suggestions elsewhere, never the person's wants.
  const out = unique(listed);
  // (Two are required: what fills the list is said to be the team's, and never accounts the person ruled out.)
  const noAccount = ctx.reading.requirements.some((q) => q.kind === "identity");
  if (out.length < 2) out.push(...[...(noAccount ? [] : [`Suggested by the team: accounts and roles for ${joinList(actorList(ctx, 2))}`]), "Suggested by the team: an admin view to support users and fix data"].slice(0, 2 - out.length));
  return out.slice(0, max);
}

export function legalConstraints(ctx: ProjectContext): string[] {
  return ctx.regulations.filter((r) => r.legal).map((r) => `${r.name} — ${r.scope}`);
}

/** The person's sentences that later phases must still hear — UI languages, offline use, a budget, what they ruled out, what the team knows — quoted whole, so documents written from the brief alone keep them. */
export function statedFacts(ctx: ProjectContext): string[] {
  const r = ctx.reading;
  const answers = ctx.section("user_response");
  const picks = r.sentences.filter(
    (s) =>
      (r.languages.length && r.languages.some((l) => saysLanguage(s, l))) ||
      (r.offline && /\b(?:offline|signal|connection|coverage)\b/i.test(s)) ||
      r.budget?.sentence === s ||
      (r.clauses.some((c) => c.negated && c.sentence === s) && !r.pains.includes(s)) ||
      r.skills.some((k) => k.sentence === s),
  );
  // Only sentences from the answers need carrying: the description travels with every phase.
  // (A rule the person set is carried as that rule, not said twice.)
  return unique(picks.filter((s) => (!answers || answers.includes(s.slice(0, 30))) && !isMetaAnswer(s) && !statedRules(r).includes(s))).slice(0, 5);
}

export function projectConstraints(ctx: ProjectContext): string[] {
  const p = ctx.profile;
  // What the person requires (channels, identity, devices, availability, products), each in their words.
  const req = ctx.reading.requirements.filter((r) => !(r.kind === "identity" && r.name === "no account" && ctx.reading.requirements.some((x) => x.name === "phone number")));
  const langs = ctx.reading.languages;
  const langSaid = langs.length ? ctx.reading.sentences.find((s) => langs.every((l) => saysLanguage(s, l))) : undefined;
  const out: string[] = [...(langSaid ? [`Screens in ${joinList(langs)} — as you said: ${quote(langSaid, 160)}`] : []), ...req.map(briefLine), ...ctx.reading.ruledOut.map((x) => `Left out, as you said: ${quote(x, 160)}`), ...statedRules(ctx.reading).filter((s) => s !== langSaid && !carriedBy(req, s)).map((s) => `${limits(s) ? "A rule you set" : "As you asked"}: ${quote(s, 200)}`), ...statedFacts(ctx).map((s) => `As you said: ${quote(s)}`)];
  const team = quotesAbout(ctx, ["team", "timeline"], 2);
  for (const s of team) out.push(`Team and timeline: ${quote(s, 140)}`);
  // Quoted so later phases, which only see the brief, still know what the person said; never a sentence a line above quotes, or whose clause it quotes.
  const repeats = (s: string) => out.some((o) => o.includes(stripTrailingPunct(s)) || s.includes(/“([^”…]{20,})”/.exec(o)?.[1] ?? "\0"));
  out.push(...quotesAbout(ctx, ["compliance", "platform", "integration", "payments", "skills", "scale"], 6).filter((s) => !team.includes(s) && !repeats(s)).slice(0, 4).map((s) => `As you said: ${quote(s, 160)}`));
  for (const m of p.musts) if (!repeats(m)) out.push(capitalize(stripTrailingPunct(m)));
  // ("launch before September" is a date to meet, said in the person's words; "Launching in Lisbon" a scope.)
  for (const s of p.scope) out.push(WHEN.test(s) ? `Deadline, as you said: ${quote(s, 140)}` : `Launch scope: ${stripTrailingPunct(s).replace(/^(?:launching|launch|starting|rolling out)\s+(?:in\s+)?/i, "")}`);
  if (ctx.traits.has("cli")) out.push("Runs on macOS, Linux and Windows without a server");
  return unique(out);
}

export function successMetrics(ctx: ProjectContext, tilt: "user" | "technical" | "any" = "any"): string[] {
  const said = ctx.profile.answers.about("success").map((s) => `As you defined it: ${quote(s, 140)}`);
  const user: string[] = [];
  // "so we can report to the city grant (CO2 saved)": the report they owe is a measure of success.
  const report = /\breport\b[^.;:]*?\bto\s+((?:the|our|their)\s+[^,.;()]+?)\s*(?:\(([^)]+)\))?(?=[,.;]|$)/i.exec(ctx.reading.sentences.join(" "));
  if (report) user.push(`${report[2] ? `${capitalize(report[2].trim())} reported` : "Reports go"} to ${report[1].replace(/\s+(?:how|what|which|whether|if|that|who|when)\b.*/i, "").trim()} straight from what the app records, with no counting by hand`);
  // Suggested measures in the person's own terms: what they said hurts, and the records people make.
  if (ctx.pain) user.push(`Measured against what you said hurts most: ${quote(ctx.pain, 120)} — how often it still happens, month by month`);
  const act = ctx.reading.acts[0];
  if (act) user.push(`${plural(capitalize(act.record))} made through the app each week`);
  user.push(`Weekly active ${actorList(ctx, 1)[0]} growing month over month`);
  const tech = [...(ctx.traits.has("realtime") ? ["Live updates reach every device within 500 ms at p95"] : []), "99.5% monthly availability of the main user journey"];
  const ordered = tilt === "technical" ? [...tech, ...user] : [...user, ...tech];
  return unique([...said, ...ordered]).slice(0, 6);
}

export function risks(ctx: ProjectContext, tilt: "user" | "compliance" | "technical" | "any" = "any"): string[] {
  const t = ctx.traits;
  const team = ctx.profile.answers.first("team");
  const compliance: string[] = [];
  const tech: string[] = [];
  if (ctx.reading.paysInProduct) compliance.push(`Refunds${cardsSaid(t) ? " and chargebacks" : ""} need a clear policy before the first payment is taken`);
  if (t.has("payments") && !ctx.reading.noMoney && !cardsSaid(t) && !ctx.prefs.payWith) compliance.push("Open question: how will people pay? Cards taken in the product bring PCI DSS (card data only in the payment provider's hosted fields); bank transfer or cash at the door do not");
  if (t.unsure.has("minors")) compliance.push(`Open question: will children use it? If so, collecting their personal data brings consent duties${t.region.us ? " (COPPA)" : t.region.eu || t.region.uk ? " (GDPR Article 8)" : ""}`);
  if (t.has("minors")) compliance.push(`Collecting personal data from children brings consent duties${t.region.us ? " (COPPA)" : t.region.eu || t.region.uk ? " (GDPR Article 8)" : " under the privacy law where they live"}`);
  if (t.region.eu) compliance.push("GDPR enforcement: missing retention rules or processor agreements are fined and costly to retrofit");
  if (ctx.reading.offline) tech.push("Changes made while offline can conflict when they sync; the rule for who wins must be decided before it happens");
  for (const p of ctx.reading.requirements.filter((r) => r.kind === "product" && r.relation === "integrates")) tech.push(`${p.name} can change or limit its API; the integration sits behind one interface so it can be fixed in one place`);
  if (team) tech.push(`Capacity: ${quote(team, 90)} for everything above — scope must be cut hard to ship`);
  const user = ["Scope creep delays the first release past the point where early users are still waiting"];
  const order = tilt === "compliance" ? [compliance, tech, user] : tilt === "technical" ? [tech, compliance, user] : [user, compliance, tech];
  return unique(order.flat()).slice(0, 6);
}

export function industryContext(ctx: ProjectContext): string[] {
  const out = ctx.regulations.filter((r) => r.id !== "owasp_asvs").map((r) => `${r.name}: ${r.obligations[0]}`);
  for (const p of ctx.reading.requirements.filter((r) => r.kind === "product").slice(0, 3)) out.push(`${p.name} — ${productLines(p)[0]}: ${quote(p.said, 140)}`);
  if (!out.length) out.push("No sector-specific regulation identified; OWASP ASVS Level 2 is the security baseline");
  return out.slice(0, 6);
}

export function technicalConsiderations(ctx: ProjectContext): string[] {
  const t = ctx.traits;
  const out: string[] = [];
  const skills = ctx.prefs.familyEvidence;
  if (skills) out.push(`Build on what the team knows: ${quote(skills, 100)}`);
  if (t.has("realtime")) out.push("A WebSocket layer with rooms per session; the server owns the timer and scoring");
  // Card fields only where cards were said; otherwise how people pay is the brief's open question.
  if (t.has("payments")) out.push(cardsSaid(t) ? "Payments through a PSP with hosted card fields and signed, idempotent webhooks" : "Payments behind one module with signed, idempotent webhooks, whichever way people end up paying");
  if (t.has("ehr_integration")) out.push("HL7 FHIR R4 integration behind an adapter with an outbox, so the EHR being down never blocks intake");
  if (t.has("iot")) out.push("MQTT ingestion into a time-series store, decoupled from the dashboard API");
  if (t.has("search")) out.push("Start with the database's full-text search; add a search engine only when relevance needs it");
  if (t.has("media")) out.push("Uploaded files in object storage with presigned uploads; the database stores keys only");
  if (t.has("internal_tool")) out.push("SSO through the company identity provider; deploy on the existing platform");
  if (t.has("mobile")) out.push("Mobile-first web; native apps only if app-store presence matters");
  if (t.has("cli")) out.push("A single binary per OS; local state in the user's config directory");
  out.push(`Architecture: ${ctx.proposedPlan.pattern.toLowerCase()}`);
  return unique(out).slice(0, 6);
}

export function problemStatement(ctx: ProjectContext): string {
  const p = ctx.profile;
  const problem = ctx.pain;
  const base = `${capitalize(p.subject)}.`;
  // Without a pain in their words, none is invented for them.
  const pain = problem ? ` The main problem, in the person's words: ${quote(problem, 200)}.` : "";
  const aim = ` The first release must cover: ${coreFeatures(ctx, 3).filter((f, i) => i === 0 || !/^Suggested by the team\b/.test(f)).map((f) => lowerFirst(stripTrailingPunct(f))).join("; ")}.`;
  return normalizeSpace(base + pain + aim);
}
