// Features and the main pain, in the person's words, from the clauses the reader found:
// "members reserve plots, log harvests" → "Members reserve plots", "Members log harvests" (the carried-over subject is written out, nothing is split mid-word).
import { capitalize, escapeRegExp, lowerFirst, sentences } from "../text-utils";
import type { Reading } from "./read-project";
import { actRecord } from "./acts";
import { CONDITION, namedByProducts, NICE_TO, readClauses, speakersGoOn, wishedProduct, type Clause } from "./read-clauses";
import { aboutToday, OUT_OF_SCOPE, PRESENT_PRACTICE } from "./requirements";
import { isForeign, LANGUAGE_CODES } from "./languages";
import { infinitive, lastWord, tokens } from "./nlp";

// ("… with other dogs, that needs to be obvious": a pronoun's condition is on what was just said.)
// The words of a wish: one list for each rule below that asks whether the speakers wish for what follows.
const WISH = String.raw`(?:want|need|would like|'d like)`;
/** A sentence that says the speakers wish for something ("we want", "I'd like"). */
export const WISHES = new RegExp(String.raw`\b${WISH}\b`, "i");
const WISH_TO = new RegExp(String.raw`^${WISH} to\s+`, "i"), WISHED = new RegExp(String.raw`\b(?:${WISH}|wish|should|must)\b`, "i");
const NOT_WISHING = String.raw`\s(?!(?:\w+\s+)?${WISH}s? to\b)`, WE_NOT_WISHING = new RegExp(String.raw`^(?:we|i)${NOT_WISHING}`, "i");
const WE_HAVE = new RegExp(String.raw`^(?:(?:\w+ly|often|sometimes|always|also|(?:every|each|on|in) (?:the )?\w+),?\s+)?(?:we|i|our|my|(?:each|all|most|some|many|both) of us)${NOT_WISHING}`, "i");
const OURS = new RegExp(String.raw`^(?:we|i)\s+(?:(?:also|really|just|still)\s+)?(?:${WISH} (?:to|that)\s+)?(?!(?:are|am|have|had|was|were|want|need|run)\b)(.+)$`, "i");
const MUST_BE = /^(?:(?:it|this|that|these|those|the (?:app|tool|system|site|product|platform))\s+)?(?:must|should|has to|needs? to|have to|cannot|can't)\s+(?:not\s+)?(?:work|run|be|stay|remain|load|cost|comply|fit|live)\b/i;
const BUDGET = /\b(?:no|zero|without an?|tiny|small|limited)\s+budget\b|^budget\b/i;
// A rule that applies ("GDPR applies", "the privacy law applies"), not people applying for something.
const RULE_APPLIES = /^(?:[A-Z][A-Z0-9]+[\w-]*(?:\s+[\w-]+){0,3}|(?:the\s+)?(?:[\w-]+\s+)?(?:[Ll]aws?|[Rr]egulations?|[Rr]ules?|[Ss]tandards?))\s+appl(?:y|ies)\b/;

/** "Must work on an old laptop", "GDPR applies", "no budget": a condition on the product, not something it does. */
export function isCondition(clause: string): boolean {
  return MUST_BE.test(clause) || BUDGET.test(clause) || RULE_APPLIES.test(clause);
}

export const PRODUCT = /^(?:app|application|platform|system|tool|website|site|page|service|product|software|marketplace|assistant|dashboard|portal|bot|cli)$/;

/** A clause about today, or joined to one ("Clients e-mail documents today and we copy them into Excel"). */
// ("mark who already paid the fee": a question inside the clause asks about the past, it says nothing of today.)
// ("Often people wait an hour": a clause that opens with how often it happens tells how things go.)
const clauseAboutToday = (c: Clause) => /^(?:often|sometimes)\b/i.test(c.text) || PRESENT_PRACTICE.test(c.text.replace(/\b(?:who|which|what|whether|if)\b.*$/i, "")) || aboutToday(c.sentence, Math.max(0, c.sentence.indexOf(c.text)));

/** A feature that opens with the condition it holds on: "When a room becomes free, …" (the words after it say who acts). */
export const CONDITION_LEAD = `(?:${CONDITION}\\b[^,]*,\\s*)?`;

export function featuresFromReading(reading: Reading, description: string): string[] {
  const out: string[] = [];
  // What the person asked for comes before what they only described ("want parents to see …" before "parents pay per term").
  const wished = new Set<string>();
  // ("When a dish sells out we want to hide it right away": "it" is what the condition said first named; see CONDITION_LEAD.)
  const add = (c: Clause, f: string) => {
    const before = reading.clauses[reading.clauses.indexOf(c) - 1];
    const condition = before?.sentence === c.sentence && new RegExp(`^${CONDITION}\\s`, "i").test(before.text) && /\b(?:it|them)\b/i.test(f);
    out.push(condition ? `${capitalize(before.text)}, ${lowerFirst(f)}` : f);
    if (WISHED.test(c.sentence)) wished.add(out.at(-1)!);
  };
  for (const c of reading.clauses) {
    // A pain, or how things are done today, is not what the product does.
    // ("The harbour master needs to see …": a role said with the noun that says which one is that role.)
    const subjectWord = reading.actors.includes(c.subject?.head ?? "") ? c.subject!.head : lastWord(c.subject?.head ?? "");
    // ("a website where presenters can see the grid": a clause about the product with people of its own as subject is what they do there.)
    const ownClause = c.relative && c.subject && reading.actors.includes(subjectWord) && c.text.replace(/^(?:the|a|an|our|their|each|every)\s+/i, "").toLowerCase().startsWith(c.subject.text.toLowerCase());
    // ("We want: customers order online, …, a monthly invoice per customer as PDF": a thing listed after a wish and its colon is wished for.)
    if (!c.verb && !c.negated && c.objects.length && !c.objects.some((o) => Object.hasOwn(LANGUAGE_CODES, o.text)) && new RegExp(`\\b${WISH}\\s*:.*${escapeRegExp(c.text)}`, "i").test(c.sentence)) add(c, capitalize(c.text));
    // ("Families are referred to us by social workers", "Parents call me to ask for a tutor": what comes to the speakers from others is how work arrives, unless it is what the product should let them do.)
    if (c.passive ? /\bto (?:us|me)\b/i.test(c.text) : c.subject && c.verb && new RegExp(`\\b${escapeRegExp(c.verb)}\\w*\\s+(?:me|us)\\b`, "i").test(c.text) && !/\b(?:can|could|should|will|must|would|want|need)\b/i.test(c.text)) continue;
    // ("actually an app for parents would be nice later", "Later maybe reading lists": a wish put off is no part of the first release.)
    if (/^(?:later|eventually|one day|some ?day|in the future)\b|\b(?:later|eventually|one day|some ?day|in the future)$/i.test(c.text.trim())) continue;
    // ("a food bank …, run by about 40 volunteers": a verb with no one before it and people after "by" says who runs what was named.)
    if (!c.subject && c.extras[0]?.prep === "by" && c.extras[0].np.person && !c.extras[0].np.bare && /^\S+ by\s/i.test(c.text)) continue;
    // ("Our driver needs a delivery list …, — we lose about 30 kegs a year": in a sentence that names a pain, a clause that asks for something is still asked for.)
    const asks = (/^(?:need|want)$/.test(c.verb ?? "") && c.objects.some((o) => !o.time)) || /\b(?:should|must|would like|'d like)\b/i.test(c.text);
    if (!c.verb || c.negated || c.copula || (c.relative && !ownClause) || isForeign(c.text) || (reading.pains.includes(c.sentence) && !asks) || clauseAboutToday(c) || OUT_OF_SCOPE.test(c.sentence) || !description.includes(c.sentence.slice(0, 20))) continue;
    // ("want to track which part for which job": a wish without its subject is the speakers' task.)
    // ("the Vorstand plans this in a shared Excel file": a clause that names the tool they use today is how things go today.)
    // ("Keep QuickBooks for invoicing": keeping a product is carried by its own line, as one to work with.)
    if (reading.requirements.some((q) => (q.relation === "uses" || (q.relation === "integrates" && /^(?:keep|use)$/.test(c.verb!))) && q.said.toLowerCase().includes(c.text.toLowerCase()))) continue;
    // ("someone swaps a slot …": what someone or nobody does is how things go today; "competitors like Smartcat …", how the market is.)
    // ("anyone can flag it": with a modal it is what the product lets anyone do.)
    // ("competitors: Lockme has their own system": what a product the person named does is that product's business.)
    const named = c.subject && reading.requirements.some((q) => q.kind === "product" && q.name.toLowerCase() === c.subject!.head.toLowerCase());
    if (named || namedByProducts(c) || /^(?:someone|somebody|nobody|no one|anyone|anybody)\b(?!\s+(?:can|could|should|may|must|will)\b)/i.test(c.text)) continue;
    // ("I would love a website where …": wishing for the product itself says nothing it does.)
    if (/^(?:want|like|love|need)$/.test(c.verb) && c.objects.length && c.objects.every((o) => PRODUCT.test(lastWord(o.head)) || wishedProduct(c, o))) continue;
    // ("because we have to report …": the reason is said as what has to be done.)
    // ("… and where the committee can see who is next": a wish's "where" leads to what people do there; "by bank transfer or cash" says only how.)
    if (/^by\s/i.test(c.text)) continue;
    let text = c.text.replace(/^(?:and|or|then|also|because|since|where)\s+/i, "").replace(NICE_TO, "").replace(c.subject ? /^$/ : WISH_TO, "").replace(/[.;,:]+$/, "");
    if (isCondition(text)) continue;
    // ("we want translators to accept jobs, and clients to upload files": what a wish asks of them is what they can do.)
    if (c.subject) text = text.replace(new RegExp(`^((?:the\\s+)?${escapeRegExp(c.subject.text)})\\s+to\\s+(?=[a-z])`, "i"), "$1 can ");
    // "Some neighbours read Turkish better than English": a language is carried as the screens' languages, never as a feature.
    if ([...c.objects, ...c.extras.map((e) => e.np)].some((np) => Object.hasOwn(LANGUAGE_CODES, np.text))) continue;
    // "No payments in the app, we settle up in cash": what follows a ban is how it is done instead ("no account, just a phone number, the customer picks a time" goes on).
    const ban = reading.clauses[reading.clauses.indexOf(c) - 1];
    if (ban?.sentence === c.sentence && reading.ruledOut.some((r) => ban.text.includes(r) || r.includes(ban.text))) continue;
    // "Our street shares one old van": what the speakers' own place or group does is their setting ("our members book" is people acting).
    if (/^(?:our|my)\s/i.test(text) && c.subject && !reading.actors.includes(subjectWord) && !PRODUCT.test(subjectWord)) continue;
    // ("tool library in Leeds, run from a church basement": a verb with neither subject nor object right after their own place, said alone, says how it is run.)
    const before = reading.clauses[reading.clauses.indexOf(c) - 1];
    if (!c.subject && !c.objects.length && before?.sentence === c.sentence && !before.verb && before.objects.some((o) => reading.ours.includes(o.head))) continue;
    // "a neighbour can book the van …, write down the kilometres": the carried-over subject is written out with its modal.
    const who = c.subjectInherited && c.subject && !PRODUCT.test(subjectWord) ? subjectAsSaid(reading, c) : "";
    // "we track what was fixed so we can report it": what the people running it do, said with an indirect question the reader keeps whole; written as the task it is.
    // ("I run a small music school …, so really we deal with the parents", "I tune and repair pianos, mostly for private owners": what the speakers do in the sentence that says who they are, or in a first one that opens with them and wishes nothing, is their setting.)
    // ("Two physiotherapists share a practice in Cork": people counted at the head of the first sentence are the speakers too.)
    const first = c.sentence === reading.sentences[0] && !/\b(?:want|need|like|would|'d)\b/i.test(c.sentence);
    if (first && !c.subjectInherited && c.subject?.count !== undefined && c.sentence.startsWith(c.text)) continue;
    if (/^(?:\w+ly,?\s+)?(?:we|i)\s/i.test(text) && ((first && /^(?:we|i)\s/i.test(c.sentence)) || reading.clauses.some((x) => x.sentence === c.sentence && x !== c && /^(?:we|i)\b/i.test(x.text.trim()) && (x.copula || /^(?:run|own|manage|operate)$/.test(x.verb ?? "")) && [...x.objects, ...x.extras.map((e) => e.np)].some((o) => reading.ours.includes(o.head))))) continue;
    if (!c.objects.length && !c.extras.length && !c.attributes) {
      // "We also want to count how many …" → "Count how many …".
      const ours = OURS.exec(text);
      if (ours && !c.subject && ours[1].split(/\s+/).length >= 4 && !out.some((f) => f.toLowerCase().includes(ours[1].toLowerCase()))) add(c, capitalize(ours[1]));
      // "… see who has it", "the singers must say if they come", "parents need to know when the bus is late": a person asking or telling something the product records.
      // ("the station manager approves it", "customers book online": a person acting on what was just said, or doing what makes a record, the same.)
      else if (c.subject && reading.actors.includes(subjectWord) && (actRecord(c) || /^(?:(?:need|needs|want|wants|have|has) to\s+)?\S+(?:\s+\S+)?\s+(?:who|which|what|when|where|how|whether|if|it|them)\b/i.test(who ? text : afterSubject(c, text))) && !out.some((f) => f.toLowerCase().includes(text.toLowerCase()))) add(c, capitalize(who ? `${who} ${text}` : text));
      continue;
    }
    // "We meet every Tuesday in the village hall": the speakers acting on nothing, only when and where, is their setting ("we see each morning how many are coming" asks to know something).
    if (/^(?:we|i)\s+(?!(?:\w+\s+)?(?:want|need|would|'d|have to|must|should|can|will)\b)/i.test(text) && c.objects.every((o) => o.time) && !/\b(?:how many|how much|who|which|whether)\b/i.test(text)) continue;
    // "competitor is fixter, they charge a booking fee": "they" is whoever was just named; unless those are people it serves, it is not what the product does.
    if (/^they\b/i.test(text) && !theyAreUsers(reading, c)) continue;
    // "most fixers only use email", "many people have only basic phones", "I use the laptop": what the people it serves, people at large or the speakers have or use is who they are, not a feature ("I need to know the dog's breed" is one).
    if (/^(?:use|own|have|know|speak|prefer|like|trust)$/.test(c.verb) && (c.subject ? reading.actors.includes(subjectWord) || c.subject.head === "person" : WE_NOT_WISHING.test(text)) && !c.extras.some((e) => e.verb)) continue;
    // "We run a food bank", "We represent 140 flats", "we hold keys for 25 houses", "Our association has about 60 members": what the speakers or their organisation have, run or serve is who they are, not what the product does.
    // ("I keep bees with a group of …", "Each of us has 15 hives", "Every day we run two boat trips": the same.)
    // ("I want to keep notes per piano" is a wish, not who they are; "We brew about 12 beers, sell kegs to ~40 bars": what they do to things they count is their trade, and a clause with no subject of its own goes on with the speakers.)
    const spoken = speakersGoOn(reading.clauses, c) ? `we ${text}` : text;
    // ("Every September we need pickers for the harvest": people the speakers need or hire are staff to find, not something the product does.)
    if (WE_HAVE.test(spoken) && (/^(?:have|be|run|own|keep|hold|employ|serve|cover|count|include|span|represent|work)$/.test(c.verb) || [...c.objects, ...c.extras.map((e) => e.np)].some((o) => (o.count ?? 0) >= 2) || (/^(?:need|want|hire|recruit)$/.test(c.verb) && c.objects.length > 0 && c.objects.every((o) => o.person || reading.actors.includes(o.head))))) continue;
    // ("Payment stays cash at the shop": what stays as it is is a condition, not something the product does.)
    if (/^(?:stay|remain)$/.test(c.verb) && !c.subject?.person) continue;
    // "We tried an Excel sheet on Google Drive": what the speakers did before is their history, not a feature.
    if (/^(?:we|i)\s/i.test(text) && tokens(text).find((t) => infinitive(t.norm) === c.verb)?.tags.has("PastTense")) continue;
    // "Our taproom sells beer from our own brewery": what the organisation itself does is its setting ("dance school in Porto" opening the text names it).
    if ((c.subject ?? (c === reading.clauses[0] ? c.objects[0] : undefined)) && reading.ours.includes((c.subject ?? c.objects[0]).head)) continue;
    if (who && !text.toLowerCase().startsWith(who.toLowerCase())) text = `${who} ${text}`;
    // "fixers list skills and pick jobs" already says "pick jobs".
    if (out.some((f) => f.toLowerCase().includes(c.text.toLowerCase()))) continue;
    if (text.split(/\s+/).length >= 2) add(c, capitalize(text));
  }
  return [...new Set(out)].sort((a, b) => Number(wished.has(b)) - Number(wished.has(a))).slice(0, 10);
}

/** A clause's words after its subject and modal: "the singers must say if …" → "say if …". */
function afterSubject(c: Clause, text: string): string {
  const at = text.toLowerCase().indexOf(c.subject!.text.toLowerCase());
  return at < 0 ? text : text.slice(at + c.subject!.text.length).replace(/^\s*(?:can|could|should|must|will|would|may)\s+/i, "").trim();
}

/** The subject a clause carried over, as its first clause said it, with the modal after it: "a neighbour can book the van, …, write down the kilometres" → "a neighbour can". Names keep their capitals ("TideLog"); a common noun is lower case mid-sentence. */
function subjectAsSaid(reading: Reading, c: Clause): string {
  const np = c.subject!;
  const said = np.proper ? np.text : np.text.toLowerCase();
  const first = reading.clauses.slice(0, reading.clauses.indexOf(c)).findLast((p) => !p.subjectInherited && p.subject === np);
  const m = first && new RegExp(`(?:^|\\s)((?:(?:an?|the|each|every|all|our|their)\\s+)?${escapeRegExp(said)}(?:\\s+(?:can|could|should|will|would|must|may))?)\\s`, "i").exec(first.text);
  return m ? (np.proper ? m[1] : m[1].replace(/^\S/, (ch) => ch.toLowerCase())) : said;
}

/** Whether "they" at the start of a clause stands for people the product serves: the clause before it names some. */
function theyAreUsers(reading: Reading, c: Clause): boolean {
  const prev = reading.clauses.slice(0, reading.clauses.indexOf(c)).findLast((p) => p.subject || p.objects.length);
  const named = prev ? [prev.subject, ...prev.objects].filter((np) => np !== undefined) : [];
  return named.some((np) => reading.actors.includes(np.head) || reading.actors.includes(lastWord(np.head)));
}

/** Words of the pain's subject ("watering rota"), to put the feature that cures it first. */
export function painTopic(reading: Reading): string[] {
  // (With no pain no clause matches, and the topic is empty.)
  const c = reading.clauses.find((x) => x.sentence === reading.pains[0] && x.subject);
  return (c?.subject?.head ?? "").split(" ").filter((w) => w.length > 3 && !/^(?:people|everyone|team|members?|users?)$/.test(w));
}

// A rule the product must enforce, said with a modal or a limit: "only inducted members should be able to book it", "kids under 16 need a parent's sign-off", "TideLog should
// block the booking otherwise". Said as the person said it.
const RULE = /\b(?:must|should|shall|has to|have to|needs? (?:to|a|an|the)|cannot|can't|may not|mustn't|shouldn't|only\b[^.]*\b(?:can|may|should)|otherwise|at most|at least|no more than|max(?:imum)?|min(?:imum)?|never)\b/i;

/** A rule that limits: who only, never, not, how many, or what must be done to a thing ("must be approved"); a bare modal asks for something the product does ("members should get the agenda"). */
export const limits = (s: string) => /\b(?:(?:must|should|shall|has to|have to|needs? to) (?:not |never )?be \w+ed|needs? (?:a|an|the)|cannot|can't|may not|must not|mustn't|should not|shouldn't|only|otherwise|at most|at least|no more than|max(?:imum)?|min(?:imum)?|never|unless)\b/i.test(s);

/** The rules the person stated, one sentence each, in their words (not conditions on the product, not pains). */
export function statedRules(reading: Reading): string[] {
  return [...new Set(reading.sentences)].filter((s) => RULE.test(withoutWishes(s)) && !DATED.test(s) && !isCondition(s) && !reading.pains.includes(s) && reading.clauses.some((c) => c.sentence === s && c.verb && !c.copula)).slice(0, 6);
}

/** Without wishes and questions: "(we) need to send quotes", "what it should cost" are no rules; "kids need a sign-off" is. */
function withoutWishes(s: string): string {
  return s
    // ("…, need a log of who has which key": a need with no one before it is the speakers'.)
    // ("Our association (60 members) needs a way …": what the speakers' one group needs is the product; "our volunteers need a check" is a rule; "(we use lexoffice, should export there)": nor is a "should" with no one before it.)
    .replace(/[,;:(]\s*should\s+(?!not\b|never\b|be\b)/gi, " ")
    .replace(/(?:^(?:our|my)\b[^,;:]*?\bneeds|(?:^|[,;:]|\b(?:i|we|i'd|we'd|i'll|we'll|also|really|just|still))\s*(?:would\s+|will\s+|don't\s+|do not\s+)?needs?)\s+(?:to|an?|the)\b/gi, " ")
    .replace(/\b(?:what|how|whether|if|which|who|when|where)\s+[^,.;]{0,30}?\b(?:should|must|can)\b/gi, " ")
    // ("overdue books are never chased": what never happens to a thing says how it goes, no rule.)
    .replace(/\b(?:is|are|was|were|gets?|got)\s+never\s+\w+(?:ed|en)\b/gi, " ");
}

/** A date the project must meet is a deadline, not a rule the product enforces. */
export const DATED = /\b(?:deadline|launch\w*|go[- ]live|start before|ready (?:by|before)|(?:open|start)s? on \d|by (?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|the end of))\b/i;

/** A card that pays ("credit cards", "we take cards", "pay by card"); "paper record cards" and "loyalty cards" move no money. */
export const CARD_PAYMENT = /\b(?:(?:credit|debit|bank|payment|gift)\s+cards?|cards?\s+(?:payments?|only|machines?|readers?|terminals?)|(?:take|takes|taking|accept|accepts|accepting|pay|pays|paying)\s+(?:\w+\s+)?cards?|(?:by|with a)\s+card)\b/i;

/** Verbs a ban is said with: "no payments", "we don't take cards", "we won't store addresses". */
export const PROHIBIT = /^(?:take|use|accept|handle|need|want|support|store|collect|process|allow|offer|sell|run|charge|include|show|track|keep|add|pay|buy|order|involve|require)$/;

// Kinds of thing people rule out in one breath and ask for in another: "no online payment" … "a €5 online deposit". A word of the same kind said later, outside a negation, contradicts.
const KINDS = [new RegExp(`\\b(?:pa(?:y|id|ying|yments?)|deposits?|fees?|prices?|charges?|invoices?|checkout|money)\\b|${CARD_PAYMENT.source}`, "i"), /\b(?:accounts?|log[- ]?ins?|sign[- ]?ups?|passwords?|registration)\b/i];
const NEGATED = /(?<!-)\b(?:no|not|never|without|don't|doesn't|won't|nothing)\b(?!-)/i;

/** What the person ruled out in one text and asked for in a later one, in their words (texts in the order said). */
export function contradictions(texts: readonly string[]): Array<{ earlier: string; later: string }> {
  const out: Array<{ earlier: string; later: string }> = [];
  texts.forEach((text, i) => {
    for (const c of readClauses(text, i === 0)) {
      // Only a ban can be taken back: "nobody knows the state of a colony" is a pain, not a ban.
      const ban = c.negated && (!c.verb || PROHIBIT.test(c.verb));
      const heads = ban ? c.objects.map((o) => lastWord(o.head)) : [];
      const kind = KINDS.find((k) => heads.some((h) => k.test(h)));
      if (!heads.length) continue;
      for (const later of texts.slice(i + 1).flatMap((t) => sentences(t, 2))) {
        // Said again (an answer that repeats the description) is no change of mind.
        if (later.toLowerCase().includes(c.text.toLowerCase())) continue;
        // ("I'd rather pay for storage": what the speakers pay for takes no payment through the product.)
        if (NEGATED.test(later) || /\b(?:we|i)(?:'d|'ll)?\s+(?:\w+\s+)?(?:pay|spend)\b/i.test(later) || !(heads.some((h) => new RegExp(`\\b${h}`, "i").test(later)) || kind?.test(later))) continue;
        if (!out.some((x) => x.later === later)) out.push({ earlier: c.text, later: later.replace(/[.!]+$/, "") });
      }
    }
  });
  return out.slice(0, 3);
}
