// What the person asked of the product, each with their words, carried into every
// document where it matters: the brief quotes it, the architecture says how the design
// meets it, the test strategy names the test that proves it. One reading feeds all three
// (`statedNeeds`), so a need is never said in one document and forgotten in the next.
import type { ProjectContext } from "../context";
import { moduleOf } from "../knowledge/modules";
import { isCondition, PRODUCT, statedRules } from "../reading/features";
import { saysLanguage } from "../reading/languages";
import { lastWord, singularNoun, tokens } from "../reading/nlp";
import { OUT_OF_SCOPE, PRESENT_PRACTICE, type Requirement } from "../reading/requirements";
import { capitalize, joinList, mostly, quote, snake, withArticle } from "../text-utils";
import type { CriticalPath } from "./critical-paths";

/** "SMS reminders": the channel with the noun the person put after it, if any. */
function channelUse(r: Requirement): string {
  if (r.name === "post") return "letters by post";
  // ("Clients email us documents": a pronoun after the channel is whom it reaches, not what goes out.)
  const m = new RegExp(`${r.name.replace(/[-/]/g, ".?")}\\s+(?!(?:us|is|was|has|does)\\b)([a-z]+s)\\b`, "i").exec(r.said);
  // ("push notifications", "phone calls" already say what goes out.)
  return m ? `${r.name} ${m[1].toLowerCase()}` : /(?:notifications|messages|alerts|calls)$/i.test(r.name) ? r.name : `${r.name} messages`;
}

/** "tablets", "desktops", "iPads": the device in the person's own word. */
const devices = (r: Requirement) => {
  const word = (r.word ?? r.name).trim();
  if (/^[A-Z][a-z]/.test(word) && !r.name.toLowerCase().includes(word.toLowerCase())) return `${word} devices`;
  return /s$/i.test(word) ? word : `${word}s`;
};

/** A product the person named: the brief's words for how it stands to this one, and the architecture's. */
export function productLines(r: Requirement): [string, string] {
  switch (r.relation) {
    case "integrates":
      return ["it must work with it", `an adapter to its API behind one interface, so ${r.name} being slow or down never blocks people here; calls are retried from an outbox`];
    case "compares":
      return ["what it is measured against", "the product people will compare this with — its flows set expectations"];
    case "uses":
      return ["what you use today", "what you use today — where this replaces it, its records are imported at launch and the switch-over is planned with a date"];
    default:
      return ["as you named it", "named in your words; how this product stands to it is for you to say"];
  }
}

/** A requirement in each document: the brief's line (in their words), the architecture's (how the design meets it), the test that proves it (none when no journey depends on it). */
function requirementLines(r: Requirement): { brief: string; arch: string; path?: CriticalPath } {
  const said = quote(r.said, 200);
  const shape = (brief: string, arch: string, path?: CriticalPath) => ({ brief: `${brief} — as you said: ${said}`, arch, path });
  const phone = r.name === "phone number";
  switch (r.kind) {
    case "channel":
      if (r.name === "post") return shape("Letters by post", "Letters by post: what is due for people who are not online (notices, reminders) is produced as printable letters in one batch, and how each person is reached (post or e-mail) is stored with them.", { name: "Letters by post", mustHold: "the batch of letters due holds exactly the people set to be reached by post, each once; nobody set to e-mail gets a letter", level: "integration" });
      return shape(capitalize(channelUse(r)), `${capitalize(channelUse(r))}: sent through ${r.name === "e-mail" ? "a transactional e-mail service" : `${withArticle(r.name)} provider`} behind one interface (chosen at build time, swappable); a scheduled job sends what is due, each message's delivery status is stored, failures are retried, and people can opt out.`, { name: capitalize(channelUse(r)), mustHold: `each ${channelUse(r).replace(/\S+$/, (w) => singularNoun(w))} goes out once, when it is due (a fake clock drives the job), through a fake ${r.name} gateway in tests; a failed send is retried and reported; nobody who opted out gets one`, level: "integration" });
    case "identity":
      return phone || r.name === "no account"
        ? shape("No account to create", phone ? "Identity by phone number: no account and no password; a person gives a phone number, a one-time code sent by SMS confirms it, and their records hang off that number." : "No accounts for the people served: what they do is tied to the contact detail they give, confirmed by a one-time code; only staff sign in.", { name: "Using it without an account", mustHold: `a person completes the main journey with ${phone ? "a phone number" : "the contact detail they give"} and a one-time code; no account or password is created; a wrong or expired code is refused`, level: "e2e" })
        : shape(`Sign-in by ${r.name}`, `Sign-in through ${r.name}: no local passwords; roles come from the identity provider's groups.`, { name: `Sign-in through ${r.name}`, mustHold: "sign-in works only through the identity provider; its groups map to roles", level: "e2e" });
    case "device":
      if (r.name === "browser") {
        // ("web only" asks for the browser; only "nothing to install" also rules an install out.)
        const noInstall = /\b(?:install\w*|download\w*)\b/i.test(r.said);
        return noInstall
          ? shape("In the browser, nothing to install", "In the browser: a web app on the phones and computers people already have, with no app-store install; its pages work at phone and desktop widths.", { name: "Nothing to install", mustHold: "the main journey works in a phone's and a desktop's browser with no install step", level: "e2e" })
          : shape("In the browser", "In the browser: a web app on the phones and computers people already have; its pages work at phone and desktop widths.", { name: "In the browser", mustHold: "the main journey works in a phone's and a desktop's browser", level: "e2e" });
      }
      // "Must work on an old shared laptop": a modest machine gets light pages; a shared one keeps nobody signed in.
      return shape(`Used on ${devices(r)}`, `On ${devices(r)}: the screens people use there are laid out for its size and touch, and tested at its viewport${/\b(?:old|older|cheap|low-end|aging|ageing|slow)\b/i.test(r.said) ? "; pages are server-rendered HTML with little JavaScript, so an older machine stays quick" : ""}.${/\bshared\b/i.test(r.said) ? " On a shared machine nobody stays signed in by accident: sessions end when the browser closes and nothing personal is kept in the browser." : ""}`, { name: `Screens on ${devices(r)}`, mustHold: "the screens used there work at its viewport and with touch", level: "e2e" });
    case "availability":
      return r.name === "offline"
        ? shape("Keeps working when the connection drops", "Keeps working when the connection drops: the screens that must go on keep a local copy and a queue of changes, show what is not yet synced, and sync in order when the connection returns.", { name: "Working through a dropped connection", mustHold: "with the network cut, the screens that must go on keep working and nothing entered is lost; changes sync once, in order, when it returns", level: "e2e" })
        : shape("Available 24/7", "Available 24/7: no maintenance window; deploys roll without downtime, and an alert reaches someone when a health check fails.");
    case "product": {
      const [brief, arch] = productLines(r);
      const path: CriticalPath | undefined = r.relation === "integrates" ? { name: `${r.name} integration`, mustHold: `requests to ${r.name} match its API contract (recorded fixtures); while it is down, work queues instead of failing people's requests`, level: "contract" } : r.relation === "uses" && (/\b(?:use[sd]?|using)\b/i.test(r.said) || PRESENT_PRACTICE.test(r.said)) ? { name: `Import from ${r.name}`, mustHold: `records exported from ${r.name} import without loss or duplicates, and a second import changes nothing`, level: "integration" } : undefined;
      return { brief: `${r.name} — ${brief}: ${said}`, arch: `${r.name}: ${arch}.`, path };
    }
  }
}

/** The brief's line: what the person requires, in their words. */
export const briefLine = (r: Requirement) => requirementLines(r).brief;
/** A sentence that is mostly one requirement's words is carried, quoted, by that requirement's lines. */
export const carriedBy = (reqs: readonly Requirement[], s: string) => reqs.some((q) => mostly(s, q.said));

/** Something the person asked of the product, in their words. */
export interface Need {
  /** A requirement of a known kind, a rule the product enforces, something it does, what hurts today, the load it carries, who uses it, or a price. */
  kind: "requirement" | "rule" | "feature" | "pain" | "scale" | "people" | "price";
  /** Their sentence or clause, verbatim. */
  said: string;
  requirement?: Requirement;
  /** The data model's entities their words name. */
  entities: string[];
  /** The clause that says what is done, to name it by. */
  name?: string;
  /** A requirement whose words another need already quotes. */
  carried?: boolean;
}

// A message the product sends, and work that happens at a time rather than on a click: a reminder, an invoice "at the end of each month".
const NOTIFY = /\b(?:remind\w*|notif\w*|alert\w*|ping\w*|sms|texts?|text messages?|e-?mails?|whatsapp)\b/i;
const WHEN = /\b(?:the (?:day|night|week|evening|morning) before|\d+ (?:days?|hours?) before|each (?:morning|evening|night|day|week|month)|every (?:day|morning|evening|night|week|month|quarter|\w+day)|daily|weekly|monthly|quarterly|nightly|at night|end of (?:the |each )?month)\b/i;
// ("Families are referred to us (they send a referral letter), and they collect a parcel every week": an aside in parentheses sends nothing.)
const scheduled = (s: string) => /\bremind/i.test(s) || (WHEN.test(s) && /\b(?:send|sent|report|invoice|notif|alert|text|e-?mail)/i.test(s.replace(/\([^()]*\)/g, "")));
// Who the person is ("we are a cooperative", "im a plumber"), what they know, when it is due: said elsewhere, not what the product does.
const ABOUT_US = /^(?:(?:we|i)\s*(?:'re|'m|are|am|run|own|work (?:at|in|for))\b|im\b)|\b(?:deadline|launch|go[- ]live|live by|start before|ready by)\b/i;
// ("new members can't book until …": a booking said only as barred holds nothing.)
// ("a code that changes per reservation": what comes per booking holds nothing either.)
const HOLDS = /(?<!\b(?:can't|cannot|can not|not|don't|won't|never|per)\s)\b(?:reserv\w*|book(?:ed|ing)?(?!-)|rent(?:s|ed|ing)?|borrow\w*|hire[sd]?|hiring|lend\w*)\b/i;

/** The model's entities a text names, by their name ("camera kit") or the person's word for them. */
const MODAL_RULE = /\b(?:must|should|has to|have to|needs? to|cannot|can't|may not|never|only)\b/i;

function entitiesIn(ctx: ProjectContext, text: string): string[] {
  const words = (w: string) => new RegExp(`\\b${w.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().replace(/ /g, "[\\s-]?")}(?:e?s)?\\b`, "i");
  const named = ctx.model.entities.filter((e) => e.name !== "User" && words(e.name).test(text)).map((e) => e.name);
  return [...new Set([...named, ...ctx.model.core.filter((c) => words(c.said).test(text)).map((c) => c.entity)])];
}

/** Everything the person asked of the product, from one reading of their words: the requirements and rules they stated, then each sentence that says what the product does with their things, and the pain it must cure. A sentence already carried whole by a requirement or rule, or that says who they are, what they know, what they ruled out or how they work today, is not a need. */
export function statedNeeds(ctx: ProjectContext): Need[] {
  const r = ctx.reading;
  // A name said in passing ("Season is May to September") is no product in use; "no account" is said by the phone-number identity when there is one.
  const reqs = r.requirements.filter((q) => ((q.relation !== "uses" && q.relation !== "named") || /\b(?:use[sd]?|using|today|currently|right now|at the moment|now|have|has|our|own)\b/i.test(q.said)) && !(q.name === "no account" && r.requirements.some((y) => y.name === "phone number")));
  // (A sentence that is mostly one requirement is carried, quoted, by that requirement's lines: "I use Square …, that should stay" is no rule besides.)
  const carried = (s: string) => carriedBy(reqs, s);
  const rules = statedRules(r).filter((s) => !carried(s));
  const needs: Need[] = [
    ...reqs.map((q): Need => ({ kind: "requirement", said: q.said, requirement: q, entities: [] })),
    // ("We are all volunteers, so hosting must be cheap": the rule is the piece that says must, and binds only the things it names, or the one "it" stands for.)
    ...rules.map((said): Need => {
      const piece = [said.split(/[,;:]?\s+(?:so|but|because)\s+|[,;:]\s+/).find((p) => MODAL_RULE.test(p))].find((p) => p && !/\b(?:it|its|them|they|this|these|those)\b/i.test(p));
      return { kind: "rule", said, entities: entitiesIn(ctx, piece ?? said), name: piece };
    }),
  ];
  let features = 0;
  for (const s of new Set(r.sentences)) {
    const pain = r.pains.slice(0, 2).includes(s);
    if (carried(s) || r.languages.some((l) => saysLanguage(s, l)) || rules.includes(s) || r.skills.some((k) => k.sentence === s) || isCondition(s) || ABOUT_US.test(s) || (!pain && PRESENT_PRACTICE.test(s)) || OUT_OF_SCOPE.test(s) || r.ruledOut.some((x) => mostly(s, x))) continue;
    // Something done ("technicians check kits back in"), or a short fragment of it ("Live GPS during walk"); not a count or a trait ("most singers are retired").
    const verbs = tokens(s).filter((t) => t.tags.has("Verb"));
    // ("Darkroom Collective - Glasgow": a first line with no verb is the heading, no need.)
    if (!verbs.length && s === r.sentences[0]) continue;
    const done = verbs.some((t) => !["Copula", "Auxiliary", "Modal", "Passive"].some((x) => t.tags.has(x)) && !/^(?:have|has|had|get|got)$/.test(t.norm));
    const entities = entitiesIn(ctx, s);
    // ("The keys are in a keybox with a code that changes per reservation": a clause about a noun names nothing alone; "We want a simple web page: …" nor does the product wished for.)
    const name = r.clauses.find((c) => c.sentence === s && c.verb && !c.copula && !c.relative && !(/^(?:want|need|like|love)$/.test(c.verb) && c.objects.every((o) => PRODUCT.test(lastWord(o.head)))))?.text;
    // "Up to 150 climbers at once", "I teach about 35 pupils", "our shop runs 8–10 events a month": the load it must carry; "most singers are retired": who it must suit.
    const counts = r.quantities.some((q) => q.kind === "count" && q.sentence === s);
    // "Late returns cost €10 per started half hour": a price the server must compute as they set it.
    if (!entities.length && r.quantities.some((q) => q.kind === "money" && q.sentence === s) && s !== r.budget?.sentence) needs.push({ kind: "price", said: s, entities });
    // "most singers are retired", "many of us are not good with phones, so big buttons please": who it must suit.
    const people = verbs.some((t) => t.tags.has("Copula")) && (r.actors.some((a) => s.toLowerCase().includes(a)) || /\b(?:many|most|some|few|all|half) of (?:us|them)\b/i.test(s));
    // Only a sentence that names their things is a feature, a pain or a load; any may say who it must suit.
    if (entities.length && (done || (!verbs.length && !/\d/.test(s) && s.split(/\s+/).length <= 8)) && !(counts && /^(?:we|i|our)\b/i.test(s)) && (pain || features++ < 8)) needs.push({ kind: pain ? "pain" : "feature", said: s, entities, name });
    else if (entities.length && counts) needs.push({ kind: "scale", said: s, entities });
    else if (people) needs.push({ kind: "people", said: s, entities });
  }
  // A requirement said inside a need's sentence is quoted there; its own lines need not repeat the quote.
  for (const n of needs) n.carried = !!n.requirement && needs.some((f) => f.kind !== "requirement" && f.said.includes(n.said));
  return needs;
}

/** "need to send quotes and then invoices when the job is done, …" → "Send quotes and then invoices when the job is done": what is done, not the wish ("What I'd love is something where we can …"). */
function needName(said: string): string {
  const first = said.replace(/^(?:(?:also|so|and|oh),?\s+)*(?:what\s+)?(?:(?:we|i)(?:\s+would|'d)?\s+)?(?:want|need|like|love)s?\s+(?:is\s+)?(?:(?:something|a way|an? (?:app|system|tool|site|website|page|place)|one place)\s+)?(?:(?:where|to|that|for)\s+)?(?:(?:we|i|you|people)\s+(?:can\s+)?)?/i, "").replace(/\s*\([^()]*\)/g, "").split(/[,;:—–](?=\s)|\s-\s/)[0].replace(/[.!?]+$/, "").trim();
  return capitalize(first.length <= 70 ? first : `${first.slice(0, 67).replace(/\s+\S*$/, "")}…`);
}

/** What people book or reserve in a need: the first of its entities said after the verb ("reserve a boat" → Boat). */
function held(n: Need): string | undefined {
  const after = n.said.slice(HOLDS.exec(n.said)?.index ?? 0).toLowerCase();
  const at = (e: string) => after.search(snake(e).split("_").pop()!);
  return n.entities.filter((e) => at(e) >= 0).sort((a, b) => at(a) - at(b))[0];
}

/** How a need is proved, by what it says: a message sent when due, one sent when something happens, a thing held for a time, a rule, or a journey. */
function check(n: Need): [string, CriticalPath["level"]] {
  if (scheduled(n.said)) return ["a fake clock drives the scheduled job: it runs once when due, for everyone it concerns, and a failed run is retried and reported", "integration"];
  if (NOTIFY.test(n.said)) return ["a fake gateway records each message: it goes out once, to the right people, as soon as what triggers it happens, and a failed send is retried and reported", "integration"];
  if (HOLDS.test(n.said)) return [`two people can never hold the same ${held(n) ?? "thing"} for overlapping times; a cancelled one frees it at once; concurrent requests get one winner and a clear message`, "integration"];
  // (A condition on the whole product, "hosting must be cheap", "check-in under 30 sec", has no request the server could refuse: it is measured.)
  if (n.kind === "rule") return n.entities.length ? ["enforced by the server, and the case that breaks it is refused with a clear message", "integration"] : ["measured before each release; a release that breaks it waits until it holds again", "e2e"];
  if (n.kind === "price") return ["the server computes each amount exactly so, with a test at every boundary", "unit"];
  return [`it works end to end through the screens and the API, and each ${joinList(n.entities)} it records is saved and shown only to the people it concerns`, "e2e"];
}

/** The test that proves a need holds. */
export function needPath(n: Need): CriticalPath | undefined {
  const p = n.requirement && requirementLines(n.requirement).path;
  if (n.requirement) return p && (n.carried ? p : { ...p, mustHold: `${p.mustHold} — as you said, ${quote(n.said, 200)}` });
  const said = quote(n.said, 220);
  if (n.kind === "pain") return { name: "What hurts today", mustHold: `as you said, ${said} — a test reproduces it and proves it can no longer happen`, level: "e2e" };
  if (n.kind === "scale") return { name: "The load you named", mustHold: `as you said, ${said} — the main journeys stay under 500 ms at p95 with twice that load`, level: "load" };
  if (n.kind === "people") return { name: "Usable by the people you named", mustHold: `as you said, ${said} — the main journeys pass the accessibility checks and are tried with some of them before release`, level: "e2e" };
  const [holds, level] = check(n);
  return { name: needName(n.name ?? n.said), mustHold: `as you said, ${said} — ${holds}`, level };
}

/** Where the design meets a need, in the architecture. */
export function needArchitectureLine(n: Need): string {
  if (n.requirement) return `${requirementLines(n.requirement).arch}${n.carried ? "" : ` As you said: ${quote(n.said, 200)}.`}`;
  const said = quote(n.said, 220);
  if (n.kind === "scale") return `${said} — the load the design is sized for, and load-tested at twice that before each release.`;
  if (n.kind === "people") return `${said} — who will use it: few steps, plain words and large touch targets, tried with some of them before release.`;
  const mods = [...new Set(n.entities.map(moduleOf))];
  const where = mods.length ? `the ${joinList(mods)} module${mods.length > 1 ? "s" : ""}` : "the domain module that owns it";
  // (What hurts today says how things go now: "a WhatsApp group, which is chaos" asks for no message.)
  const how = n.kind === "pain" ? "" : scheduled(n.said) ? "; a scheduled job in the background worker does it when it is due, and retries a failed run" : NOTIFY.test(n.said) ? "; the message leaves through the background worker and the provider's adapter, retried on failure" : HOLDS.test(n.said) ? "; a database constraint keeps two people from holding the same thing at once" : "";
  if (n.kind === "price") return `${said} — computed on the server in whole cents from one price table, never in the screens.`;
  if (n.kind === "rule" && !mods.length) return `${said} — a condition on the whole product, not on one record: each choice in the stack and the ADRs below is held to it.`;
  return n.kind === "rule" ? `${said} — a rule of ${where}, checked on the server for every request, never only in the screens${how}.` : `${n.kind === "pain" ? "What hurts today, " : ""}${said} — met in ${where}${how}.`;
}
