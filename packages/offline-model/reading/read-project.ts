// What the person said, read once per (description, answers): the things they named and what people do with them, what they ruled out, what hurts most, which
// languages the UI speaks, what the team knows, the figures they gave, and the sentences this reader could not make sense of (so a message can say so, not guess).
import { isPaymentMethod } from "../knowledge/entity-catalog";
import { TECHS, techPattern, type Tech } from "../knowledge/tech-catalog";
import { AT_EACH, namedByProducts, parentheticalExamples, speakersGoOn, wishedProduct, readClauses, ROLE_SINGULAR, type Clause, type Examples, type NounPhrase } from "./read-clauses";
import { ORGANISATION, OUT_OF_SCOPE, PRESENT_PRACTICE, readRequirements, type Requirement } from "./requirements";
import { isForeign, LANGUAGE_CODES, saysLanguage } from "./languages";
import { CARD_PAYMENT, contradictions, DATED, PRODUCT, PROHIBIT, WISHES } from "./features";
import { dictionaryTag, gerund, infinitive, isMeasure, lastWord, remember, singularNoun, tokens } from "./nlp";
import { actRecord } from "./acts";
import { escapeRegExp, sentences as splitText, unique } from "../text-utils";

export interface Thing {
  /** Singular, lower case: "watering rota". */
  name: string;
  /** Verbs people use on it ("reserve", "log"). */
  verbs: string[];
  /** Who acts on it (singular role nouns), and each one's own verbs: "students borrow kits, the technician hands them out". */
  actors: string[];
  verbsOf: Record<string, string[]>;
  /** Named as the object of something a person does (not only in passing). */
  core: boolean;
  /** Listed with something people act on ("with photos", "per category", "in hives"). */
  listed: boolean;
  /** Where it was first said (index into the text), to keep the person's order. */
  at: number;
  fromDescription: boolean;
  /** The thing it belongs to: "each repair gets an outcome" → "repair". */
  of?: string;
  /** Values or kinds the person listed in parentheses: "(fixed, partly fixed, not fixable)". */
  examples?: string[];
  /** What one of it records, as the person listed it after a colon: ["date", "queen seen or not", "varroa count"]. */
  fields?: string[];
  /** Its kinds, said as modifiers of one head: "bisque or glaze firings" → ["bisque", "glaze"]. */
  kinds?: string[];
  /** People kept as a record, not signed in: "kids" whose parents order for them. */
  person?: boolean;
}

/** A verb that is itself a record: "members reserve plots" → a Reservation of a Plot. */
export interface Act {
  verb: string;
  /** The record's name: "reservation". */
  record: string;
  objects: string[];
  actor?: string;
  at: number;
  /** What one of it records, in the person's words: "write down the kilometres" → ["kilometres"]. */
  fields?: string[];
}

export interface Skill {
  tech: Tech;
  strong: boolean;
  sentence: string;
}

export interface Quantity {
  value: number;
  text: string;
  kind: "money" | "count" | "percent";
  /** For counts: the noun counted ("members"); for money: the period ("month"). */
  unit?: string;
  sentence: string;
}

export interface Reading {
  sentences: string[];
  clauses: Clause[];
  /** Singular role nouns of the people who act, in order of appearance. */
  actors: string[];
  things: Thing[];
  acts: Act[];
  /** What the person ruled out ("payment", "kubernetes"), singular lower case. */
  forbidden: string[];
  /** The clauses that ruled each out, verbatim ("No mobile app needed", "we don't take cards"). */
  ruledOut: string[];
  /** "no payments", "free for everyone", "we won't take money": no money anywhere. */
  noMoney: boolean;
  /** Someone pays through the product itself ("pay in the app", "a €5 deposit when you book online"), not at a counter or on an invoice. */
  paysInProduct: boolean;
  /** Sentences naming a pain, the worst first. */
  pains: string[];
  /** UI languages named ("English", "German"). */
  languages: string[];
  offline: boolean;
  skills: Skill[];
  quantities: Quantity[];
  /** Channels, identity, devices, availability and products the person named, with their words. */
  requirements: Requirement[];
  /** What the person may spend: a money figure said as a limit on cost, never a price, fee or deposit people pay. */
  budget?: Quantity;
  /** Sentences nothing could be read from. */
  unclear: string[];
  /** Nouns of the product's own name ("todo" in "a todo app"): the subject when nothing else is named. */
  titleNouns: string[];
  /** Lists in parentheses, by the noun they belong to. */
  examples: Examples[];
  /** How the person tied two of their things or people together: "barbers move between shops" (many on both sides), "readings per batch", "reserve items for that production" (the first belongs to the second). Names as things and actors are named. */
  links: Link[];
  /** The speakers' own organisation ("we are a ceramics co-op", "I run a dog walking business"): the product's setting, never a record. */
  ours: string[];
}

export interface Link {
  from: string;
  to: string;
  many: boolean;
  said: string;
}

const PEOPLE = new Set(["people", "person", "lady", "woman", "girl", "boy", "guy", "user", "users", "everyone", "staff", "team", "volunteer", "we", "i", "they", "you", "family", "families", "kid", "child", "children", "friend", "neighbour", "neighbor", "community", "visitor"]);

/** Devices people use it on ("from their phones"), unless they are what people act on ("borrow laptops"). */
const DEVICES = new Set(["phone", "smartphone", "mobile", "tablet", "ipad", "browser", "laptop", "desktop", "computer", "pc", "device"]);
const HANDED = /^(?:borrow|lend|loan|rent|hire|book|reserve|check|hand|return|repair|fix|swap|sell|buy|donate|register|track|issue|assign)$/;

/** The product itself: never a record when it is the subject or the title, but "swap tools" names real tools. */
const NOT_A_THING = new Set([
  "budget", "run", "way", "today", "tonight", "code", "countdown", "markdown", "language", "ui", "interface", "data",
  "information", "info", "money", "cost", "team", "thing", "stuff", "turn", "lot", "bit", "place", "end", "start",
  "problem", "pain", "issue", "need", "help", "work", "life", "world", "launching", "most", "field", "progress", "online",
  "charity", "practice", "internet", "connection", "signal", "coverage", "real time", "spreadsheet", "whatsapp", "paper",
  "excel", "text", "sms", "success", "goal", "competitor", "list", "developer", "engineer", "version", "release", "mvp", "feature", "screen", "page",
  "button", "volunteer-run", "tiny budget", "record", "step", "option", "access", "euro", "dollar", "pound",
]);

const RATE = /\b(?:pa(?:y|ys|id|ying)|charged?|charges|bill(?:ed|s)?|costs?|priced?|prices|rates?|fees?|€|\$|£)\b/i;
/** "paid per word", "30 cents per kilometre for fuel and wear", "a deposit paid online with card": what a price is counted in, what it covers and what it is paid with are no things kept. */
const priceOf = (c: Clause, prep: string) => (prep === "per" && RATE.test(c.text)) || (prep === "for" && /^(?:pay|charge|cost|bill)$/.test(c.verb ?? "") && RATE.test(c.text.split(/\bfor\b/)[0])) || (prep === "with" && RATE.test(c.text.split(/\bwith\b/)[0]));
/** Words that open a subordinate clause: "… when there is a scratch". */
const SUBORDINATE = /\b(?:when|whenever|if|unless|because|until|once|while|since)\s+$/i;

/** Nouns that stand for any of the person's things: their kinds are listed elsewhere. */
const GENERAL = /^(?:item|thing|object|good|belonging|product|equipment|device)$/;

/** When something happens ("Friday afternoon"), never a thing kept. */
const TIME_WORDS = /^(?:time|night|morning|evening|afternoon|weekend|week|fortnight|day|month|year|quarter|season|hour|minute)$/;

// Money that moves through the product, and money that moves elsewhere (a till, an invoice, a bank).
// ("freelancers get paid per word" is money people receive, not a payment made in the product.)
// ("we pay our pickers cash" is the speakers paying out; "paid-up members" describes members.)
const PAYS = /\b(?:(?<!\b(?:get|gets|getting|got|are|is|be|been|being|was|were|we|i)\s)pa(?:y|ys|id|ying)\b(?!-|\s+(?:attention|a visit))|payments?\b|checkout|deposits?\b|pre-?pa(?:y|id)|subscriptions?\b|stripe|paypal|mb ?way|apple pay|google pay|in-app purchases?)/i;
const PAID_OFFLINE = /\b(?:(?:at|on) the (?:counter|desk|door|till|front desk|shop|bar|comptoir|reception)|not online|when they (?:collect|arrive|pick up)|on (?:the|their) (?:invoice|till|bill)|(?:by|via) (?:bank transfer|standing order|invoice|cash)|in cash|cash only|our bank|accountant|existing till|outside the (?:app|platform|system)|not (?:in|through|via) the (?:app|platform|system))\b/i;
/** What a record has rather than is: "a phone number", "a real name and town" are fields of the person. */
const ATTRIBUTE = /^(?:name|address|number|nr|\w*count|tally|email|e-mail|date|size|colou?r|status|state|cost|capacity|level|amount|total|description|details?|age|birthday|nickname|password|weight|height|length|width|depth|volume|temperature|duration|quantity|distance|speed)$/;
/** What people say they lack ("no idea about technology", "no time"): a state of theirs, never something ruled out of the product. */
const LACK = /^(?:idea|clue|time|experience|knowledge|skill|expertise|background|plan|preference|opinion|developer|programmer|engineer|team|staff|one|problem)s?$/;
const NOT_RULED_OUT = /^(?:budget|funding)$/;
const MONEY_WORDS = /^(?:payment|money|price|pricing|fee|card|checkout|billing|invoice|subscription|commission|charge|paid plan|transaction|donation)s?$/;
const LANGUAGES = Object.keys(LANGUAGE_CODES);
// ("which takes me about two weeks of phone calls", "this take hours every week": the time a chore costs is a pain; "lessons take 30 minutes" is none.)
// ("nobody tracks who did them": what nobody does is a gap.)
const PAIN = /\b((?:(?:it|this|that|which) (?:takes?|took)|tak(?:es?|ing) (?:me|us)) (?:me |us )?(?:about |around |nearly |almost |at least |up to )?(?:\w+ )?(?:hours?|days?|weeks?|months?|ages|forever)|(?:spends?|spent|spending) (?:\w+ ){0,2}(?:hours?|days?|evenings?|weekends?|afternoons?|mornings?|nights?)|hurts?|hurting|pain(?:ful)?|problem|struggl\w*|frustrat\w*|annoy\w*|hat(?:e|es|ed|ing)|forget\w*|forgot(?:ten)?|lose|loses|losing|lost|waste\w*|chaos|chaotic|mess(?:y)?|hard to|difficult|error-prone|nightmare|headache|miss(?:es|ed)?|die|dies|fall through|(?:nobody|no one)(?: \w+ly| else| ever)? (?!(?:is|was|has|does|needs|gets)\b)[a-z]+s|breaks?|fails?|slow|manual(?:ly)?|overwhelm\w*|trust|double[- ]?book\w*|overbook\w*|clash\w*)\b/i;
const WORST = /\b(most|biggest|main|worst|above all|number one|#1|the real|mostly|especially|really)\b/i;
const SKILL_VERB = /\b(know|knows|use|used|using|write|writes|written|prefer|prefers|familiar|comfortable|strong|experience|experienced|background|work with|worked with|speak|fluent|skilled|expert)\b/i;
const WEAK_SKILL = /\b(?:a (?:bit|little)(?: of)?|some|basic|a few|learning|beginner|rusty|not much)\s+$/i;

const NOT_PEOPLE = /^(?:sensor|monitor|server|timer|printer|scanner|computer|router|container|tracker|reminder|counter|order|folder|number|water|paper|filter|player|layer|header|footer|buffer|cluster|trigger|poster|sticker|meter|register|letter|charter|corner|center|centre|calendar|manager app|user interface)$/;

function isPerson(np: NounPhrase | undefined): boolean {
  if (!np) return false;
  const last = lastWord(np.head);
  if (np.person || ROLE_SINGULAR.has(last) || PEOPLE.has(last)) return true;
  // "physiotherapists", "adopters", "beekeepers": agent nouns act; machines are listed above.
  return /(?:ist|ian|er|or|ee|[^o]m[ae]n)$/.test(last) && !/list$/.test(last) && !NOT_PEOPLE.test(last) && !PRODUCT.test(last) && !np.proper;
}

/** Every noun phrase of a clause: its subject, its objects and the nouns after its prepositions. */
const nounsOf = (c: Clause) => [...(c.subject ? [c.subject] : []), ...c.objects, ...c.extras.map((e) => e.np)];

/** "two kilns", "vans": said as many ("a business" only ends in s). */
const saidPlural = (np: NounPhrase) => np.text.split(/\s+/).pop()!.toLowerCase().replace(/[^a-z-]/g, "") !== lastWord(np.head);

const INTEGRATE = /^(?:sync|export|import|integrate|connect|migrate|mirror|push|pull)$/;
/** Verbs whose subject is as often a thing as a person ("the fees are too high", "the cutter needs an induction"). */
const THING_VERBS = /^(?:be|need|have|cost|take|run|work|fail|break|stop|go|come|get|last|seem|look|print|cut|hold|fit|belong)$/;

/** Acts only people do. */
const HUMAN_ACT = /^(?:confirm|approve|reject|decline|accept|assign|decide|sign|tick|mark|book|reserve|order|pay|teach|inspect|choose|review|vote|register|enrol|enroll|rate|text|email|phone|ask|answer|cook|clean|repair|fix)$/;

/** The role of the person acting in a clause ("barbers" → barber); a named individual ("Sam") is nobody's role. */
function actorOf(np: NounPhrase | undefined, verb?: string): string | undefined {
  // "Every September we bring in the harvest": a time is nobody, however it ends; "my sister" is one person, not a group.
  if (!np || np.proper || np.time || np.individual) return undefined;
  const last = lastWord(np.head);
  if (ROLE_SINGULAR.has(last)) return ROLE_SINGULAR.get(last);
  if (["we", "i", "they", "you", "people", "user", "users", "everyone", "everybody", "anyone", "anybody", "someone", "somebody", "team"].includes(last)) return undefined;
  // A word that only looks like an agent noun ("fee", "cutter") acts only when it does what people do;
  // ("Section leaders take attendance": one the tagger knows as a doer does what it does.)
  if (!np.person && verb && THING_VERBS.test(verb) && !(/(?:er|or)$/.test(last) && tokens(np.text).at(-1)?.tags.has("Actor"))) return undefined;
  // "the kiln steward confirms the load": whoever does what only people do is a person, whatever the word.
  if (verb && HUMAN_ACT.test(verb) && !np.time && !np.count && !PRODUCT.test(last) && !DEVICES.has(last) && !NOT_PEOPLE.test(last) && !NOT_A_THING.has(last) && !/ing$/.test(last) && thingName(np)) return last;
  return isPerson(np) ? last : undefined;
}

function thingName(np: NounPhrase, asObject = false): string | undefined {
  // ("We have zero budget": what there is none of is no thing.)
  if (np.proper || np.time || np.count === 0) return undefined;
  const h = np.head.replace(/[^a-z0-9 -]/g, "").trim();
  const last = lastWord(h);
  if (!asObject && (PRODUCT.test(last) || DEVICES.has(last))) return undefined;
  if (asObject && h === "budget") return h;
  if (!h || h.length < 3 || NOT_A_THING.has(h) || ATTRIBUTE.test(last) || isMeasure(last) || ((TIME_WORDS.test(last) || (last !== h && ["way", "thing", "stuff", "bit", "run", "based", "led", "only", "free", "friendly"].includes(last))) && !/pickup|delivery|opening|arrival/.test(h))) {
    // "watering rota" keeps its modifier; "tiny app" does not survive.
    return undefined;
  }
  // ("everybody who booked": an indefinite pronoun names nobody's record.)
  if (ROLE_SINGULAR.has(last) || PEOPLE.has(last) || /^(?:every|any|some|no)(?:body|one|thing)$/.test(h)) return undefined;
  // "paper record cards", "paper forms": what is on paper today is what the product replaces, not a record it keeps.
  if (/\bpaper\s/i.test(np.full) && last !== "paper") return undefined;
  if (/^\d/.test(h) || LANGUAGES.some((l) => l.toLowerCase() === h)) return undefined;
  return h;
}

function quantities(sentences: string[]): Quantity[] {
  const out: Quantity[] = [];
  for (const s of sentences) {
    for (const m of s.matchAll(/(?:(?:€|\$|£)\s?(\d[\d,.]*)\s?(k)?|(\d[\d,.]*)\s?(k)?\s?(?:euros?|dollars?|pounds?|EUR|USD|GBP|€))(?:\s*(?:a|per|\/|each)\s*(month|year|week|day))?/gi)) {
      const value = Number((m[1] ?? m[3]).replace(/,/g, "")) * (m[2] || m[4] ? 1000 : 1);
      out.push({ value, text: m[0].trim(), kind: "money", ...(m[5] ? { unit: m[5].toLowerCase() } : {}), sentence: s });
    }
    // "no budget", "zero budget": a budget of nothing, which every running cost must fit.
    for (const m of s.matchAll(/\b(?:no|zero|without (?:a|any))\s+budget\b/gi)) out.push({ value: 0, text: m[0], kind: "money", sentence: s });
    for (const m of s.matchAll(/(\d[\d,.]*)\s?%/g)) out.push({ value: Number(m[1]), text: m[0], kind: "percent", sentence: s });
    for (const m of s.matchAll(/(?<![€$£\d.,])(\d[\d,]*)(k)?\s+(?:(?:weekly|monthly|daily|active|concurrent|registered|new)\s+)?([a-z][a-z-]+)/gi)) {
      const unit = m[3].toLowerCase();
      if (/^(?:eur|usd|gbp|euros?|dollars?|pounds?|percent|am|pm)$/.test(unit)) continue;
      out.push({ value: Number(m[1].replace(/,/g, "")) * (m[2] ? 1000 : 1), text: m[0].trim(), kind: "count", unit, sentence: s });
    }
  }
  return out;
}

// A limit on what running it may cost, said around the figure; a price people pay is not one.
const BUDGET_CUE = /\b(?:budget|spend|afford|hosting|running costs?|have (?:no|little|some|only) money|costs? (?:us|at most|no more|under|below)|ceiling|cap)\b/i;
const LIMIT_BEFORE = /\b(?:under|below|at most|max(?:imum)?|up to|no more than|less than|within)\s*$/i;
const PRICE_CUE = /\b(?:deposits?|fees?|prices?|commissions?|charges?|fines?|tickets?|tips?|refund\w*|costs? (?:a|per|each)|per (?!month|year)\w+|each)\b/i;

/** The person's budget: a money figure said as a limit on cost (or "no budget"), never a price people pay. */
function budgetOf(qs: Quantity[], spent: Clause[]): Quantity | undefined {
  return qs.find((q) => {
    if (q.kind !== "money") return false;
    if (q.value === 0 || spent.some((c) => c.sentence === q.sentence && new RegExp(`(?<![\\d.,])${escapeRegExp(q.text)}(?![\\d])`).test(c.text) && !PRICE_CUE.test(c.text))) return true;
    const at = q.sentence.indexOf(q.text);
    const around = q.sentence.slice(Math.max(0, at - 60), at + q.text.length + 40);
    return BUDGET_CUE.test(around) && !PRICE_CUE.test(q.sentence.slice(Math.max(0, at - 25), at + q.text.length + 25)) || (LIMIT_BEFORE.test(q.sentence.slice(0, at)) && /\b(?:month|year)\b/i.test(q.text + (q.unit ?? "")) && !PRICE_CUE.test(around));
  });
}

function languagesOf(text: string): string[] {
  // "portuguese only": written in lower case, a name is still a language where it stands as one.
  const found = LANGUAGES.filter((l) => new RegExp(`\\b${l}\\b`).test(text) || new RegExp(`\\b${l}[- ]only\\b|\\b(?:only|just) (?:in )?${l}\\b`, "i").test(text));
  if (!found.length) return [];
  // "Swedish and English.", "English only": a sentence that only names languages, or one said as the only one, says what the screens speak.
  // ("Welsh and English please, it is the law for us": a part of a sentence that names only languages, the same.)
  const onlyLanguages = (part: string) => !part.replace(new RegExp(`\\b(?:${found.join("|")}|and|or|both|please|only|in)\\b|[+&.!]`, "gi"), "").trim();
  const said = splitText(text, 2);
  if (said.some((s) => s.split(/\s+/).length <= 6 && found.filter((l) => s.includes(l)).length >= 2) || said.flatMap((s) => s.split(/[,;:]\s+/)).some((p) => found.filter((l) => p.includes(l)).length >= 2 && onlyLanguages(p)) || found.some((l) => new RegExp(`\\b(?:only|just) (?:in )?${l}\\b|\\b${l}[- ]only\\b`, "i").test(text))) return found;
  // ("Programs are in Portuguese and Changana": what a thing of theirs is in is its content's language, not the screens'.)
  const contentOnly = new RegExp(`\\b(?!(?:it|app|apps|site|screens?|interface|ui|everything|all)\\b)[a-z]+s (?:are|were) (?:\\w+ )?in (?:both )?(?:${LANGUAGES.join("|")})\\b`, "gi");
  // ("Some members only speak Dutch": the language the people it serves speak is one the screens must.)
  const uiCue = new RegExp(`\\b(?:ui|interface|app|site|website|translat\\w*|languages?|locali[sz]\\w*|i18n|bilingual|multilingual|available in|(?:in|speaks?|reads?|understands?) (?:both |only )?(?:${LANGUAGES.join("|")}))\\b`, "i");
  const rest = text.replace(contentOnly, "");
  const spoken = found.filter((l) => saysLanguage(rest, l));
  if (!uiCue.test(rest) || !(spoken.length >= 2 || spoken.some((l) => l !== "English"))) return [];
  // Some of them speak Dutch, and the person wrote in English: the screens speak both.
  return !spoken.includes("English") && new RegExp(`\\b(?:some|many|most|a few|half|several)\\b[^.]*\\b(?:speaks?|reads?|understands?) (?:only )?(?:${spoken.join("|")})\\b`, "i").test(rest) ? ["English", ...spoken] : spoken;
}

function readSkills(sentences: string[]): Skill[] {
  const out: Skill[] = [];
  for (const s of sentences) {
    if (!SKILL_VERB.test(s) && !/\b(?:team|developers?|engineers?|we|i)\b/i.test(s)) continue;
    if (!/\b(?:we|our|i|i'm|team|developers?|engineers?|devs?|volunteers?|they)\b/i.test(s)) continue;
    const mentions = TECHS.flatMap((tech) => [...s.matchAll(techPattern(tech, "g"))].map((m) => ({ tech, index: m.index })));
    for (const { tech, index } of mentions.sort((a, b) => a.index - b.index)) {
      if (tech.kind !== "family" && tech.kind !== "framework") continue;
      const before = s.slice(Math.max(0, index - 30), index);
      if (/\b(?:no|not|never|without|don't|doesn't)\b[^,;.]*$/i.test(before)) continue;
      out.push({ tech, strong: !WEAK_SKILL.test(before), sentence: s });
    }
  }
  return out;
}

const cache = new Map<string, Reading>();

export function readProject(description: string, answers = ""): Reading {
  return remember(cache, `${description}\u0000${answers}`, () => read(description, answers), 201);
}

function read(description: string, answers: string): Reading {
  const descClauses = readClauses(description);
  // "Community minibus, Llandeilo area" on a line of its own: a heading with no verb names the project and where it is, no record.
  const heading = /^([^\n]+)\n/.exec(description.trim())?.[1].trim().replace(/[.:]+$/, "");
  const atHeading = descClauses.filter((c) => c.sentence === heading), headed = atHeading.some((c) => c.verb) ? [] : atHeading;
  const ansClauses = readClauses(answers, false);
  const clauses = [...descClauses, ...ansClauses];
  const sentences = [...splitText(description, 2), ...splitText(answers, 2)];
  const full = `${description}\n${answers}`;
  const pos = (s: string) => Math.max(0, full.toLowerCase().indexOf(s.toLowerCase()));

  const actors = new Set<string>();
  const things = new Map<string, Thing>();
  const acts: Act[] = [];
  const forbidden = new Set<string>();
  const ruledOut = new Set<string>();
  const overridden = new Set(contradictions([description, answers]).map((c) => c.earlier));
  const links: Link[] = [];
  const measured: Array<{ sentence: string; word: string }> = [];
  const ours = new Set<string>();
  // "the collective" is the "printmaking collective" they said they are.
  const isOurs = (name: string) => [...ours].some((o) => o === name || o.endsWith(` ${name}`));
  const read = new Set<string>();
  const titleHeads = new Set((descClauses[0] && !descClauses[0].verb ? descClauses[0].objects : []).map((o) => lastWord(o.head)));

  // "sheet music parts …, their own parts": a bare noun after a compound that ends in it is that compound.
  const compoundOf = (bare: string) => (bare.includes(" ") ? undefined : [...things.keys()].find((k) => k.endsWith(` ${bare}`)));
  // "four barber shops", "three lock-ups": things the person counted are things the product keeps.
  const counts = new Map<string, number>();
  for (const np of clauses.flatMap(nounsOf)) if ((np.count ?? 0) >= 2) counts.set(np.head, np.count!);
  const counted = (name: string) => (counts.get(name) ?? 0) >= 2;
  // ("a bakery with two shops", "at the main shop": one of several they counted is a thing they keep, not their organisation.)
  const ourPlace = (name: string) => ORGANISATION.test(lastWord(name)) && !counted(name);
  // "The bestuur (5 people) does everything": a noun glossed with a headcount is people, whatever the word.
  for (const np of clauses.flatMap(nounsOf)) if (new RegExp(`(?<![\\p{L}-])${escapeRegExp(np.head)}\\s*\\((?:about |around |~)?\\d+ (?:people|persons|members)\\)`, "iu").test(full)) np.person = true;
  const addThing = (bare: string, verb: string | undefined, actor: string | undefined, core: boolean, inDesc: boolean, listed = false) => {
    const name = compoundOf(bare) ?? bare;
    const t = things.get(name) ?? { name, verbs: [], actors: [], verbsOf: {}, core: false, listed: false, at: pos(lastWord(name)), fromDescription: inDesc };
    t.listed ||= listed;
    if (verb && !t.verbs.includes(verb)) t.verbs.push(verb);
    if (actor && !t.actors.includes(actor)) t.actors.push(actor);
    if (actor && verb) (t.verbsOf[actor] ??= []).push(verb);
    t.core ||= core;
    t.fromDescription ||= inDesc;
    things.set(name, t);
  };

  // "Dog walking app": a noun before a gerund in the title is what the product is for.
  for (const np of descClauses[0]?.title ? descClauses[0].objects : []) {
    const ts = tokens(np.full);
    ts.forEach((t, i) => ts[i + 1]?.tags.has("Gerund") && !["Adjective", "Determiner", "Pronoun", "Gerund", "Preposition"].some((g) => t.tags.has(g)) && addThing(singularNoun(t.norm), infinitive(ts[i + 1].norm), undefined, false, true, true));
  }
  // "sign a waiver", "each station has a duty roster": a word that only looks like an agent noun is a person when one acts somewhere.
  // Everyone a clause's subject names acts: "the sirs and madams take attendance".
  // ("every car must be booked": a passive's verb says what is done to its subject, never that it acts.)
  // ("Key handover must be logged": what is done to a word that only ends like "-er" says nothing of a person; "clients are told", "singers are reminded" do: one who sings is a singer.)
  const doer = (np?: NounPhrase) => Boolean(np && (np.person || ROLE_SINGULAR.has(lastWord(np.head)) || [/(?:er|or)$/, /r$/].some((re) => re.test(lastWord(np.head)) && tokens(lastWord(np.head).replace(re, ""))[0]?.tags.has("Verb"))));
  const actorsOf = (c: Clause) => (c.copula || namedByProducts(c) ? [] : [...(c.also ?? []), c.subject].filter((np) => !c.passive || doer(np)).map((np) => actorIn(np, c.passive ? undefined : c.verb)).filter((a): a is string => Boolean(a)));
  // "me + 2 techs", "me and two apprentices": whoever the speaker counts with themselves is a person who works with them.
  const withMe = new Set<string>();
  for (const s of sentences) for (const m of s.matchAll(/\b(?:me|i|myself|we|us)\s*(?:\+|&|and|plus)\s*(?:(?:\d+|an?|two|three|four|five|six|seven|eight|nine|ten|a few|some)\s+)?(?:other\s+)?([a-z][\w-]*s)\b/gi)) {
    if (tokens(m[1])[0]?.tags.has("Noun")) withMe.add(singularNoun(m[1].toLowerCase()));
  }
  // ("plot holders pay a yearly rent": people named by a thing the person speaks of elsewhere keep it; "volunteer drivers" are drivers.)
  const thingWords = new Set(clauses.flatMap(nounsOf).filter((np) => !np.person && !PEOPLE.has(lastWord(np.head)) && !np.proper && !np.time).map((np) => lastWord(np.head)));
  // ("the harbour master", "game masters": a noun before the role that is no role, no person and not their organisation says which one.)
  const modifier = (w: string) => thingWords.has(w) || ((dictionaryTag(w) ? /^(?:Singular|Noun|Uncountable)$/.test(dictionaryTag(w)!) : tokens(w)[0]?.tags.has("Noun")) && !ROLE_SINGULAR.has(w) && !PEOPLE.has(w) && !ORGANISATION.test(w) && !isOurs(w));
  const named = (np: NounPhrase | undefined, role: string | undefined) => (role && np && np.head.split(" ").length === 2 && lastWord(np.head) === role && modifier(np.head.split(" ")[0]) ? np.head : role);
  const actorIn = (np: NounPhrase | undefined, verb?: string) => named(np, actorOf(np, verb)) ?? (np && withMe.has(np.head) ? np.head : undefined);
  const acting = new Set([...clauses.flatMap(actorsOf), ...withMe]);
  // ("couples sign the contract" … "couples pick a package": whoever acts as a person in one clause is one in every clause.)
  for (const a of acting) if (!a.includes(" ") && !NOT_PEOPLE.test(a)) withMe.add(a);
  for (const p of withMe) if (!p.includes(" ")) actors.add(p);
  for (const c of clauses) {
    // A clause in another language is not read as English: it stays among the sentences the reader could not read.
    if (isForeign(c.text)) continue;
    if (OUT_OF_SCOPE.test(c.sentence)) {
      ruledOut.add(c.sentence.replace(/[.!]+$/, ""));
      read.add(c.sentence);
      continue;
    }
    const inDesc = descClauses.includes(c);
    if (headed.includes(c) && !c.objects.some((o) => isPerson(o) || o.count !== undefined)) {
      for (const o of c.objects) ours.add(o.head);
      continue;
    }
    // ("My wife and I have a bakery": the speaker with someone close is the speakers.)
    // ("Mostly we …": an adverb first changes nothing.)
    const weSay = /^(?:\w+ly,?\s+)?(?:(?:my|our)\s+[\w-]+\s+and\s+)?(?:we|i)\b/i.test(c.text.trim()) || speakersGoOn(clauses, c);
    const act = actRecord(c);
    const actor = c.copula || c.passive || namedByProducts(c) ? undefined : actorIn(c.subject, c.verb);
    for (const a of c.negated ? [] : actorsOf(c)) actors.add(a);
    if (c.negated) {
      // "no payments", "we don't take cards" rule something out; "readers cannot find recipes" is a pain, not a ban.
      // A ban the person took back later ("no online payment" … "a €5 online deposit") no longer holds: the later word stands.
      if (overridden.has(c.text)) continue;
      // "Some fishermen don't use smartphones": a habit of the people it serves is a fact to design for, not a ban.
      const theirHabit = Boolean(c.verb && /^(?:use|own|have|carry|know|read|like|trust|want)$/.test(c.verb) && actorOf(c.subject, c.verb));
      // "staff see who hasn't paid yet": a negation inside a relative or reported clause says who, it bans nothing.
      if ((!c.verb || PROHIBIT.test(c.verb)) && !theirHabit && !c.relative) {
        // "No money involved", "no login required": the subject is what is ruled out.
        // ("No patient pays" rules out the paying, not the patient: the subject acts there.)
        const subjectRuledOut = c.subject && !isPerson(c.subject) && /^\s*no\s+(?:[\w-]+\s+){1,3}?\w+ed\b/i.test(c.text) ? [c.subject] : [];
        let named = false;
        // "We do not want anything on Facebook": with nothing named as the object, the name after it is what is ruled out.
        const placeRuledOut = c.objects.length ? [] : c.extras.map((e) => e.np).filter((np) => np.proper);
        for (const np of [...subjectRuledOut, ...c.objects, ...placeRuledOut]) {
          // "no budget" limits what it may cost (a money quantity of 0), it rules nothing out.
          if (!np.proper && (NOT_RULED_OUT.test(np.head) || LACK.test(lastWord(np.head)))) continue;
          named = true;
          // "no app store stuff" rules out the app store: a filler head stands for the words before it.
          forbidden.add(np.proper ? np.head.toLowerCase() : / (?:stuff|things?|bits?|nonsense)$/.test(np.head) ? np.full.toLowerCase().replace(/ \S+$/, "").split(/\s+/).slice(-2).join(" ") : np.head);
        }
        // Said back in their words ("No mobile app needed"), never as a noun pulled out of them.
        if (named) ruledOut.add(c.text);
        if (act) forbidden.add(act);
        read.add(c.sentence);
        continue;
      }
    }
    // "We are a ceramics co-op with two kilns", "im a plumber with 2 vans": who the speakers are is the product's setting (a person's trade is a role), and what they count is theirs to keep.
    // "there's 4 walkers and 70 regular dogs": what there is, the same.
    // ("… when there is a scratch": what there is under a condition is no thing of theirs.)
    const there = /^there\b/i.test(c.text.trim()) && !SUBORDINATE.test(c.sentence.slice(0, c.sentence.indexOf(c.text)));
    if (c.copula && !c.negated && (there || /^(?:we|i|i'?m)\b/i.test(c.text.trim()))) {
      for (const o of c.objects) {
        const n = there && !isPerson(o) ? thingName(o) : undefined;
        // ("We're a small translation agency": an organisation they are is their setting, though "agency" is a role elsewhere; "we are a small dog shelter": many who are one of something are a group, whatever the word; "we are 2 developers and a designer" are members.)
        const role = isPerson(o) && !(!there && (ORGANISATION.test(lastWord(o.head)) || (/^we\b/i.test(c.text.trim()) && c.objects.length === 1 && !saidPlural(o)))) ? actorOf(o) : undefined;
        if (n) addThing(n, undefined, undefined, false, inDesc, true);
        else if (role) actors.add(role);
        else ours.add(o.head);
      }
      // ("a small printmaking collective": the tagger may read the last word as an adjective.)
      const said = /^(?:we|i)\s*(?:'re|are|'m|am)\s+(?:an?|the)\s+([^,;]+?)(?=\s+(?:with|in|of|from|based|and|who|that)\b|[,;]|$)/i.exec(c.text.trim());
      if (!there && !c.objects.length && said) ours.add(singularNoun(said[1].split(/\s+/).pop()!));
      for (const e of c.extras) {
        // ("a cooperative of 45 olive growers": the people they are made of are people it serves.)
        const role = e.prep === "of" && !e.verb && isPerson(e.np) && saidPlural(e.np) ? actorOf(e.np) : undefined;
        const n = role ? undefined : thingName(e.np);
        if (role) actors.add(role);
        if (n && (counted(n) || saidPlural(e.np))) addThing(n, undefined, undefined, false, inDesc, true);
        // ("I am coordinator of a comedor social": where the speaker holds a post is their organisation.)
        else if (n && /^i\b/i.test(c.text.trim()) && c.objects.some(isPerson) && /^(?:of|at|for|in)$/.test(e.prep) && !e.np.time) ours.add(e.np.head);
      }
      read.add(c.sentence);
      continue;
    }
    // "I keep bees with a group of 12 hobby beekeepers": the group the speakers are in is theirs, and the people it is made of are people it serves.
    (weSay ? c.extras : []).forEach((e, i) => {
      if (!/^(?:with|in)$/.test(e.prep) || !ourPlace(e.np.head)) return;
      ours.add(e.np.head);
      const of = c.extras[i + 1];
      const role = of?.prep === "of" && isPerson(of.np) ? actorOf(of.np) : undefined;
      if (role) actors.add(role);
    });
    // "Our taproom sells beer …", said first: the subject is the speakers' organisation, and what it does is the setting.
    if (c === descClauses[0] && c.subject && /^(?:our|my)\s/i.test(c.text.trim()) && ORGANISATION.test(lastWord(c.subject.head))) ours.add(c.subject.head);
    // "Under-12 football club, volunteer run": a description that opens by naming an organisation names the speakers'.
    // ("dog walking biz, 3 walkers": a head after what it does, first and alone, is the speakers' own, whatever the word.)
    // ("phone repair kiosk in a mall": one named with where it is, the same.)
    // ("dance school in Porto": a first word the tagger read as a verb, before a bare noun, is the same.)
    if (c === descClauses[0] && (!c.verb || (c.objects[0]?.bare && new RegExp(`^${c.verb}\\s+${escapeRegExp(c.objects[0].text)}\\b`, "i").test(c.text.trim()))) && !c.title && c.objects.length === 1 && !PRODUCT.test(lastWord(c.objects[0].head)) && (ORGANISATION.test(lastWord(c.objects[0].head)) || /[a-z]{3}ing$/.test(tokens(c.objects[0].full).at(-2)?.norm ?? "") || c.extras.some((e) => /^(?:in|at|near)$/.test(e.prep) && !e.np.time))) ours.add(c.objects[0].head);
    if (c.subject && isOurs(c.subject.head)) {
      read.add(c.sentence);
      continue;
    }
    // In the answers a pain sentence is about the problem, not the data ("people forget their turn").
    const pain = !inDesc && PAIN.test(c.text);
    if (c.verb && !c.copula && !pain) {
      // "add attendees to the newsletter": people someone acts on are kept too, when their role is a known one.
      for (const o of c.negated || /^(?:have|hire|be|want|need)$/.test(c.verb) ? [] : c.objects) if (ROLE_SINGULAR.has(o.head)) actors.add(ROLE_SINGULAR.get(o.head)!);
      // A device is a thing the product keeps only when it changes hands ("borrow laptops"), not when people have one ("riders have phones").
      // Likewise software ("free tools only", "use an app") is a thing kept only when it changes hands ("swap tools").
      // "Today we use a paper sheet", "we use Slack": what the speakers work with is a tool, not a record.
      // ("We tried an Excel sheet": what they tried, the same.)
      const instrument = /^(?:use|try)$/.test(c.verb) && !c.subject;
      // "Every full bin gets weighed": a passive's subject is what is acted on.
      const objs = (c.passive && c.subject && !isPerson(c.subject) ? [c.subject, ...c.objects] : c.objects)
        // "they tell the office", "I chase late payers": whom people speak to is no thing they act on; "people hate the group chat": nor what they feel about or know.
        .filter(() => !/^(?:tell|call|ring|phone|inform|contact|chase|remind|invite|notify|thank|hate|love|like|dislike|enjoy|prefer|fear|understand|know|mind)$/.test(c.verb!) && !instrument)
        // ("I have no IT knowledge": what people say they lack is no thing.)
        .filter((o) => !(c.negated && LACK.test(lastWord(o.head))))
        // ("we keep track in a notebook", "we lose count", "coaches have priority": a bare singular after keep, lose or have is part of the verb, no record.)
        .filter((o) => !(o.bare && (/^(?:keep|lose|have)$/.test(c.verb!) || new RegExp(`\\b(?:keep|lose|have)s?\\s+${escapeRegExp(o.text)}\\b`, "i").test(c.text))))
        .filter((o) => !wishedProduct(c, o))
        // ("assign a translator and a reviewer": what is listed with a person is a person.)
        .filter((o) => !isPaymentMethod(o.head) && !(isPerson(o) && (o.person || !/(?:er|or)$/.test(o.head) || acting.has(o.head) || tokens(o.text).at(-1)?.tags.has("Actor") || c.objects.some((x) => x !== o && isPerson(x) && (x.person || acting.has(x.head))))) && ((!DEVICES.has(lastWord(o.head)) && !PRODUCT.test(lastWord(o.head))) || HANDED.test(c.verb!)))
        .map((o) => compoundOf(o.head) ?? thingName(o, true))
        .filter((n): n is string => Boolean(n));
      // Things people (or the product for them) act on are the core of the model; in the answers only acts count.
      const subjectWord = lastWord(c.subject?.head ?? "");
      // "we check the bank statement by hand": how the speakers do it today names what they touch, not what the product keeps ("volunteers sign up for shifts on a paper sheet" still names the shifts people sign up for).
      // ("Hasan does the sums by hand": one person they know, the same.)
      const byPerson = !(PRESENT_PRACTICE.test(c.text) && (weSay || c.subject?.proper || c.subject?.individual)) && (isPerson(c.subject) || Boolean(actor) || !c.subject || c.passive || PRODUCT.test(subjectWord) || Boolean(c.subjectInherited && c.subject && !c.subject.person && titleHeads.has(subjectWord)));
      // "I volunteer at a community radio station": where the speakers do what they do is who they are, no act of the product's.
      if (weSay && !c.objects.length && c.extras.some((e) => /^(?:at|in|for|with)$/.test(e.prep) && ourPlace(e.np.head))) {
        for (const e of c.extras) if (ourPlace(e.np.head)) ours.add(e.np.head);
        read.add(c.sentence);
        continue;
      }
      // "We run a food bank out of a church hall": who the person is, not a kind of record (four shops they count are).
      if (weSay && /^(?:run|own|be|have|manage|operate)$/.test(c.verb)) {
        for (const o of objs) {
          const np = c.objects.find((x) => x.head === o);
          // What they run is their organisation, and so is an organisation they have; what they have or own ("a library bus") they keep.
          if ((ourPlace(o) || (/^(?:run|be)$/.test(c.verb) && !counted(o))) && !(np && saidPlural(np))) ours.add(o);
          else addThing(o, c.verb, actor, byPerson, inDesc, true);
        }
        read.add(c.sentence);
        continue;
      }
      // "write down the kilometres": a quantity recorded is a field of what the sentence makes (below).
      // ("harvests are weighed in kilograms": the unit a thing is measured in, said without a number, the same.)
      for (const o of [...c.objects, ...c.extras.filter((e) => e.prep === "in" && e.np.count === undefined).map((e) => e.np)]) if (isMeasure(lastWord(o.head))) measured.push({ sentence: c.sentence, word: o.text.toLowerCase() });
      // What people act on is the model's core, whether said in the description, an answer or a remark.
      // ("people forget which rehearsals they are called for": what people forget, lose or miss is no act of theirs.)
      for (const o of objs) for (const a of [...(c.passive || /^(?:forget|lose|miss)$/.test(c.verb) ? [] : actorsOf(c)), undefined]) addThing(o, c.verb, a, byPerson, inDesc, counted(o));
      // ("browse the candles by scent", "sort jobs by date": what people find things by is a field of those things.)
      if (/^(?:browse|search|filter|sort|find|group|list)$/.test(c.verb)) for (const e of c.extras) if (e.prep === "by" && e.np.bare) for (const t of objs.map((o) => things.get(o))) if (t) t.fields = unique([...(t.fields ?? []), e.np.head]);
      // "each repair gets an outcome": a part of another thing, kept as its own record.
      const owner = !byPerson && c.subject ? thingName(c.subject) : undefined;
      // "jobs sometimes need a second visit", said in an answer or a remark, is as much a part as in the description.
      // Listed with a field ("a real name and town"), a word is a field too.
      if (owner && /^(?:get|have|has|include|contain|carry|receive|need)$/.test(c.verb) && !c.objects.some((o) => ATTRIBUTE.test(lastWord(o.head)))) {
        // An activity ("a second glaze firing") is what happens to the thing, not a part of it.
        for (const t of objs.filter((x) => !/ing$/.test(x)).map((o) => things.get(o)!)) {
          t.of ??= owner;
          t.listed = true;
        }
      }
      // "we'd hire a freelancer": what the speakers do to a person is no record of the product's.
      // ("Volunteers used to sign up on a paper list": what people did before is no record either.)
      if (act && !/\bused to\b/i.test(c.text) && (objs.length || (byPerson && !(weSay && c.objects.length)))) {
        acts.push({ verb: c.verb, record: act, objects: objs, ...(actor ? { actor } : {}), at: pos(c.text) });
      }
      // ("The encargado must confirm each delivery": whoever acts, here or elsewhere, is no thing, whatever the word.)
      // ("log … how many films went through it": what is asked how many of is a count, not a record.)
      const subjectThing = c.subject && !isPerson(c.subject) && !actor && !namedByProducts(c) && !acting.has(lastWord(c.subject.head)) && !/^how (?:many|much)\b/i.test(c.text) ? thingName(c.subject) : undefined;
      // ("each case goes through steps": a thing spoken of one by one is a record, whatever it does.)
      // ("We want: …, props get a list with who has them": so is a thing the person wishes something for.)
      if (subjectThing && inDesc && !/^(?:system|app|platform)$/.test(subjectThing)) addThing(subjectThing, undefined, undefined, false, inDesc, counted(subjectThing) || new RegExp(`\\b(?:each|every)\\s+${escapeRegExp(c.subject!.text)}\\b`, "i").test(c.text) || WISHES.test(c.sentence));
      // How the person tied their nouns together: whoever or whatever acts, or what is acted on, and the noun after a preposition.
      const own = actor ?? subjectThing;
      // "each batch follows a recipe": a thing acting on a thing belongs to it; "a kit includes lenses" the other way round.
      if (subjectThing) for (const o of objs) if (o !== subjectThing) links.push(/^(?:have|has|include|contain|hold|carry|get|receive|need)$/.test(c.verb) ? { from: o, to: subjectThing, many: false, said: c.text } : { from: subjectThing, to: o, many: false, said: c.text });
      const record = act !== "payment" ? act : undefined;
      for (const e of c.extras) {
        const to = actorOf(e.np) ?? thingName(e.np);
        if (!to) continue;
        // "sync payments with quickbooks", "export scores to a sheet": the other end is another system, not a record.
        if (c.negated || INTEGRATE.test(c.verb)) break;
        if (priceOf(c, e.prep)) continue;
        // "move between shops", "move to another batch": over time each side has many of the other ("swap with another family" is with a peer, no tie).
        // ("props go missing between shows": what becomes of a thing between them is no tie either.)
        if (((/^(?:between|across|among|amongst)$/.test(e.prep) && !new RegExp(`\\b(?:go|goes|went|get|gets|got|become|becomes)\\s+\\w+\\s+${e.prep}\\b`, "i").test(c.text)) || (e.prep !== "with" && new RegExp(`\\b(?:another|other|a different) ${e.np.text}`, "i").test(c.text))) && own) links.push({ from: own, to, many: true, said: c.text });
        // "a bus which drives to 12 villages": one of it goes with many of those, never with one ("one of our 12 dinghies" is one).
        else if (/^(?:for|of|per|in|at|on|from|to|into)$/.test(e.prep) && (e.prep === "of" || !((e.np.count ?? 0) >= 2))) {
          const from = record ?? objs[0] ?? subjectThing;
          // ("propose their car with the number of free seats": what is counted of a thing belongs to it; "the couple picks photos for their album": so does what the subject calls its own.)
          const countedOf = (e.prep === "of" && /^(?:number|count|amount|total)$/.test(c.extras[c.extras.indexOf(e) - 1]?.np.head ?? "")) || (from === subjectThing && new RegExp(`\\b(?:their|its|his|her) ${escapeRegExp(e.np.text)}\\b`, "i").test(c.text));
          if (from && from !== to) links.push(countedOf ? { from: to, to: from, many: false, said: c.text } : { from, to, many: false, said: c.text });
        }
      }
      for (const e of c.extras) {
        // "we use square for the bar tills and xero for accounts": what their tools are for is the tools' business.
        const n = INTEGRATE.test(c.verb) || instrument ? undefined : thingName(e.np);
        // "book a slot to bring a broken item": the item is acted on as much as the slot.
        if (n && e.verb && inDesc) {
          addThing(n, e.verb, actor, byPerson, inDesc);
          continue;
        }
        if (priceOf(c, e.prep)) continue;
        // "mount sensors in hives": a plural after "in" is a container people use; "in the waiting room" is a place; "i keep notes in word docs", the speakers' tool.
        // "items with photos", "mark delivered with a photo" list photos with what is done; "(while) people wait with coffee" says how they pass the time.
        // ("with one tap": one of it, counted, says how it is done.)
        // ("I go to their house", "tutors go to students' homes": someone's own place someone goes to is no record; "coming to the concert" names one.)
        if (n && inDesc && ((/^(?:of|for|to|during|after|per)$/.test(e.prep) && !(e.prep === "to" && /^(?:go|come|drive|walk|travel|ride|cycle|move|return|head)$/.test(c.verb) && new RegExp(`\\b(?:their|his|her|your|my|our|\\w+'s|\\w+s') ${escapeRegExp(e.np.text)}`, "i").test(c.text)) || (e.prep === "with" && (c.objects.length > 0 || !c.relative) && e.np.count !== 1)) || (e.prep === "in" && /s$/.test(e.np.text) && !(weSay && /^(?:keep|write|log|track|record|store|note|put)$/.test(c.verb))) || counted(n))) addThing(n, undefined, undefined, false, inDesc, true);
      }
      // ("Owners book appointments for their pets": what "their" names belongs to the nearest people named before it.)
      const lowered = c.text.toLowerCase();
      for (const np of nounsOf(c)) {
        const at = lowered.indexOf(`their ${np.text.toLowerCase()}`);
        const t = at >= 0 ? things.get(compoundOf(np.head) ?? thingName(np) ?? "") : undefined;
        const before = (p: NounPhrase) => lowered.indexOf(p.text.toLowerCase());
        const owner = t && nounsOf(c).filter((p) => isPerson(p) && saidPlural(p) && before(p) >= 0 && before(p) < at && actorIn(p)).sort((a, b) => before(a) - before(b)).map((p) => actorIn(p)).at(-1);
        // ("students see their group": one each, shared by many, so each belongs to it.)
        if (t && owner && !t.person && t.name !== owner) saidPlural(np) ? (t.of ??= owner) : links.push({ from: owner, to: t.name, many: false, said: c.text });
      }
      if (objs.length || actor) read.add(c.sentence);
    } else if (!c.verb) {
      // "readings per batch", "a waitlist for each event": a verbless phrase ties its nouns too.
      const headNp = c.objects.find((o) => thingName(o));
      const head = headNp && thingName(headNp);
      for (const e of c.extras) {
        const to = thingName(e.np) ?? (head ? actorOf(e.np) : undefined);
        // "one referee per match": each match has its one referee, not the other way round.
        if (head && to && head !== to && /^(?:for|of|per|in|at|on)$/.test(e.prep)) links.push(headNp?.count === 1 ? { from: to, to: head, many: false, said: c.text } : { from: head, to, many: false, said: c.text });
        // "the Hochries hut with 40 beds": what is counted after "with" belongs to the head.
        else if (head && to && head !== to && e.prep === "with" && (e.np.count ?? 0) >= 2) links.push({ from: to, to: head, many: false, said: c.text });
      }
      // "Currently one big Excel sheet": what they use today, said without a verb, is no record either.
      // ("web only", "desktop only": what alone is allowed is a condition, not a record; "medium £45", a price; "launch before September", a date to meet.)
      if (!inDesc || c.apposition || /\bonly$/i.test(c.text.trim()) || /^\S+\s+[€$£]\s?\d/.test(c.text) || DATED.test(c.text) || PRESENT_PRACTICE.test(c.sentence.slice(0, c.sentence.indexOf(c.text) + c.text.length))) continue;
      // ("ideally from the phone while standing at the hive with gloves on": a piece that names only where and how names no thing.)
      for (const e of head || !/\b(?:while|when)\b/i.test(c.text) ? c.extras : []) {
        const n = thingName(e.np);
        if (n && /^(?:with|of|for)$/.test(e.prep)) addThing(n, undefined, undefined, false, inDesc, counted(n));
      }
      for (const n of c.objects.map((np) => thingName(np))) if (n) addThing(n, undefined, undefined, false, inDesc, !c.title);
      if (c.objects.length) read.add(c.sentence);
    } else read.add(c.sentence);
    if (c.attributes && !c.negated && !OUT_OF_SCOPE.test(c.sentence)) {
      const name = compoundOf(c.attributes.of) ?? c.attributes.of;
      // ("at every inspection the member notes …": whoever notes what one X holds keeps that X; "each diver's level, shoe size …": what is listed of people who act is kept with them.)
      addThing(name, actor && c.verb, actor, false, inDesc, true);
      const t = Object.assign(things.get(name)!, actors.has(name) ? { person: true } : {});
      if (c.attributes.kinds) t.examples ??= c.attributes.items;
      else t.fields = c.attributes.items;
      read.add(c.sentence);
    }
  }

  // "some kids have allergies", "parents order lunches for their kids": people who act on nothing but have things of their own, or for whom the users act, are a record of their own.
  const GENERIC = /^(?:people|person|user|users|everyone|staff|team|we|i|they|you|community|family|families)$/;
  const dependant = (np?: NounPhrase) => (np && isPerson(np) && !np.individual && !np.proper && !GENERIC.test(lastWord(np.head)) && !actors.has(actorIn(np) ?? np.head) ? singularNoun(np.head) : undefined);
  for (const c of clauses) {
    if (c.negated || !c.verb || !descClauses.includes(c)) continue;
    const who = c.verb === "have" ? dependant(c.subject) : undefined;
    const owned = who ? c.objects.map((o) => thingName(o)).filter((n): n is string => Boolean(n && things.has(n))) : [];
    const forWhom = actorOf(c.subject, c.verb) ? c.extras.find((e) => e.prep === "for" && /\b(?:their|his|her)\s+\w+$/i.test(c.text.slice(0, c.text.indexOf(e.np.text) + e.np.text.length)) && dependant(e.np)) : undefined;
    // ("who picks up which child on which day": a person asked about one by one is kept as a record too.)
    const asked = c.objects.find((o) => new RegExp(`\\bwhich ${escapeRegExp(o.text)}\\b`, "i").test(c.sentence) && dependant(o));
    const person = who && owned.length ? who : forWhom ? dependant(forWhom.np) : asked ? dependant(asked) : undefined;
    if (!person) continue;
    if (!things.has(person)) things.set(person, { name: person, verbs: [], actors: [], verbsOf: {}, core: true, listed: false, at: pos(person), fromDescription: true, person: true });
    for (const o of owned) things.get(o)!.of ??= person;
    if (forWhom) things.get(person)!.of ??= actorOf(c.subject, c.verb);
  }
  for (const np of clauses.flatMap(nounsOf)) {
    const t = np.kinds && things.get(thingName(np) ?? "");
    if (t) t.kinds = unique([...(t.kinds ?? []), ...np.kinds!]);
  }

  // "every time someone opens a hive they log an inspection", "after each trip skippers log an entry": what is logged when something is done to a thing is a record of that thing.
  for (const c of clauses) {
    if (!c.verb || c.negated || !/^(?:log|record|note|enter|write|file)$/.test(c.verb)) continue;
    const logged = c.objects.map((o) => thingName(o)).find((n) => n && things.has(n));
    const when = /\b(?:every time|each time|whenever|when|after|once)\b/i.test(c.sentence);
    const other = clauses.find((x) => x !== c && x.sentence === c.sentence && x.verb && !x.negated && x.objects.some((o) => thingName(o) && things.get(thingName(o)!)?.core));
    // ("tutors write a short note after each session": or the thing it is written at.)
    const each = AT_EACH.exec(c.sentence)?.[1].toLowerCase();
    const to = other ? thingName(other.objects.find((o) => thingName(o) && things.get(thingName(o)!)?.core)!) : each && things.has(singularNoun(each)) ? singularNoun(each) : undefined;
    if (logged && when && to && to !== logged) links.push({ from: logged, to, many: false, said: c.sentence });
  }
  // "see which dog was walked when", "check when the bins were emptied": asking when a thing had something done to it keeps each doing as a record of that thing, with when it was done.
  for (const c of clauses) {
    const on = c.relative && c.passive && !c.negated && c.verb && c.subject && !isPerson(c.subject) && descClauses.includes(c) ? thingName(c.subject) : undefined;
    const record = on && (/\bwhen$/i.test(c.text) || /\bwhen\s+$/i.test(c.sentence.slice(0, c.sentence.indexOf(c.text)))) ? (actRecord(c) ?? gerund(c.verb!)) : undefined;
    if (!on || !record || record === on) continue;
    addThing(record, c.verb, undefined, true, true, true);
    things.get(record)!.fields ??= tokens(c.text).filter((t) => t.tags.has("PastTense") && infinitive(t.norm) === c.verb).slice(0, 1).map((t) => `${t.norm} at`);
    links.push({ from: record, to: on, many: false, said: c.sentence });
  }
  // The record a measured quantity belongs to: the act of its sentence ("book the van … write down the kilometres"), else what it is done to.
  for (const m of measured) {
    const start = pos(m.sentence);
    // ("… write the kilometers after each ride because we pay them back": an act said after the quantity is no record of it.)
    const act = acts.findLast((a) => a.at >= start && a.at <= start + Math.max(0, m.sentence.toLowerCase().indexOf(m.word)));
    const thing = [...things.values()].find((t) => t.core && clauses.some((c) => c.sentence === m.sentence && [...c.objects, ...(c.passive && c.subject ? [c.subject] : [])].some((o) => thingName(o) === t.name)));
    // ("Drivers write the kilometers after each ride": else the thing it is written at.)
    const holder = act ?? thing ?? things.get(singularNoun(AT_EACH.exec(m.sentence)?.[1] ?? ""));
    if (holder && !(holder.fields ?? []).includes(m.word)) holder.fields = [...(holder.fields ?? []), m.word];
  }
  // "the agency pays contractors outside the app", "clients pay by invoice, not in the app":
  // money moves, but never through the product.
  // ("… pays each socio by the kilos, but this we do in our accounting program, not in the new app": put outside the product.)
  const paidElsewhere = sentences.some((s) => /\bpa(?:y|ys|id|ying)\b/i.test(s) && (OUT_OF_SCOPE.test(s) || /\b(?:outside|not (?:in|through|via)|off|never (?:in|through))\s+(?:the\s+)?(?:app|platform|system|tool|site|product)\b/i.test(s)));
  const noMoney = paidElsewhere || [...forbidden].some((f) => MONEY_WORDS.test(f)) || /\b(?:free (?:of charge|for everyone|to use)|no money changes hands|handles? no money|non-commercial)\b/i.test(full);
  // ("our Träger pays maybe 50 euro per month", "we pay 20 euro a month": what the speakers' side pays is what running it may cost; "our members pay a fee" is people it serves paying.)
  const spent = clauses.filter((c) => c.verb === "pay" && !c.negated && !c.passive && /^(?:we|i|our|my)\b/i.test(c.text.trim()) && !isPerson(c.subject));
  // ("already take card payments with sumup": a clause about today moves no money through the product.)
  const paysInProduct = !noMoney && sentences.some((s) => s.split(/[,;]\s+/).some((p) => (PAYS.test(p) || CARD_PAYMENT.test(p)) && !PRESENT_PRACTICE.test(p) && !spent.some((c) => c.text.includes(p.replace(/[.!?]+$/, "")))) && !PAID_OFFLINE.test(s) && !/\b(?:no|not|never|nothing to do with|don't need)\b[^.;]{0,30}\b(?:pay|payments?|cards?|money)\b/i.test(s));
  // ("Ich bin die Kassenwartin": a sentence in another language says no pain this reader can name, whatever English word it spells.)
  const pains = sentences.filter((s) => PAIN.test(s) && !isForeign(s) && !/\b(?:no|not)\s+(?:a\s+)?problem\b/i.test(s));
  // ("… or free if a family is struggling": a pain word only in a condition says when, so a sentence that has one in its main clause comes first.)
  const inMain = (s: string) => PAIN.test(s.replace(/\b(?:if|when|whenever|unless)\b[^,;.()]*/gi, ""));
  pains.sort((a, b) => Number(WORST.test(b)) - Number(WORST.test(a)) || Number(inMain(b)) - Number(inMain(a)));
  const skills = readSkills(sentences);
  const languages = languagesOf(full);
  // "the signal there is terrible", said of the connection; "doesn't need to work offline" is ruled out there.
  const requirements = readRequirements(full);
  const qs = quantities(sentences);
  for (const s of [...pains, ...skills.map((k) => k.sentence), ...qs.map((q) => q.sentence)]) read.add(s);
  const unclear = sentences.filter((s) => !read.has(s) && !languages.some((l) => saysLanguage(s, l)) && s.split(/\s+/).length >= 3);

  // "Visitors bring toasters, lamps and bikes" … "each visitor can bring one item": nouns listed with the verb a general noun takes are kinds of it, not tables of their own.
  for (const c of clauses) {
    const general = c.verb && !c.negated && c.objects.length >= 2 ? [...things.values()].find((t) => GENERAL.test(t.name) && t.verbs.includes(c.verb!)) : undefined;
    const kinds = general ? c.objects.filter((o) => o.head !== general.name && things.get(o.head)?.verbs.every((v) => v === c.verb)) : [];
    if (!general || kinds.length < 2) continue;
    for (const k of kinds) things.delete(k.head);
    general.examples ??= kinds.map((k) => k.text);
    general.listed = true;
  }
  const examples = splitText(description, 2).flatMap(parentheticalExamples);
  for (const ex of examples) {
    // A vague word with examples names a thing people act on, in the person's order.
    if (ex.vague && !things.has(ex.of) && !forbidden.has(ex.of)) {
      // Who does what to it is the clause that named it vaguely ("neighbours list things …").
      const c = clauses.find((k) => k.verb && !k.negated && k.sentence.includes(ex.items[0]) && /\b(?:things|stuff|items)\b/i.test(k.text));
      const actor = c ? actorOf(c.subject, c.verb) : undefined;
      things.set(ex.of, { name: ex.of, verbs: c?.verb ? [c.verb] : [], actors: actor ? [actor] : [], verbsOf: actor && c?.verb ? { [actor]: [c.verb] } : {}, core: true, listed: true, at: pos(ex.items[0]), fromDescription: true });
    }
    // ("registers a family (household size, allergies, halal or not)": someone listed with what is noted of them, no one acting, is a record of its own.)
    const person = { text: ex.of, head: ex.of, full: ex.of, proper: false };
    if (!things.has(ex.of) && !actors.has(ex.of) && isPerson(person) && !/^(?:we|i|they|you|us)$/.test(ex.of) && !ex.items.some((x) => isPerson({ ...person, head: singularNoun(x.toLowerCase()) }))) {
      things.set(ex.of, { name: ex.of, verbs: [], actors: [], verbsOf: {}, core: true, listed: true, at: pos(ex.of), fromDescription: true, person: true, fields: ex.items });
      acts.find((a) => clauses.some((k) => k.verb === a.verb && pos(k.text) === a.at && k.objects.some((o) => o.head === ex.of)))?.objects.push(ex.of);
    }
    const t = things.get(ex.of);
    if (!t) continue;
    t.listed = true;
    // "a job sheet per bike (what was fixed, parts used, labour minutes)": a question or a noun with its participle says what the record holds, not a kind or a state of it.
    const holds = ex.items.some((x) => /^(?:what|which|who|how|when)\b/i.test(x) || tokens(x).some((w, i) => i > 0 && w.tags.has("PastTense") && tokens(x)[i - 1].tags.has("Noun")));
    if (holds) t.fields ??= ex.items;
    else t.examples ??= ex.items;
  }
  // ("guests book by phone … we need to see which room is free which day": what is asked free or taken is what is booked.)
  const free = /\b(?:which|what)\s+([a-z]+)\s+(?:is|are)\s+(?:free|available|taken|booked)\b/i.exec(sentences.join(" "))?.[1];
  for (const a of acts) if (free && /^(?:booking|reservation)$/.test(a.record) && !a.objects.length) addThing(singularNoun(free), undefined, undefined, true, true), a.objects.push(singularNoun(free));
  // ("i keep notes …" then "treatment notes per patient", "schedule rehearsals" then "group rehearsals": a compound said after the noun it ends in is one of those.)
  for (const t of [...things.values()].filter((x) => !x.name.includes(" "))) {
    for (const k of [...things.values()].filter((x) => x.name.endsWith(` ${t.name}`) && x.at >= t.at)) {
      Object.assign(t, { verbs: unique([...t.verbs, ...k.verbs]), actors: unique([...t.actors, ...k.actors]), core: k.core || t.core, listed: k.listed || t.listed, of: t.of ?? k.of, fields: t.fields ?? k.fields });
      things.delete(k.name);
      for (const l of links) [l.from, l.to] = [l.from, l.to].map((n) => (n === k.name ? t.name : n));
    }
  }
  const titleNouns = (descClauses[0] && !descClauses[0].verb ? descClauses[0].objects : [])
    .flatMap((np) => np.head.split(" ").filter((w) => !PRODUCT.test(w) && !NOT_A_THING.has(w) && w.length > 2))
    .map((w) => w.replace(/[^a-z-]/g, ""));
  return {
    titleNouns,
    examples,
    sentences,
    clauses,
    actors: [...actors],
    // Someone who acts somewhere ("assign jobs to translators", "translators upload …") is a person, never a thing kept.
    // ("no money …, subs are paid by bank transfer": with no money through the product, what is only paid is no record of it.)
    // (People named joined and apart, "2 dish washers" … "dishwashers log …", are those people, not a thing.)
    things: [...things.values()].filter((t) => !forbidden.has(t.name) && !(actors.has(t.name.replace(/[\s-]/g, "")) && !t.person) && !isOurs(t.name) && !(noMoney && t.verbs.length && t.verbs.every((v) => v === "pay"))).sort((a, b) => a.at - b.at),
    // Money paid at a counter or on an invoice is no record of the product's.
    acts: acts.filter((a) => !forbidden.has(a.record) && (a.record !== "payment" || paysInProduct)),
    forbidden: [...forbidden],
    ruledOut: [...ruledOut],
    noMoney,
    paysInProduct,
    pains,
    languages,
    offline: requirements.some((r) => r.name === "offline"),
    skills,
    quantities: qs,
    budget: budgetOf(qs, spent),
    // "one old Transit van": a name only said before a thing people act on is its make, not a product they use.
    // ("phone repair kiosk in a mall": a device word naming the speakers' own place names no device.)
    // ("machines: laser cutter, 3D printers": a device word naming a thing they keep names no device it runs on.)
    requirements: requirements.filter((r) => !(r.kind === "device" && [...ours, ...things.keys()].some((o) => lastWord(o) === singularNoun((r.word ?? "").toLowerCase()))) && !(r.kind === "product" && r.relation === "named" && [...things.values()].some((t) => t.core && new RegExp(`\\b${escapeRegExp(r.name)}\\s+${escapeRegExp(lastWord(t.name))}(?:e?s)?\\b`, "i").test(r.said)))),
    links: links.filter((l) => ![l.from, l.to].some((n) => forbidden.has(n) || isOurs(n))),
    ours: [...ours],
    unclear,
  };
}
