// What the person requires of the product beyond the things it manages, each with the words they said it in: the channels it talks through (SMS, WhatsApp, e-mail),
// how people identify themselves ("no account, just a phone number"), the devices it runs on, when it must keep working (offline, 24/7), and the products they named
// — what they use today, compare it with, or want it to talk to. A requirement exists only where the person's words say it; every writer that carries one can quote
// the clause it came from.
import { detectRegion } from "../knowledge/regions";
import { TECHS } from "../knowledge/tech-catalog";
import { isForeign, LANGUAGE_CODES } from "./languages";
import { sentences } from "../text-utils";
import { readClauses, ROLE_SINGULAR } from "./read-clauses";
import { dictionaryTag, infinitive, tokens } from "./nlp";

export interface Requirement {
  kind: "channel" | "identity" | "device" | "availability" | "product";
  /** Canonical name: "SMS", "phone number", "tablet", "offline", "Booksy". */
  name: string;
  /** The clause it was said in, verbatim. */
  said: string;
  /** The words that named it ("desktop", "iPads"). */
  word?: string;
  /** For products: what the person does with it; "named" when their words do not say. */
  relation?: "uses" | "compares" | "integrates" | "named";
}

/** Lexicons of kinds of requirement (the kinds are general; the words are English's). */
const CHANNELS: Array<[string, RegExp]> = [
  // ("texts the crew on Telegram": a text sent on a named app is that app's message.)
  ["SMS", /\bsms\b|(?:\b(?:text messages?|texts|texting|texted|by text)\b|\ba text\b(?! (?:field|box|file|editor|document)))(?![^.,;]{0,30}\b(?:on|via|over|through|in)\s+(?:whats ?app|telegram|signal|messenger|viber)\b)/i],
  ["WhatsApp", /\bwhats ?app\b/i],
  ["Telegram", /\btelegram\b/i],
  // "sign in with their email", "email and password": who someone is, not how the product talks to them.
  ["e-mail", /(?<!\b(?:(?:sign|log)[- ]?(?:in|up) (?:with|using|via|by) (?:their |your |an? |the )?))\be-?mails?\b(?! (?:address(?:es)?|and password|login|sign-in))/i],
  ["push notifications", /\bpush(?: notifications?)?\b/i],
  ["phone calls", /\bphone calls?\b|\bcall (?:them|us|the customer)\b/i],
  // Letters or the post are how to reach people only where the sentence says some are not online
  // ("Repairs go to the agent by post" is how things go today; "letters to the editor" are what people write).
  ["post", /\b(?:letters?|by post|in the post)\b(?=[^.]*\b(?:not online|offline|no e-?mail)\b)|\b(?:not online|offline|no e-?mail)\b[^.]*\b(?:letters?|by post|in the post)\b/i],
];
const DEVICES: Array<[string, RegExp]> = [
  ["tablet", /\b(?:tablets?|ipads?)\b/i],
  // "jobs come in by phone", "customers phone or text me", "owners call us on the phone" are calls, not a device.
  ["phone", /\b(?:android|iphones?|ios)\b(?! tablets?)|(?<!\b(?:by|over the|via)\s|\b(?:call|talk|speak)\w*(?: \w+)? on the\s)\b(?:smart)?phones?\b(?![- ]?(?:numbers?|calls?|contacts?)|\s+(?:(?:or|and)\s+\w+\s+)?(?:me|us|him|her|them|you)\b)|\bmobiles?\b(?! (?:numbers?|app))/i],
  ["laptop", /\blaptops?\b/i],
  ["desktop computer", /\bdesktops?\b|\b(?:pcs?|computers?|macos|linux)\b/i],
  // "no app install", "nothing to download": it runs in the browser people already have.
  ["browser", /\bno (?:app )?(?:install(?:ation)?s?|downloads?)\b|\bnothing to (?:install|download)\b|\bwithout (?:installing|downloading)\b|\b(?:in|from) (?:the|their|a) (?:web )?browser\b|\bweb(?:[- ]app)?[- ]only\b/i],
  ["kiosk", /\bkiosks?\b/i],
  ["wall screen", /\b(?:tv|wall|big) screens?\b|\bwall[- ]mounted (?:screens?|displays?)\b/i],
  ["smartwatch", /\bsmart ?watch(?:es)?\b|\bwearables?\b/i],
  ["printer", /\bprinters?\b/i],
  ["scanner", /\b(?:barcode|qr[- ]code|handheld) scanners?\b/i],
];
const IDENTITY: Array<[string, RegExp]> = [
  // Known by the number ("no account, just a phone number", "sign in with their mobile number"), not a number kept as contact data ("a list of volunteers with their phone numbers").
  ["phone number", /\b(?:just|only) (?:a |their |your |the )?(?:phone|mobile) numbers?\b|\b(?:sign(?:s|ed|ing)? (?:in|up)|log(?:s|ged|ging)? in|identif(?:y|ies|ied)(?: \w+)?|known|register(?:s|ed)?|book(?:s|ed)?) (?:with|by|using) (?:a |their |your |the )?(?:phone|mobile) numbers?\b|\bphone numbers? (?:only|instead)\b/i],
  // ("no customer accounts"; "no Facebook login" bans a way to sign in, not accounts: see readRequirements.)
  ["no account", /\bno (?:[a-z]+(?:er|or|ist|ant|ent|ian)s? )?(?:account|sign[- ]?up|login|log-in|registration|password)s?\b|\bwithout (?:an? )?(?:account|sign[- ]?up|login|registration)\b|\b(?:don't|do not|never) (?:need|want|have) (?:to (?:create|make|register) )?(?:an? )?accounts?\b/i],
  ["single sign-on", /\b(?:sso|single sign[- ]on|log in with (?:google|microsoft|our \w+)|sign in with (?:google|microsoft|apple))\b/i],
  ["magic link", /\bmagic links?\b/i],
];
const AVAILABILITY: Array<[string, RegExp]> = [
  // A connection said to be missing or bad, however worded: "the signal there is terrible", "patchy wi-fi".
  ["offline", /\boffline\b|\b(?:internet|connection|connectivity|wi-?fi|signal|network|coverage|reception)\b(?: \w+){0,2}? (?:drops?|goes down|fails?|cuts? out|(?:is|are|gets?|can be) (?:\w+ )?(?:down|bad|terrible|awful|poor|patchy|spotty|weak|unreliable|flaky|dodgy|non-?existent))\b|\b(?:no|bad|poor|patchy|spotty|weak|unreliable|flaky|without) (?:(?:data|mobile|phone|cell) )?(?:internet|signal|connection|connectivity|coverage|reception|wi-?fi|network)\b|\bwithout a connection\b/i],
  ["24/7", /\b24\/7\b|\baround the clock\b|\ball day and night\b/i],
];

/** "… but this we do in our old cash program, not needed in the new app": a sentence the person put outside the product. */
export const OUT_OF_SCOPE = /\b(?:not needed|not required|(?:can|could|may|will) stay (?:on paper|as (?:it )?is|in \w+)|no need for (?:it|this|that) |out of scope|not (?:in|part of|for) (?:the|this) (?:new )?(?:app|product|system|tool|site|platform))/i;
/** "maybe later an app for phones": wanted one day, not asked of the first release. */
const DEFERRED = /\b(?:maybe later|later on|in (?:the )?future|one day(?! (?:before|after|ahead|early|earlier|late|later|in advance))|some ?day|eventually|phase (?:2|two)|not (?:now|yet|at first))\b/i;

/** A clause about how things are done now, before the product. */
// ("we write in paper agenda", "a paper map", "by hand": a manual medium says how it is done now; "today's jobs" says which jobs.)
// ("now they call in the morning", "but now they just show up": "now" opening a clause with its subject and verb says what happens today; "now we want …" does not.)
export const PRESENT_PRACTICE = /\b(?:today(?!['’]s)|currently|usually|now(?=[.!?]*\s*$)|(?<=^|[,;:]\s*|\b(?:but|and|so)\s+)now,?\s+(?=(?:we|they|i|people|everyone|(?!this\b|thus\b)[a-z]{3,}s)\s+(?!(?:(?:want|need|wish|hope|plan)s?|would|should|must|will|can|could|are looking)\b)[a-z]+\b)|already \w+|at the moment|right now|for now|these days|at present|on paper|paper [a-z]+|by hand|(?:on|in) (?:an? |the )?(?:(?:index|paper|record) )?(?:cards|notebook|diary|ledger|whiteboard|clipboard))\b/i;
/** "Clients e-mail documents today and we copy them into Excel": what follows a word about today in its sentence is about today too, unless a wish turns it ("… but we want"). */
// ("… on a paper list, but now they just show up and …": the last such word before the clause counts.)
export function aboutToday(sentence: string, at: number): boolean {
  const today = [...sentence.slice(0, at).matchAll(new RegExp(PRESENT_PRACTICE, "gi"))].at(-1);
  return Boolean(today) && !/\b(?:but|want|wants|wish|would like|need|needs|should|must|will|instead)\b/i.test(sentence.slice(today!.index, at));
}
/** "We are Klangverket", "our school (Klangverket)": the person's own organisation, not a product they use ("our Discord" is one). */
const OWN = /\b(?:(?:we are|we're|we run|i run|i am|i'm|called|named)(?: \w+)?|our \w+,? \(?|our(?: [\w-]+){1,3} \([^)]*)\s*$/i;
/** Every lexicon above: a word any of them reads ("Android", "WhatsApp") is never a product. */
const LEXICONS = [...CHANNELS, ...DEVICES, ...IDENTITY, ...AVAILABILITY].map(([, re]) => re);

/** The clause around a match: the sentence cut at ; and — and at commas when it is long. */
function clauseAround(sentence: string, at: number): string {
  let end = 0;
  const part = sentence.split(/(?<=[;—–])\s+|(?<=,)\s+(?=(?:and |but |so |or |then )?(?:we|they|it|the|our|no|not|just|only)\b)/).find((p) => (end += p.length + 1) > at);
  return (part ?? sentence).replace(/[;,—–\s]+$/, "").trim().replace(/^(?:so|and|but|or|then)\s+(?=\S)/i, "");
}

/** "no SMS", "we don't need an app on tablets", "doesn't need to work offline": what is said right after a negation is ruled out, not required. */
const ruledOut = (s: string, at: number) => /\b(?:no|not|never|without|don't|doesn't|won't)\s+(?:\w+\s+){0,3}$/i.test(s.slice(Math.max(0, at - 30), at));

/** Kinds of organisation people run: said as "our …" first, the speakers' own. */
export const ORGANISATION = /^(?:society|association|club|co-?op|cooperative|collective|charity|business|company|firm|agency|shop|store|taproom|bar|pub|cafe|café|restaurant|bakery|brewery|studio|school|clinic|practice|salon|gym|farm|choir|band|orchestra|theatre|church|group|organi[sz]ation|non-?profit|startup|team|centre|center|library|nursery|station|guild|league|union|trust|foundation|museum|hostel|hotel)$/;

/** Nouns for software and devices: a name said beside one is a tool's. */
const TOOL_WORDS = /\b(?:apps?|tools?|software|system|platform|program(?:me)?|service|site|website|sheet|spreadsheet|calendar|provider|crm|erp|till|plugin|extension|vm|server|machine|computer|laptop|phone|tablet|device|os|database|printer|terminal|reader)s?\b/i;

/** Products the person named: a capitalised name the tagger does not read as an ordinary word, a place, a language or a technology of the stack ("Booksy", "Eventbrite"). */
function productsIn(sentence: string, ownName: string, text: string): Array<{ name: string; at: number }> {
  const out: Array<{ name: string; at: number }> = [];
  const ts = tokens(sentence);
  let from = 0;
  ts.forEach((t, i) => {
    const word = t.text.replace(/[.,;:!?)"”’]+$/, "").replace(/^[("“‘]+/, "");
    const at = sentence.indexOf(word, from);
    if (at >= 0) from = at + word.length;
    if (!/^[A-Z][A-Za-z0-9]*(?:[.-][A-Za-z0-9]+)*$/.test(word) || word.length < 3) return;
    // ("Classe365", "M-Pesa": a capitalised word that ends in digits, or a capital on each side of a hyphen, is a name, whatever the tagger says.)
    const proper = t.tags.has("ProperNoun") || t.tags.has("Organization") || /[a-z][A-Z]/.test(word) || /^[A-Z][a-z]{2,}\d+$/.test(word) || /^[A-Z]\w*-[A-Z]/.test(word);
    // Months and weekdays ("in May"), places and people are not products either.
    // ("Holt Lettings": a surname before a capitalised word is the start of a firm's name.)
    const named = /^[A-Z][a-z]/.test(ts[i + 1]?.text ?? "");
    const ordinary = ["Verb", "Adjective", "Determiner", "Pronoun", "Preposition", "Conjunction", "Date", "Month", "WeekDay", "Place", "Person", "Language"].some((tag) => t.tags.has(tag) && !(tag === "Person" && named));
    // A capital that only starts the sentence ("Rooms are shared") is an ordinary word, unless it is capitalised elsewhere too.
    const midSentence = new RegExp(`[^.!?\\n]\\s${word}\\b`).test(text);
    if ((i === 0 && !/[a-z][A-Z]/.test(word) && !midSentence) || ordinary || !proper) return;
    // "a SaaS portal", "an ERP": a kind of thing, not a named product ("a Google Sheet" is one).
    // ("a parent-run Kita", "write a short Tagesbericht": the same behind modifiers, when the name ends the phrase; what is used or worked with, "… with e-mails and a big Excel", still names Excel.)
    let k = i - 1;
    while (k > 0 && (ts[k].tags.has("Hyphenated") || ts[k].tags.has("Adjective"))) k--;
    // ("I send a Pixieset link": a capitalised word right before a lower-case noun is the brand of that thing.)
    if (k >= 0 && /^an?$/i.test(ts[k].text) && !named && (k === i - 1 ? !/^[A-Z][a-z]+$/.test(word) || !/^[a-z]/.test(ts[i + 1]?.text ?? "") : !ts[i + 1]?.tags.has("Noun")) && !/\b(?:use[sd]?|using|tried|with|via)\b/i.test(ts.slice(0, k).map((x) => x.text).join(" "))) return;
    // ("making Rechnungen by hand": a name right after a verb of making, with no noun after it, is what is made.)
    if (/^(?:make|write|create|produce|prepare|draft|type|print)$/.test(infinitive(ts[i - 1]?.norm ?? "")) && !ts[i + 1]?.tags.has("Noun")) return;
    // ("40 PhD students", "9 Erzieherinnen": a name after a count is what is counted, or which kind of it; it names no product they use.)
    if (/^\d|^(?:two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|fifty|hundred)$/.test(ts[i - 1]?.norm ?? "")) return;
    // "Elterndienst (cooking and cleaning shifts)": a word glossed in plain words is that thing, not a product ("Calendly (our booking tool)" is one).
    const gloss = /^\s*\(([^()]*)\)/.exec(sentence.slice(at + word.length))?.[1];
    if (gloss && /^[a-z][a-z ,'-]*$/.test(gloss) && !TOOL_WORDS.test(gloss)) return;
    // "the Kitchen team": a common word capitalised after "the" is that word, not a name.
    if (i > 0 && /^(?:the|this|that|each|every)$/i.test(ts[i - 1].text) && !tokens(word.toLowerCase())[0]?.tags.has("ProperNoun")) return;
    // A channel, device or platform ("WhatsApp", "Android") is read by its lexicon, said or ruled out, never as a product.
    if (LEXICONS.some((re) => re.test(word))) return;
    // A place, a language or a technology of the stack is no product either.
    if (!detectRegion(word).unknown || Object.hasOwn(LANGUAGE_CODES, word) || TECHS.some((tech) => new RegExp(`^(?:${tech.pattern})$`, tech.caseSensitive ? "" : "i").test(word))) return;
    // A language listed with a known one ("Marathi and Hindi").
    const langs = Object.keys(LANGUAGE_CODES).join("|");
    if (new RegExp(`\\b(?:${langs})(?:,|,? and|,? or) ${word}\\b|\\b${word}(?:,|,? and|,? or) (?:${langs})\\b|\\b${word}[- ](?:speak\\w*|language)`).test(sentence)) return;
    if (OWN.test(sentence.slice(0, Math.max(0, at))) || isForeign(clauseAround(sentence, at))) return;
    // "half board (Halbpension)": a name alone in parentheses after an ordinary noun is that noun in another tongue; after a tool's noun ("our booking tool (Calendly)") it names the tool.
    if (sentence.slice(at - 1, at + word.length + 1) === `(${word})` && !new RegExp(`${TOOL_WORDS.source}\\s*$`, "i").test(sentence.slice(0, at - 1))) return;
    // "We are a community radio in Maputo", "based in Tartu": where the speakers are is a place.
    // ("a grower in Lisse", "a shop in Lyon", "Microbrewery in Asheville": where a person or a place of business is, the same.)
    if (/\b(?:we are|we're|i am|i'm|work(?:s|ing)?|based|located|living|lives?)\b[^,;.]*\b(?:in|at|from|near|outside)\s+$/i.test(sentence.slice(0, Math.max(0, at))) || new RegExp(`\\b(?:[a-z]+(?:er|or|ist|ian)|[a-z]*${ORGANISATION.source.slice(1, -1)}|offices?|garages?|workshops?|warehouses?|markets?|villages?|towns?|cit(?:y|ies))s?\\s+(?:in|from|near|outside)\\s+$`, "i").test(sentence.slice(0, Math.max(0, at)))) return;
    // ("a dive shop on Koh Tao, Thailand": a name with a known place after its comma is a place; "I'm the owner, Ploy": the speaker's own name is a person's.)
    const region = /^[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*,\s+([A-Z][\w-]+)/.exec(sentence.slice(at))?.[1];
    // ("Elterninitiative Kita in Freiburg, 24 children": in the opening words, before any verb, "in" says where they are.)
    if (text.trimStart().startsWith(sentence.slice(0, at)) && /\b(?:in|near|outside)\s+$/.test(sentence.slice(0, at)) && !tokens(sentence.slice(0, at)).some((x) => x.tags.has("Verb"))) return;
    if ((region && (!detectRegion(region).unknown || tokens(region)[0]?.tags.has("Place"))) || /\b(?:i'm|i am|my name is|my name's|call me)\s+(?:the\s+[\w-]+(?:\s+[\w-]+)?,\s+)?(?:[A-Z][\w'-]*\s+)?$/i.test(sentence.slice(0, at))) return;
    // ("some sites need Advanced": an ordinary describing word, capitalised and used by nobody, names a level or a kind, not a product; "we pay via Wise" uses one.)
    if (!named && sentence[at - 2] !== "," && !/^[A-Z]/.test(ts[i - 1]?.text ?? "") && dictionaryTag(word) === "Adjective" && !/\b(?:use[sd]?|using|via|with|through|on|in|by|from)\s+(?:[\w'-]+\s+){0,2}$/i.test(sentence.slice(0, at))) return;
    if (ownName && ownName.toLowerCase().includes(word.toLowerCase())) return;
    // "Google Sheet", "Square Appointments": capitalised words side by side are one name.
    const prior = out[out.length - 1];
    // ("MB Way": so is a short all-capital word right before, which alone names no product.)
    const caps = /(?:^|[\s(])([A-Z]{2,4}) $/.exec(sentence.slice(0, at))?.[1];
    if (prior && sentence.slice(prior.at + prior.name.length, at) === " ") prior.name = `${prior.name} ${word}`;
    else out.push(caps ? { name: `${caps} ${word}`, at: at - caps.length - 1 } : { name: word, at });
  });
  return out;
}

function relationOf(sentence: string, at: number): Requirement["relation"] {
  const before = sentence.slice(Math.max(0, at - 40), at);
  // ("We already use Fattureincloud for invoices, this must stay": a tool in use that must stay is one the product works with.)
  if (/\b(?:must|should|has to|have to|needs? to|will)\s+(?:stay|remain)\b(?!\s+\w)/i.test(sentence.slice(at)) || /\bkeep(?:s|ing)?(?: using)?\s+$/i.test(before)) return "integrates";
  // "we sell tickets through Eventbrite today": how things are done now, unless they ask for more ("want it to sync").
  if ((PRESENT_PRACTICE.test(before + sentence.slice(at).split(/[,;.—–]/)[0]) || aboutToday(sentence, at)) && !/\b(?:wants?|needs?|should|must|ha(?:s|ve) to|would like|'d like)\b/i.test(before)) return "uses";
  if (/\b(?:integrat\w*|sync\w*|connect\w*|import\w*|export\w*|link\w*|plug\w*|(?:log|sign) ?in with|pa(?:y|yments?)\b[^.,;]{0,30}\b(?:with|via|by)|through)\b[^.]*$/i.test(before)) return "integrates";
  if (/\b(?:like|than|instead of|unlike|similar to|compared? (?:to|with)|alternative to)\s+$/i.test(before)) return "compares";
  // "the landlord's agent, Holt Lettings": a name said with no use of it is only named; so is one that says which people ("free for people on Universal Credit").
  if (ROLE_SINGULAR.has(/\b([a-z]+)\s+(?:on|in|with)\s+$/i.exec(before)?.[1].toLowerCase() ?? "") || /\b(?:[a-z]+(?:ers|ors|ists|ians|ants|ents)|people|persons|famil(?:y|ies)|households?|those|anyone|everyone)\s+(?:on|in|with)\s+$/i.test(before)) return "named";
  return /\b(?:use[sd]?|using|on|in|via|by|with)\s+(?:[\w'-]+\s+){0,2}$/i.test(before) || /\b(?:use[sd]?|using)\b/i.test(clauseAround(sentence, at)) ? "uses" : "named";
}

/** The word after `end` is a noun the word before it describes ("mobile bike", "phone numbers"). */
function modifiesNoun(s: string, end: number): boolean {
  if (!/^[ -][A-Za-z]/.test(s.slice(end))) return false;
  const ts = tokens(s.slice(Math.max(0, s.lastIndexOf(" ", end - 1) + 1)));
  return Boolean(ts[1]?.tags.has("Noun") && !ts[1].tags.has("Pronoun") && !/^(?:in|on|at|with|and|or)$/.test(ts[1].norm));
}

/** "customers drop off phones", "we lend laptops": a device people do something to other than use is a thing they handle, not what the product runs on ("nobody picks up the phone" too). */
function handled(sentence: string, word: string): boolean {
  return readClauses(sentence, false).some((c) => c.verb && !/^(?:use|have|own|carry|bring|need|want|get|prefer|hold|open)$/.test(c.verb) && c.objects.some((o) => o.text.split(/\s+/).pop()!.toLowerCase() === word.toLowerCase()));
}

/** The stated requirements of the person's text (description, answers, remarks), in the order said. */
export function readRequirements(text: string, ownName = ""): Requirement[] {
  const out: Requirement[] = [];
  // "Riverside Court Tenants' Association — proposal for …" on a line of its own: a heading with no verb names the project, never a product.
  const heading = /^([^\n]+)\n/.exec(text.trim())?.[1] ?? "";
  if (!ownName && heading && !readClauses(heading, false).some((c) => c.verb)) ownName = heading;
  for (const s of sentences(text, 2)) {
    if (OUT_OF_SCOPE.test(s)) continue;
    // "no customer accounts - email + phone is enough": in the clause that says who people are, an e-mail or a phone is a contact detail.
    const idClauses = IDENTITY.flatMap(([, re]) => [...s.matchAll(new RegExp(re.source, "gi"))].map((x) => clauseAround(s, x.index)));
    for (const [kind, lexicon] of [["channel", CHANNELS], ["identity", IDENTITY], ["device", DEVICES], ["availability", AVAILABILITY]] as const) {
      for (const [name, re] of lexicon) {
        // "a mobile bike repair van": a device word before a noun says what kind of noun, it names no device; "the owner's name and phone", "email, phone and address" are contact details.
        const detail = (x: RegExpExecArray) => kind !== "identity" && (/\b(?:name|address)(?:,| and| or| &)\s+(?:\w+\s+)?$/i.test(s.slice(0, x.index)) || /^(?:,| and| or| &)\s+(?:\w+\s+){0,2}?(?:name|address)\b/i.test(s.slice(x.index + x[0].length)));
        const m = [...s.matchAll(new RegExp(re.source, "gi"))].find((x) => (kind !== "device" || (!modifiesNoun(s, x.index + x[0].length) && !handled(s, x[0]))) && !(kind === "identity" && /^\w+ [A-Z]/.test(x[0])) && !detail(x));
        // Identity is said with its negation ("no account"); "We talk on a WhatsApp group today" is how they manage now, not how the product must talk.
        // ("Many patients have no internet": people without it at all are reached another way; the product need not work offline.
        // "Drivers often have no signal in rural areas" is where they are: it must.)
        const unconnected = name === "offline" && m && /internet/i.test(m[0]) && readClauses(clauseAround(s, m.index), false).some((c) => c.verb === "have" && c.subject?.person);
        if (!m || unconnected || (kind !== "identity" && ruledOut(s, m.index)) || ((kind === "channel" || kind === "device") && idClauses.includes(clauseAround(s, m.index))) || (kind === "channel" && (PRESENT_PRACTICE.test(clauseAround(s, m.index)) || aboutToday(s, m.index))) || DEFERRED.test(clauseAround(s, m.index))) continue;
        out.push({ kind, name, said: clauseAround(s, m.index), word: m[0] });
      }
    }
    // "no Google Analytics" is a ban (read with what the person ruled out), not a product in use.
    for (const p of productsIn(s, ownName, text).filter((p) => !ruledOut(s, p.at))) out.push({ kind: "product", name: p.name, said: clauseAround(s, p.at), relation: relationOf(s, p.at) });
  }
  // Each requirement once, where it was first said; a product the person later says to keep ("Keep QuickBooks for invoicing") is one to work with, in those words.
  const same = (r: Requirement) => (x: Requirement) => x.kind === r.kind && x.name.toLowerCase() === r.name.toLowerCase();
  return out.filter((r, i) => out.findIndex(same(r)) === i).map((r) => out.findLast((x) => same(r)(x) && x.relation === "integrates") ?? r);
}
