// Sentences → clauses: who (subject) does what (verb, as its infinitive) to which things (object noun phrases), with what (nouns after a preposition), and whether
// it is negated. "members reserve plots, log harvests, swap seeds and tools" is three clauses sharing "members"; "no payments" is a negated clause without a verb.
// Part-of-speech tags come from the NLP library; this file only walks them.
import { ROLES } from "../knowledge/actors";
import { escapeRegExp, sentences } from "../text-utils";
import { ACT_RECORDS } from "./acts";
import { LANGUAGE_CODES } from "./languages";
import { dictionaryTag, infinitive, lastWord, singularNoun, SINGULAR_DETERMINER, tokens, type Token } from "./nlp";

/** Role nouns, singular and plural, to their singular: "barbers" → "barber". */
export const ROLE_SINGULAR = new Map<string, string>(ROLES.flatMap(([s, p]) => [[s.toLowerCase(), s.toLowerCase()], [p.toLowerCase(), s.toLowerCase()]] as [string, string][]));

export interface NounPhrase {
  /** As written, without determiners: "watering rotas". */
  text: string;
  /** Singular, lower case, at most one modifier: "watering rota". */
  head: string;
  /** Every word of the phrase as written, names included: "Facebook login". */
  full: string;
  /** Numbers written in the phrase ("40 students" → 40). */
  count?: number;
  proper: boolean;
  /** The tagger reads the head as a person ("physiotherapists", "adopters"). */
  person?: boolean;
  /** A time ("every quarter", "the weekend"): when something happens, never a thing kept. */
  time?: boolean;
  /** Kinds said as modifiers sharing the head: "bisque or glaze firings" → firing, ["bisque", "glaze"]. */
  kinds?: string[];
  /** One singular noun said without an article, a possessive or a number ("keep track"). */
  bare?: boolean;
  /** One person the speaker knows ("my sister", "his accountant"): nobody's role. */
  individual?: boolean;
}

export interface Clause {
  /** The whole sentence the clause came from, as written. */
  sentence: string;
  text: string;
  subject?: NounPhrase;
  /** The other nouns of a listed subject ("members" in "members and volunteers sign up"). */
  also?: NounPhrase[];
  /** True when the subject was carried over from the previous clause. */
  subjectInherited: boolean;
  /** Infinitive, lower case ("reserve"); absent for fragments ("tiny budget"). */
  verb?: string;
  objects: NounPhrase[];
  /** Nouns after prepositions: "with photos and pickup times"; `verb` for "to bring an item". */
  extras: Array<{ prep: string; np: NounPhrase; verb?: string }>;
  negated: boolean;
  copula: boolean;
  /** "pickers are paid per kilo": the subject is acted on, so it does not act. */
  passive?: boolean;
  /** Said about a noun of another clause ("neighbours who want to order meals"). */
  relative?: boolean;
  /** The product's own name before a colon ("A community gardens app: …"). */
  title?: boolean;
  /** Another name for a noun of the clause before ("…for our sponsor, the city council"): nothing new. */
  apposition?: boolean;
  /** What the person listed after a colon as the parts of a noun of this clause: "log an inspection: date, varroa count and any treatment given". */
  attributes?: { of: string; items: string[]; kinds?: boolean };
}

const PREPS = new Set(["instead", "with", "in", "on", "from", "for", "to", "at", "by", "during", "via", "through", "into", "after", "before", "about", "between", "over", "under", "across", "within", "per", "of", "without", "like", "around", "inside", "near", "as"]);
const CLAUSE_BREAK = new Set(["when", "that", "which", "who", "so", "because", "while", "where", "if", "once", "until", "whenever", "since", "but", "how", "what"]);
const NEGATORS = new Set(["no", "not", "never", "without", "none", "nobody", "nor", "neither", "don't", "doesn't", "won't", "can't", "cannot", "isn't", "aren't", "shouldn't", "mustn't", "didn't", "n't"]);
const FILLER = new Set(["here", "there", "now", "today", "please", "too", "also", "yet", "anymore", "either", "instead", "online", "offline", "later", "first", "again", "ever", "at", "all"]);
const WEAK_NOUNS = new Set(["they", "we", "i", "you", "it", "them", "us", "he", "she", "this", "that", "these", "those", "one", "ones", "everyone", "someone", "anyone", "something", "anything", "everything", "bit", "lot", "lots", "kind", "sort", "way", "thing", "things", "rest", "remainder", "majority", "half", "other", "others", "another"]);

/** Nouns that count or group what follows "of" ("a team of volunteers"): the head is what is counted. */
const COUNTING = /^(?:number|numbers|group|groups|team|teams|couple|bunch|set|pair|crew|handful|dozen|dozens|list|lot|lots|most|each|all|some|many|few|none|both|any|one|two|three|several|type|types|kind|kinds|piece|pieces)$/;

/** "about 60 members", "over 200 plants": before a number the word says roughly how many, it is no preposition. */
function isPrep(run: Token[], k: number): boolean {
  const next = run[k + 1];
  // ("instead of the endless email ping-pong": one preposition, so what the product replaces is tied to nothing it keeps.)
  if (run[k].norm === "instead") return next?.norm === "of";
  if (run[k].norm === "of" && run[k - 1]?.norm === "instead") return false;
  // ("borrow up to two books": before a number "up to" says how many.)
  return PREPS.has(run[k].norm) && !((/^(?:about|around|over|under|nearly|almost|roughly)$/.test(run[k].norm) || (run[k].norm === "to" && run[k - 1]?.norm === "up")) && next && (next.tags.has("Value") || /^\d/.test(next.norm)));
}

function isVerb(t: Token, next?: Token): boolean {
  // A symbol ("me + my partner") is never a verb.
  if (!t.tags.has("Verb") || !/[a-z]/.test(t.norm)) return false;
  // "watering rotas": a gerund before a noun is a modifier.
  if (t.tags.has("Gerund") && next && next.tags.has("Noun") && !next.tags.has("Pronoun")) return false;
  if (t.tags.has("Hyphenated")) return false;
  // "nurses confirm": a role noun followed by a verb is the subject.
  if (ROLE_SINGULAR.has(t.norm) && next?.tags.has("Verb")) return false;
  // "judges give scores": a verb takes no bare infinitive after its -s form, so that word is a plural subject.
  // (Not a verb that takes one: "is cash", "has to", "helps find", "lets people book".)
  if (/[^s]s$/.test(t.norm) && !["Infinitive", "Noun", "Copula", "Auxiliary", "Modal"].some((g) => t.tags.has(g)) && !/^(?:is|has|does|was|helps|lets|makes)$/.test(t.norm) && next?.tags.has("Infinitive") && !/s$/.test(next.norm)) return false;
  return true;
}

function isNounish(t: Token): boolean {
  if (t.tags.has("Pronoun")) return false;
  return t.tags.has("Noun") || t.tags.has("Gerund") || t.tags.has("Acronym") || t.tags.has("ProperNoun");
}

const VERB_ONLY = ["PastTense", "Participle", "Copula", "Auxiliary", "Modal"];
/** After these only a noun can stand. */
const NOUN_SLOT = ["Determiner", "Possessive", "Value", "Adjective"];

/** Nouns name things; a word the tagger read as a verb does only in a noun's slot ("a cut", "per walk", "every costume and prop" unless the dictionary calls it a verb: "the boxes and sell") or as a plural ("harvests"); a past tense or copula never ("to be fired", "pot is"). */
function namesAThing(t: Token, run: Token[], inSlot: Slot): boolean {
  const at = run.indexOf(t);
  const prev = run[at - 1];
  const slot = prev ? NOUN_SLOT.some((g) => prev.tags.has(g)) : inSlot === "preposition" || (inSlot === "list" && !/^(?:Infinitive|PastTense|Gerund|PresentTense)$/.test(dictionaryTag(t.norm) ?? ""));
  // "bisque fired": after an adjective a past tense is still the verb's; only an article, a number or a possessive make it a noun ("a cut").
  if (t.tags.has("Pronoun") || (VERB_ONLY.some((g) => t.tags.has(g)) && !(slot && !prev?.tags.has("Adjective")))) return false;
  if (t.tags.has("Noun") || t.tags.has("Acronym") || t.tags.has("ProperNoun") || t.tags.has("Actor")) return true;
  // "members willing to help", "people waiting for a table": a participle after a plural says which ones, it names nothing.
  if (t.tags.has("Gerund")) return !prev?.tags.has("Plural") && (slot || Boolean(prev && isNounish(prev)) || run[at + 1]?.tags.has("Noun") === true);
  // ("game masters need to see …": first in a run, a word the dictionary knows as a noun is a modifier of the noun after it.)
  return t.tags.has("Verb") && (slot || /[^s]s$/.test(t.norm) || (at === 0 && dictionaryTag(t.norm) === "Singular" && run[1]?.tags.has("Noun") === true && !run[1].tags.has("Pronoun")));
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, twenty: 20, several: 3, many: 3, dozens: 24, hundreds: 200 };

/** Where a run stands: after a preposition ("per walk"), listed after a noun ("every costume and prop"), or anywhere. */
type Slot = "preposition" | "list" | undefined;

/** One noun phrase from a run of words; undefined when it names nothing. `inSlot`: where the run stands. */
export function nounPhrase(run: Token[], inSlot?: Slot): NounPhrase | undefined {
  let count: number | undefined;
  let owner = "";
  const words: Token[] = [];
  for (const [i, t] of run.entries()) {
    // "less than 20 photos": a comparison says how many, it names nothing.
    if (run[i + 1]?.norm === "than" || t.norm === "than") {
      words.length = 0;
      continue;
    }
    if (t.tags.has("Value") || /^\d/.test(t.norm) || NUMBER_WORDS[t.norm] !== undefined) {
      // ("max 3 blocks per person": a limit before the count says how many, it is no kind of what is counted.)
      if (/^(?:max|maximum|min|minimum|most|least)$/.test(words.at(-1)?.norm ?? "")) words.length = 0;
      const n = NUMBER_WORDS[t.norm] ?? Number(t.norm.replace(/[^0-9.]/g, ""));
      // ("1h sessions": a measure says how long, not how many; "medium £45" what it costs.)
      if (Number.isFinite(n) && n > 0 && !t.tags.has("Unit") && !t.tags.has("Money")) count = n;
      // ("zero budget": none of it.)
      if (/^(?:zero|0)$/.test(t.norm)) count = 0;
      continue;
    }
    // "the end of the week my sister types": a determiner or a possessive starts a phrase, so what came before it is not its modifier.
    if (t.tags.has("Determiner") || (t.tags.has("Pronoun") && t.tags.has("Possessive")) || /^(?:a|an|the|our|my|their|your|his|her|its)$/.test(t.norm)) {
      words.length = 0;
      owner = t.norm;
      continue;
    }
    if (t.tags.has("Adverb") || t.tags.has("Conjunction") || t.tags.has("Preposition") || FILLER.has(t.norm)) continue;
    // ("Every term parents re-enrol": after "every term" a plural starts the phrase; the term said when.)
    if (t.tags.has("Plural") && /^(?:every|each)$/.test(owner) && words.length === 1 && words[0].tags.has("Singular")) {
      words.length = 0;
      owner = "";
    }
    // "get a deposit back", "all day asking": a verb's particle, or a participle after a time, ends the phrase.
    if (words.length && (/^(?:back|out|up|off|away|down)$/.test(t.norm) || (t.tags.has("Gerund") && (words.at(-1)!.tags.has("Date") || /^(?:day|morning|afternoon|evening|night|week|weekend|month|year)$/.test(words.at(-1)!.norm))))) break;
    if (t.tags.has("Adjective") && !t.tags.has("Noun") && !t.tags.has("Gerund")) {
      // ("a comedor social", "the tickets available": a word the dictionary knows as an adjective, after its noun and ending the phrase, leaves the noun standing; "a printmaking collective": one only guessed an adjective is the noun, kept below.)
      if (!(words.at(-1)?.tags.has("Noun") && dictionaryTag(t.norm) === "Adjective" && (!run[i + 1] || run[i + 1].tags.has("Preposition") || run[i + 1].tags.has("Conjunction")))) words.length = 0;
      continue;
    }
    // "before the bus comes": a verb that agrees with the noun before it ends the phrase; the rest is a clause.
    if (t.tags.has("PresentTense") && !t.tags.has("Noun") && /[^s]s$/.test(t.norm) && run[i - 1]?.tags.has("Singular") && SINGULAR_DETERMINER.test(run[i - 2]?.norm ?? "")) break;
    // "15 hives spread over a few apiaries": a verb after a counted plural says where they are; the thing is the plural.
    if (t.tags.has("Verb") && !t.tags.has("Noun") && !t.tags.has("Gerund") && words.at(-1)?.tags.has("Plural") && count !== undefined) break;
    words.push(t);
  }
  const nouns = words.filter((t) => namesAThing(t, run, inSlot));
  if (!nouns.length) return undefined;
  const last = nouns[nouns.length - 1];
  if (WEAK_NOUNS.has(last.norm)) return undefined;
  const mod = nouns.length > 1 ? nouns[nouns.length - 2] : undefined;
  // "their instrument's parts": a possessive says whose, it does not name a kind of part.
  // ("30 min blocks", "one-hour slots": a unit or a length of time says how long, it names no kind of block.)
  const keepMod = mod && !mod.tags.has("Plural") && !mod.tags.has("ProperNoun") && !(mod.tags.has("Actor") && ROLE_SINGULAR.has(mod.norm)) && !mod.tags.has("Unit") && !mod.tags.has("Duration") && !WEAK_NOUNS.has(mod.norm) && !/'s$/.test(mod.norm);
  const text = (keepMod ? [mod!, last] : [last]).map((t) => t.text.replace(/[.,;:!?]+$/, "")).join(" ");
  // A name is written with a capital: the tagger's guess on "lock-ups" is not one.
  const proper = ((last.tags.has("ProperNoun") || last.tags.has("Acronym")) && /[A-Z]/.test(last.text)) || /^[A-Z][a-z]+[A-Z]/.test(last.text);
  const head = proper ? last.text.replace(/[.,;:!?]+$/, "") : singularNoun((keepMod ? `${mod!.norm} ${last.norm}` : last.norm).replace(/'s$/, ""));
  // The tagger's own "Actor" guess also fires on things ("checklists"); roles and names are surer.
  const person = last.tags.has("Person") || ROLE_SINGULAR.has(last.norm);
  const full = words.map((t) => t.text.replace(/[.,;:!?]+$/, "")).join(" ");
  // (The tagger knows "month" and "hours" as times, not the parts of a day: "three evenings".)
  const time = last.tags.has("Date") || last.tags.has("Duration") || last.tags.has("Unit") || /^(?:morning|afternoon|evening|night)s?$/.test(last.norm);
  const individual = /^(?:my|his|her)$/.test(owner) && last.tags.has("Singular");
  const bare = !owner && count === undefined && nouns.length === 1 && last.tags.has("Singular") && !proper;
  return { text, head, full, ...(count !== undefined ? { count } : {}), proper, ...(person ? { person } : {}), ...(time ? { time } : {}), ...(individual ? { individual } : {}), ...(bare ? { bare } : {}) };
}

/** A word the tagger read as a noun that is a verb after a subject ("and capture signatures"). */
function verbInContext(word: string, next?: string, afterPerson = false): boolean {
  // After a person ("members queue jobs") the word's own tag does not matter: the sentence decides.
  if (!afterPerson && !tokens(word)[0]?.tags.has("Verb")) return false;
  const t = tokens(`they ${word}${next ? ` ${next}` : ""}`);
  return t.length > 1 && t[1].tags.has("Verb") && !t[1].tags.has("Gerund");
}

/** Split a run of words into noun phrases at commas, "and" and "or". */
function nounList(run: Token[], inSlot?: Slot): NounPhrase[] {
  const out: NounPhrase[] = [];
  let cur: Token[] = [];
  const flush = () => {
    const np = nounPhrase(cur, inSlot ?? (out.length > 0 ? "list" : undefined));
    if (np) out.push(np);
    cur = [];
  };
  let skip = 0;
  run.forEach((t, i) => {
    if (skip > 0) {
      skip--;
      return;
    }
    if (/^(?:and|or|&)$/.test(t.norm)) {
      // ("email back and forth": a word joined to an adverb is one too.)
      if (cur.length === 1 && cur[0].tags.has("Adverb") && !cur[0].tags.has("Noun") && run[i + 1] && (!run[i + 2] || PREPS.has(run[i + 2].norm))) {
        cur = [];
        skip = 1;
        return;
      }
      // "bisque or glaze firings", "email and SMS reminders": a lone modifier before the conjunction shares the head noun of the phrase after it.
      const [mod, head, after] = [run[i + 1], run[i + 2], run[i + 3]];
      // (A word the tagger only guessed an adjective, "bisque", may be one; "old or new bikes" are no kinds.)
      const lone = cur.length === 1 && !cur[0].post && !["Plural", "Determiner", "Pronoun", "Actor", "Value"].some((g) => cur[0].tags.has(g)) && (!cur[0].tags.has("Verb") || cur[0].tags.has("Gerund")) && !(cur[0].tags.has("Adjective") && dictionaryTag(cur[0].norm)) && !ROLE_SINGULAR.has(cur[0].norm);
      if (lone && mod && !mod.tags.has("Plural") && !mod.tags.has("Determiner") && !mod.post && head?.tags.has("Plural") && head.tags.has("Noun") && (!after || after.tags.has("Preposition") || /^(?:and|or)$/.test(after.norm))) {
        // One thing of two kinds: the head, with the modifiers as its kinds.
        const np = nounPhrase([head], inSlot ?? (out.length > 0 ? "list" : undefined));
        if (np) out.push({ ...np, text: [cur[0], t, mod, head].map((x) => x.text).join(" "), kinds: [cur[0].norm, mod.norm] });
        cur = [];
        skip = 2;
        return;
      }
      flush();
      return;
    }
    // "SMS reminders the day before": a determiner after a noun starts another phrase.
    if (t.tags.has("Determiner") && cur.some((x) => isNounish(x))) flush();
    cur.push(t);
    if (t.post.includes(",")) flush();
  });
  flush();
  return out;
}

function firstVerbIndex(ts: Token[]): number {
  for (let i = 0; i < ts.length; i++) {
    if (CLAUSE_BREAK.has(ts[i].norm) && i > 0) return -1;
    // "Each boat land the catch", "18 batches": right after an article or a number the word is a noun, whatever the tagger says.
    // ("a committee of 5 does inspections": a word the dictionary knows only conjugated is the verb after a number.)
    const conjugated = /^\d[\d,.]*$/.test(ts[i - 1]?.norm ?? "") && /^(?:PresentTense|PastTense)$/.test(dictionaryTag(ts[i].norm) ?? "");
    // ("Many come from the street": a quantifier standing first may stand alone, and then a verb follows it.)
    // ("Erzieher need to see …": "need to" with no article before it is the verb, whatever the tagger says.)
    if (i > 0 && /^needs?$/.test(ts[i].norm) && ts[i + 1]?.norm === "to" && !ts[i - 1].tags.has("Determiner")) return i;
    // ("Clients email us documents": a word an object pronoun follows is the verb, whatever the tagger says.)
    if (i > 0 && /^(?:us|them|me|him)$/.test(ts[i + 1]?.norm ?? "") && !ts[i - 1].tags.has("Determiner") && !ts[i - 1].tags.has("Preposition") && verbInContext(ts[i].norm, ts[i + 1].norm, true)) return i;
    if (i === 1 && /^(?:many|some|most|few|several|both|all|others)$/.test(ts[0].norm) && /^(?:Infinitive|PresentTense)$/.test(dictionaryTag(ts[i].norm) ?? "")) return i;
    // ("10 euro per month for hosting": a gerund after a preposition is a noun, and the clause's verb is elsewhere or nowhere.)
    if (i > 0 && ts[i].tags.has("Gerund") && ts[i - 1].tags.has("Preposition")) continue;
    if (i > 0 && !conjugated && (ts[i - 1].tags.has("Determiner") || /^\d[\d,.]*$/.test(ts[i - 1].norm)) && !/^(?:that|this|these|those)$/.test(ts[i - 1].norm) && !ts[i].tags.has("Copula") && !ts[i].tags.has("Modal")) continue;
    // ("Rush cases cost extra": a first word, a plural and a verb the plural agrees with are a subject and its verb, no command; "let kids choose" still is one.)
    const [noun, then] = [ts[i + 1], ts[i + 2]];
    if (i === 0 && noun?.tags.has("Plural") && noun.tags.has("Noun") && !noun.tags.has("Pronoun") && then?.tags.has("Verb") && !then.tags.has("Noun") && (then.tags.has("Infinitive") || then.tags.has("PresentTense")) && !/s$/.test(then.norm) && !/^(?:let|make|help|have|see|watch|hear|get)$/.test(ts[i].norm)) continue;
    if (isVerb(ts[i], ts[i + 1])) return i;
  }
  return -1;
}

interface Piece {
  text: string;
  title: boolean;
  /** A list after the piece's colon ("…an inspection: date, brood pattern and varroa count"): its items, and the pieces they were. */
  listed?: { items: string[]; parts: string[] };
  /** "the right skill — electrics, sewing, bikes, wood": short items after a dash give examples of what was said, nothing new. */
  examples?: boolean;
}

/** A list after a colon of short items without a verb of their own ("date, queen seen or not, temper of the colony"). */
function colonList(sentence: string, parts: string[]): string[] | undefined {
  const items = parts.flatMap((p) => p.split(/\s+(?:and|&)\s+/)).map((x) => x.trim().replace(/^(?:and|or)\s+/i, "").replace(/[.!?]+$/, "")).filter(Boolean);
  if (items.length < 2) return undefined;
  // ("…our own ticketing: free events, a waitlist and a bundle": things said with an article are things, not what one record holds; "a quilt show: members enter quilts, judges give scores" lists steps, clauses with a subject of their own.)
  // ("any faults found", "number of dogs allowed": a participle after a noun only says which, that item is still a field.)
  const clause = (x: string) => parsePiece(sentence, x, undefined, false).some((c) => c.verb && c.subject && (c.objects.length > 0 || !tokens(x).some((t) => t.tags.has("PastTense") || t.tags.has("Participle"))));
  return items.every((x) => x.split(/\s+/).length <= 5 && !/^(?:we|they|i|you|he|she|it|there|an?)\b/i.test(x) && !/\b(?:is|are|was|were|will|would|can|could|should|must)\b/i.test(x) && !clause(x)) ? items : undefined;
}

/** Pieces of a sentence that stand as clauses: split at ; , : and dashes. A title before a colon ("A community gardens app: …") is a noun phrase, never a clause. */
function pieces(sentence: string, first: boolean): Piece[] {
  // Only the text's first sentence names the product; "The rota hurts most: …" is a clause.
  const colon = first ? /^([^:;,]{3,80}):\s+(.+)$/.exec(sentence) : null;
  // ("Teachers create a trip: destination, date, …", "Each spring we run a swap: …" are clauses: a subject and its verb name no product.)
  const lead = colon && colon[1].split(/\s+/).length <= 8 && !parsePiece(sentence, colon[1], undefined, false).some((c) => c.verb && (c.subject || /\b(?:we|i|they)\b/i.test(colon[1]))) ? [{ text: colon[1].trim(), title: true }] : [];
  const body = lead.length ? colon![2] : sentence;
  // A list in parentheses ("a broken item (small electricals, clothes, bikes)") belongs to the noun before it: its commas are not clause breaks.
  const held: string[] = [];
  const masked = body.replace(/\([^()]*\)/g, (m) => `\u0001${held.push(m) - 1}\u0001`);
  const parts = masked
    // ("the invoice for each parent and the payout for each tutor": two things each for its own people are two pieces.)
    .split(/(\s*[;:]\s+|\s*,\s*|\s+[—–]\s+|\s+-\s+|(?<=\b(?:for|per) (?:each|every) [\w-]+)\s+and\s+(?=(?:the|a|an) [\w-]+(?: [\w-]+)? (?:for|per) (?:each|every)\b))/)
    .map((p) => p.replace(/\u0001(\d+)\u0001/g, (_, i: string) => held[Number(i)]));
  const out: Piece[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const text = parts[i].trim().replace(/[.!?]+$/, "");
    if (!text) continue;
    const [prev, sep, run] = [out.at(-1), parts[i - 1]?.trim(), commaRun(parts, i)];
    // After a colon, a list of short items up to the next ; or dash is one piece's list.
    const items = prev && sep === ":" ? colonList(sentence, run) : undefined;
    // "broken toasters, lamps and bikes", "as repaired, not repairable or needs a part": the last items of a list after a comma continue it, so they keep the clause's verb; "we make crowns, bridges, dentures": so does the rest of the run, though no "and" closes it ("fixed, not fixed, or needs a part": nor an "or" after a comma).
    const joined = !items && prev && sep === "," ? (endsList(prev.text, text) ? [text] : listGoesOn(prev.text, run) || (/^(?:and|or)\s/i.test(run.at(-1)!) && endsList(prev.text, run.join(", "))) ? run : undefined) : undefined;
    const examples = !items && prev && /^[—–-]$/.test(sep) && run.length >= 3 && run.every((x) => x.split(/\s+/).length <= 2 && !NEGATORS.has(x.split(/\s+/)[0].toLowerCase()));
    if (items) prev!.listed = { items, parts: run };
    else if (examples) out.push({ text: run.join(", "), title: false, examples });
    else if (joined) prev!.text += `, ${joined.join(", ")}`;
    else out.push({ text, title: false });
    i += 2 * ((items || examples ? run : (joined ?? [text])).length - 1);
  }
  return [...lead, ...out];
}

/** The pieces from the i-th up to the next break that is not a comma: "bridges, dentures". */
function commaRun(parts: string[], i: number): string[] {
  const run = [parts[i].trim().replace(/[.!?]+$/, "")];
  for (let j = i; j + 2 < parts.length && parts[j + 1].trim() === ","; j += 2) run.push(parts[j + 2].trim().replace(/[.!?]+$/, ""));
  return run;
}

/** Plural nouns after a plural noun, each alone between commas to the end of the run ("crowns, bridges, dentures"), go on with its list. A word the dictionary knows as a verb ("pay fees") or one with a verb of its own starts a clause. */
function listGoesOn(before: string, run: string[]): boolean {
  if (!tokens(before).at(-1)?.tags.has("Plural")) return false;
  return run.every((x) => {
    const ts = tokens(`the ${x}`).slice(1);
    return ts.length >= 1 && ts.length <= 2 && ts.at(-1)!.tags.has("Plural") && ts.every((t) => t.tags.has("Noun") || t.tags.has("Adjective")) && !/^(?:Infinitive|PresentTense|PastTense)$/.test(dictionaryTag(ts[0].norm) ?? "");
  });
}

/** A piece that closes a list begun before its comma: it holds "and"/"or", and its first word has the form of the last word before the comma (plural nouns after a plural noun, with no verb of their own; a state after a state: "repaired, not repairable or …"). */
function endsList(before: string, piece: string): boolean {
  const ts = tokens(piece);
  if (ts.length > 6 || !ts.some((t) => t.norm === "and" || t.norm === "or")) return false;
  const last = tokens(before).at(-1);
  const first = ts[0].norm === "not" ? ts[1] : ts[0];
  if (!last || !first) return false;
  if (last.tags.has("Plural") && first.tags.has("Plural")) return firstVerbIndex(ts) < 0;
  const state = (t: Token) => t.tags.has("Adjective") || (t.tags.has("PastTense") && !t.tags.has("Noun"));
  // ("cultivated, needs work or neglected": the item after the last "or" has the form too.)
  const closing = ts[ts.findLastIndex((t) => t.norm === "and" || t.norm === "or") + 1];
  return state(last) && (state(first) || (closing !== undefined && state(closing)));
}

/** Without its parentheses: the words the clause reader walks. */
const bare = (s: string) => s.replace(/\s*\([^()]*\)/g, "").replace(/\s{2,}/g, " ").trim();

export interface Examples {
  /** Singular head of the noun the list belongs to: "item". */
  of: string;
  /** As written: ["small electricals", "clothes", "bikes"]. */
  items: string[];
  /** Said of a vague word ("things", "stuff"): the list is the only name the thing has. */
  vague?: boolean;
}

/** Lists in parentheses and the noun each belongs to: "an outcome (fixed, partly fixed, not fixable)". */
export function parentheticalExamples(sentence: string): Examples[] {
  const out: Examples[] = [];
  for (const m of sentence.matchAll(/([A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3})\s*\(([^()]+)\)/g)) {
    // ("halal or not": one yes-or-no item.)
    const items = m[2]
      .replace(/\s+or not\b/gi, "")
      .split(/\s*,\s*|\s+(?:and|or)\s+|\s*\/\s*/)
      .map((x) => x.replace(/^(?:e\.g\.|i\.e\.|such as|like|etc\.?)\s*/i, "").replace(/\s*etc\.?$/i, "").trim())
      .filter((x) => x && x.split(/\s+/).length <= 4 && !/^\d/.test(x));
    // Only the noun group right before the parenthesis: "gets an outcome (…)" is about the outcome, "repairs to the boiler (…)" about the boiler; "a job sheet per bike (…)" about the job sheet.
    const words = tokens(m[1]);
    const per = words.findLastIndex((t) => t.norm === "per");
    const before = per > 0 ? words.slice(0, per) : words;
    const ts = before.slice(before.findLastIndex((t) => t.tags.has("Preposition")) + 1).slice(-3);
    const lastVerb = ts.map((t) => t.tags.has("Verb") && !t.tags.has("Noun")).lastIndexOf(true);
    const np = nounPhrase(ts.slice(lastVerb + 1));
    if (np && items.length >= 2) out.push({ of: np.head, items });
    // "things they can lend (ladders, drills, a pasta machine)": the examples name what the vague word stands for, so it is a thing of its own, an item.
    else if (!np && items.length >= 2 && /\b(?:things|stuff|items)\b/i.test(m[1])) out.push({ of: "item", items, vague: true });
  }
  return out;
}

const RELATIVE = new Set(["that", "which", "who", "where", "whose"]);

function fragment(sentence: string, piece: string, ts: Token[], negated: boolean): Clause {
  // "GDPR matters", "Speed counts": a name and a word that reads as its verb are a clause, not a compound.
  if (ts.length === 2 && !negated && (ts[0].tags.has("Acronym") || ts[0].tags.has("ProperNoun")) && /^[a-z]+[^s]s$/.test(ts[1].text) && tokens(`it ${ts[1].norm}`)[1]?.tags.has("PresentTense")) {
    return { sentence, text: piece, subject: nounPhrase([ts[0]]), subjectInherited: false, verb: infinitive(ts[1].norm), objects: [], extras: [], negated, copula: false };
  }
  const prepAt = ts.findIndex((t, i) => i > 0 && isPrep(ts, i));
  const main = prepAt > 0 ? ts.slice(0, prepAt) : ts;
  const extras = prepAt > 0 ? extrasFrom(ts.slice(prepAt)) : [];
  return { sentence, text: piece, subjectInherited: false, objects: nounList(main.filter((t) => !NEGATORS.has(t.norm))), extras, negated, copula: false };
}

/** The words a condition said first opens with ("When a plot becomes free …"). */
export const CONDITION = "(?:when|whenever|if|once|after|before)";

/** Where the clause after a leading condition starts: an article or a pronoun after the condition's verb and what it took, then a noun and a verb ("… becomes free | the committee offers"). */
function mainAfterCondition(ts: Token[]): number {
  const verb = firstVerbIndex(ts.slice(1)) + 1;
  // ("After a wedding I deliver …": a condition with no verb of its own is a time; the clause is read whole.)
  if (verb > 2 && /^(?:we|they|i|he|she|you)$/.test(ts[verb - 1].norm) && ts.slice(1, verb - 1).every((t) => !t.tags.has("Pronoun"))) return -1;
  for (let k = verb + 1; verb > 0 && k < ts.length - 1; k++) {
    const pronoun = /^(?:we|they|i|he|she|you)$/.test(ts[k].norm);
    if (!pronoun && !/^(?:the|a|an|our|their|his|her|my|each|every)$/.test(ts[k].norm)) continue;
    // ("if a member gives the kids a snack": what follows has no verb of its own, so it is the condition's object; after a preposition, the same.)
    if (ts[k - 1].tags.has("Preposition") || PREPS.has(ts[k - 1].norm)) continue;
    const rest = ts.slice(k);
    const v = firstVerbIndex(rest);
    if (v >= 1 && v <= (pronoun ? 1 : 3) && rest.slice(1, v).every((t) => isNounish(t) || t.tags.has("Adjective")) && ["PresentTense", "PastTense", "Modal", "Auxiliary", "Copula"].some((g) => rest[v].tags.has(g))) return k;
  }
  return -1;
}

/** Where the k-th token starts in the piece it was read from, or -1. */
function offsetOf(piece: string, ts: Token[], k: number): number {
  let at = 0;
  for (let i = 0; i < k; i++) {
    const found = piece.indexOf(ts[i].text, at);
    if (found < 0) return -1;
    at = found + ts[i].text.length;
  }
  return piece.indexOf(ts[k].text, at);
}

function parsePiece(sentence: string, piece: string, inherited: NounPhrase | undefined, glue: boolean, title = false, inList = true): Clause[] {
  piece = piece.replace(/^(?:(?:and|or|then|also|plus|so|but|please)(?:\s+|$))+/i, "");
  // "Right now we use …": a time said first is when, not who or what ("Right" is no verb).
  // ("between 2 and 15 hives": a range counts the noun by its top; its "and" joins no clauses.)
  // ("What I would love is a website where …", "It would be nice to keep …": a wish said the long way round is read as one.)
  let ts = tokens(
    bare(piece)
      .replace(/^(?:right now|just now|at the moment|for now|these days|at present|nowadays|currently|today),?\s+(?=\S)/i, "")
      .replace(/\bbetween \d[\d,.]* and (\d[\d,.]*)\b/gi, "$1")
      .replace(/^what (we|i)(?: would|'d)? (?:really )?(?:love|like|want|need)(?: most)? is (?:to )?/i, "$1 want ")
      .replace(NICE_TO, "we want to "),
  );
  if (!ts.length) return [];
  if (title) return [{ ...fragment(sentence, piece, ts, false), title: true }];
  // "… sign out chemicals, which we buy in bulk": a piece that opens with a relative word says more about what came before.
  if (ts.length > 2 && /^(?:which|who|whose)$/.test(ts[0].norm) && !sentence.startsWith(piece)) return parsePiece(sentence, piece.replace(/^\S+\s+/, ""), inherited, glue, false, inList).map((c) => ({ ...c, relative: true }));
  // "Could members queue jobs?": a question asks for what the statement would say.
  if (/^(?:can|could|would|should|will|do|does)$/.test(ts[0].norm) && ts[1] && isNounish(ts[1]) && ts.length > 2) return parsePiece(sentence, piece.replace(/^\S+\s+/, ""), inherited, glue, false, inList);
  // "To stop no-shows we'd take a deposit": a purpose first, then the clause that acts; ("when a plot becomes free the committee offers it …":
  // a condition said first without its comma ends where a subject and its verb start, and is a clause of its own.)
  const purpose = ts[0].norm === "to" && ts[1]?.tags.has("Verb");
  const main = purpose ? ts.findIndex((t, i) => i > 2 && /^(?:we|they|i|you|he|she)(?:'d|'ll|'re|'ve)?$/.test(t.norm) && (ts[i + 1]?.tags.has("Verb") || ts[i + 1]?.tags.has("Modal"))) : new RegExp(`^${CONDITION}$`).test(ts[0].norm) ? mainAfterCondition(ts) : -1;
  const at = main > 0 ? offsetOf(piece, ts, main) : -1;
  if (at > 0) return [...(purpose ? [] : parsePiece(sentence, piece.slice(0, at).trim(), inherited, glue, false, inList)), ...parsePiece(sentence, piece.slice(at), inherited, glue, false, inList)];
  // "a marketplace app that connects cooks with neighbours": the head, then a clause about it.
  const rel = ts.findIndex((t, i) => i > 0 && RELATIVE.has(t.norm));
  if (rel > 0 && firstVerbIndex(ts.slice(0, rel)) < 0) {
    const head = fragment(sentence, ts.slice(0, rel).map((t) => t.text).join(" "), ts.slice(0, rel), NEGATORS.has(ts[0].norm));
    const about = head.objects[head.objects.length - 1];
    const at = new RegExp(`\\b${ts[rel].text}\\b`).exec(piece);
    const tail = at ? piece.slice(at.index + at[0].length).trim() : ts.slice(rel + 1).map((t) => t.text).join(" ");
    const rest = parsePiece(sentence, tail, about, true);
    return [head, ...rest.map((c, i) => (i === 0 && !c.subject && about ? { ...c, subject: about, subjectInherited: true } : c))];
  }
  // "not sure if …", "not very technical": the negation is the adjective's, not a ban of what follows ("no online payment" is one).
  const leadNeg = NEGATORS.has(ts[0].norm) && !(ts[0].norm === "not" && ts[1] && (ts[1].tags.has("Adjective") || ts[1].tags.has("Adverb")) && !ts[1].tags.has("Noun"));
  let v = firstVerbIndex(ts);
  // ("… can see their group, the timetable and pay online": no subject ends in "and", so what is before it goes on the list, and the verb is the one said before's.)
  if (v >= 2 && /^(?:and|or)$/.test(ts[v - 1].norm) && inherited && ts[v].tags.has("Infinitive") && !/s$/.test(ts[v].norm)) return [fragment(sentence, ts.slice(0, v - 1).map((t) => t.text).join(" "), ts.slice(0, v - 1), false), ...parsePiece(sentence, ts.slice(v).map((t) => t.text).join(" "), inherited, true, false, inList)];
  // "staff record adoptions": after a person the next word is the verb, whatever the tagger guessed.
  // "Route-setters reset one wall every week and log …": an article or number cannot stand inside a subject, so the verb came before it.
  // ("Customers preorder on their phone and pick up …": nor can a preposition or a possessive.)
  const subjectBroken = v > 2 && ts.slice(2, v).some((t) => t.tags.has("Determiner") || t.tags.has("Value") || t.tags.has("Preposition") || t.tags.has("Possessive"));
  // "Schools book class visits": a plural is no modifier of the noun after it, so a verb of a record after it is the verb.
  if (v !== 1 && ts.length >= 3 && ts[0].tags.has("Plural") && !ts[0].tags.has("Pronoun") && /s$/.test(ts[0].norm) && Object.hasOwn(ACT_RECORDS, ts[1].norm) && !isVerb(ts[1], ts[2])) {
    ts = [ts[0], { ...ts[1], tags: new Set(["Verb", "PresentTense", "Infinitive"]) }, ...ts.slice(2)];
    v = 1;
  }
  // ("youth football club": one person takes the -s form, so a bare word after a singular role is no verb of it; "staff" are many.)
  const agrees = !ts[0]?.tags.has("Singular") || /s$/.test(ts[1]?.norm ?? "") || dictionaryTag(ts[1]?.norm ?? "") === "PastTense";
  if ((v <= 0 || subjectBroken) && ts.length >= 3 && !leadNeg && !isVerb(ts[1], ts[2]) && (((ROLE_SINGULAR.has(ts[0].norm) || ts[0].tags.has("Actor")) && agrees) || /^(?:staff|people|everyone|volunteers?|[\w-]+(?:er|or|ist|ian)s)$/.test(ts[0].norm)) && verbInContext(ts[1].text, ts[2].text, true)) {
    const rest = parsePiece(sentence, `they ${ts.slice(1).map((t) => t.text).join(" ")}`, undefined, false, false, false);
    const who = nounPhrase([ts[0]]);
    // "… and log each new problem": the clauses that share the subject share the person.
    return rest.map((c, i) => (!who ? c : i === 0 ? { ...c, text: piece, subject: { ...who, person: true }, subjectInherited: false } : !c.subject && c.subjectInherited ? { ...c, subject: { ...who, person: true } } : c));
  }
  let elided = false;
  // "desktop only", "cash only": a noun and "only" say what is allowed, no verb is left out; "Polish and English" names languages.
  const named = (ts.length <= 3 && ts[ts.length - 1].norm === "only") || Object.hasOwn(LANGUAGE_CODES, ts[0].text);
  if (v === 0 && named) v = -1;
  else if (v <= 0) {
    // "swap seeds and tools": with a subject in front the tagger sees the verb.
    const retry = tokens(`they ${ts.map((t) => t.text).join(" ")}`);
    if (inList && retry.length > 1 && isVerb(retry[1], retry[2]) && !leadNeg && !named) {
      ts = retry.slice(1);
      v = 0;
      elided = true;
    } else if (v === 0 && (ts[0].tags.has("Imperative") || (ts[0].tags.has("Infinitive") && !ts[0].tags.has("Noun") && !leadNeg) || (ts[0].tags.has("Modal") && ts[1]?.tags.has("Verb")))) {
      // "Pay per walk in app": a bare verb first is a note with its subject left out.
      // ("…, no budget, must work offline": a modal first is a clause about the product, not a noun "must work".)
      elided = true;
    } else v = -1;
  }
  // A fragment: "tiny budget", "no payments", "UI in English and German".
  if (v < 0) return [fragment(sentence, piece, ts, leadNeg)];
  const before = ts.slice(0, v);
  let negated = leadNeg || before.some((t) => NEGATORS.has(t.norm) || t.tags.has("Negative"));
  // Modal and auxiliary words before the main verb: "must integrate", "don't take", and an adverb between them ("can only do").
  let i = v;
  // ("must never be shared": "be" before a past participle is the passive's auxiliary.)
  const passiveBe = (k: number) => /^(?:be|been|being|get|gets|got|getting)$/.test(ts[k].norm) && ts[k + 1]?.tags.has("PastTense") === true, adverb = (k: number) => k > v && !ts[k - 1].tags.has("Copula") && ts[k]?.tags.has("Adverb") && ts[k + 1]?.tags.has("Verb");
  while (i < ts.length - 1 && (ts[i].tags.has("Modal") || ts[i].tags.has("Auxiliary") || passiveBe(i) || adverb(i) || NEGATORS.has(ts[i].norm) || ts[i].tags.has("Negative")) && ts[i + 1] && (ts[i + 1].tags.has("Verb") || adverb(i + 1) || NEGATORS.has(ts[i + 1].norm) || ts[i + 1].tags.has("Negative"))) {
    if (NEGATORS.has(ts[i].norm) || ts[i].tags.has("Negative") || /n't$/.test(ts[i].norm)) negated = true;
    i++;
  }
  if (/n't$/.test(ts[v].norm)) negated = true;
  // "it has to work": the tagger reads "to" after "has" as a verb; the verb is the one after it.
  if (ts[i].norm === "to" && ts[i + 1]?.tags.has("Verb")) i++;
  let verbTok = ts[i];
  let j = i + 1;
  // ("parts ordered from iFixit, want to track …": only a person wants; a thing said before is no subject of a wish.)
  const wish = /^(?:want|need|hope|wish)$/.test(infinitive(verbTok.norm));
  if (wish && i === 0 && inherited && !inherited.person && !ROLE_SINGULAR.has(lastWord(inherited.head)) && !/(?:er|or|ist|ian)$/.test(inherited.head)) inherited = undefined;
  // "want to order meals", "need to track stock": the second verb carries the meaning.
  if (/^(?:want|need|like|have|try|plan|hope|wish|get|able)$/.test(infinitive(verbTok.norm)) && ts[j]?.norm === "to" && ts[j + 1] && ts[j + 1].tags.has("Verb")) {
    verbTok = ts[j + 1];
    j += 2;
  }
  // "we want readers to send letters": the people named before "to" do what follows.
  // ("we want drivers see the open rides", "I want students can see …": the same with "to" left out, as people writing in a second language often do.)
  const noTo = /^(?:want|need|like)$/.test(infinitive(verbTok.norm)) && ts[j]?.tags.has("Plural") && !ts[j].tags.has("Pronoun") && ((ts[j + 1]?.tags.has("Infinitive") && !ts[j + 1].tags.has("Noun")) || (ts[j + 1]?.tags.has("Modal") && ts[j + 2]?.tags.has("Verb"))) ? j + 1 : -1;
  const to = noTo > 0 ? noTo : ts.findIndex((t, k) => k > j && t.norm === "to" && ts[k + 1]?.tags.has("Verb"));
  if (!negated && /^(?:want|ask|allow|let|help|expect|get|like|need)$/.test(infinitive(verbTok.norm)) && to > j && ts.slice(j, to).every((t) => !t.tags.has("Verb") || t.tags.has("Noun"))) {
    const who = nounPhrase(ts.slice(j, to));
    const rest = ts.slice(noTo > 0 ? to : to + 1).map((t) => t.text).join(" ").replace(/^be able to\s+/i, "");
    if (who && !who.proper) return parsePiece(sentence, `${ts.slice(j, to).map((t) => t.text).join(" ")} ${rest}`, inherited, false, false, false).map((c) => ({ ...c, sentence }));
  }
  const copula = verbTok.tags.has("Copula");
  // Particles of phrasal verbs ("warms up", "sign in").
  while (j < ts.length && (ts[j].tags.has("Particle") || (ts[j].tags.has("PhrasalVerb") && ts[j].tags.has("Verb")))) j++;
  // "approve or reject requests": a second verb for the same object is no modifier of it.
  if (/^(?:or|and)$/.test(ts[j]?.norm ?? "") && ts[j + 1] && dictionaryTag(ts[j + 1].norm) === "Infinitive") j += 2;
  // ("some have no data signal in the hills": what people have none of, and where, is a circumstance.)
  const none = j < ts.length && NEGATORS.has(ts[j].norm) && infinitive(verbTok.norm) === "have";
  if (j < ts.length && NEGATORS.has(ts[j].norm)) {
    negated = true;
    j++;
  }
  let subjectRun = elided ? [] : before.filter((t) => !NEGATORS.has(t.norm));
  // "Every September we bring …", "at the end of the week my sister types …": a determiner or a pronoun right after a noun starts another phrase, and the one next to the verb is its subject.
  const restart = subjectRun.findLastIndex((t, k) => k > 0 && isNounish(subjectRun[k - 1]) && (t.tags.has("Determiner") || /^(?:my|our|their|your|his|her|its|we|i|they|you|he|she)$/.test(t.norm)));
  // ("For each animal we want to see the vaccinations": a phrase put before the subject still says which one each is for.)
  const fronted = restart > 0 && PREPS.has(subjectRun[0].norm) && (subjectRun[0].norm === "per" || /^(?:each|every)$/.test(subjectRun[1]?.norm ?? "")) ? extrasFrom(subjectRun.slice(0, restart)) : [];
  if (restart > 0) subjectRun = subjectRun.slice(restart);
  // "marshals at 6 feed stations tick riders": the subject ends at a preposition after its noun (not "up to 40 students"); the rest says where.
  // "the owners of animals call": the owners call; "a team of volunteers", "most of our members": the counted people do.
  const subjectPrep = subjectRun.findIndex((t, k) => PREPS.has(t.norm) && (t.norm !== "of" || (k > 0 && isNounish(subjectRun[k - 1]) && !WEAK_NOUNS.has(subjectRun[k - 1].norm) && !COUNTING.test(subjectRun[k - 1].norm))) && subjectRun.slice(0, k).some(isNounish));
  const placed = [...fronted, ...(subjectPrep > 0 ? extrasFrom(subjectRun.slice(subjectPrep)) : [])];
  if (subjectPrep > 0) subjectRun = subjectRun.slice(0, subjectPrep);
  // "members and volunteers sign up": each noun of a listed subject acts.
  const also = nounList(subjectRun);
  const subject = also.pop();
  // Objects up to the first preposition; a later "and <noun> <verb>" starts a new clause.
  const rest = ts.slice(j);
  let end = rest.length;
  let split: number | undefined;
  let sameSubject = false;
  let relativeTail: { at: number; subjectFromObjects: boolean; wished?: boolean } | undefined;
  for (let k = 0; k < rest.length; k++) {
    // "track which part for which job": "which" after a verb or a preposition, before a noun with no verb of its own, only asks which one; the nouns are what is acted on ("a bus which drives" is a relative clause).
    // (After "which" a word before a preposition or the end is that noun, whatever the tagger says.)
    const asked = () => rest[k + 1] && (isNounish(rest[k + 1]) || !rest[k + 2] || PREPS.has(rest[k + 2].norm));
    if (/^(?:which|what)$/.test(rest[k].norm) && (k === 0 || PREPS.has(rest[k - 1].norm)) && asked() && !rest.slice(k + 2).some((t, x) => isVerb(t, rest[k + 3 + x]) && !t.tags.has("Noun"))) {
      rest.splice(k, 1);
      if (!isNounish(rest[k])) rest[k] = { ...rest[k], tags: new Set(["Noun", "Singular"]) };
      k--;
      continue;
    }
    // ("mark which slots they cover", "log which parts we used": the same with a clause of their own after the noun; that clause says no more.)
    // (Between "which" and the pronoun the word is that noun, whatever the tagger says.)
    if (/^(?:which|what)$/.test(rest[k].norm) && k === 0 && rest[k + 1] && !rest[k + 1].tags.has("Pronoun") && /^(?:we|they|i|you|he|she|people)$/.test(rest[k + 2]?.norm ?? "") && rest[k + 3]?.tags.has("Verb")) {
      rest.splice(k, 1);
      if (!isNounish(rest[k])) rest[k] = { ...rest[k], tags: new Set(["Noun", /s$/.test(rest[k].norm) ? "Plural" : "Singular"]) };
      end = k + 1;
      break;
    }
    // "see which rooms to clean": what is asked about is what the verb acts on; nobody else acts.
    // (Between "which" and "to" the words are that noun, whatever the tagger says.)
    const to = (k === 0 || (k === 2 && /^(?:every|each)$/.test(rest[0].norm))) && /^(?:which|what)$/.test(rest[k].norm) && rest[k + 1] && !rest[k + 1].tags.has("Pronoun") ? rest.findIndex((t, x) => x > k + 1 && x <= k + 3 && t.norm === "to") : -1;
    if (to > 0 && rest[to + 1]?.tags.has("Verb")) {
      if (!isNounish(rest[to - 1])) rest[to - 1] = { ...rest[to - 1], tags: new Set(["Noun", /s$/.test(rest[to - 1].norm) ? "Plural" : "Singular"]) };
      rest.splice(k, 1);
      end = to - 1;
      break;
    }
    if (CLAUSE_BREAK.has(rest[k].norm)) {
      end = k;
      // "neighbours who want to order meals": the tail is a clause about the last noun.
      // "how many kilos we kept": an indirect question is what is reported, not a clause of its own.
      // "we want that owners can book": after a wish, "that" says what is wished, not which thing.
      const wished = k === 0 && rest[k].norm === "that" && /^(?:want|wish|hope|need|like|prefer|ask)$/.test(infinitive(verbTok.norm));
      if (k + 1 < rest.length && !/^(?:how|what)$/.test(rest[k].norm)) relativeTail = { at: k + 1, subjectFromObjects: RELATIVE.has(rest[k].norm) && !wished, wished };
      break;
    }
    // "claim items they can repair": a pronoun and a verb after the object start a relative clause without its "that"; it says which items, it names nothing new.
    if (k > 0 && /^(?:we|they|i|you|he|she)(?:'d|'ll|'re|'ve)?$/.test(rest[k].norm) && rest[k + 1] && (rest[k + 1].tags.has("Verb") || rest[k + 1].tags.has("Modal")) && isNounish(rest[k - 1])) {
      end = k;
      // "every time someone opens a hive they should log an inspection": with an object of its own the pronoun's verb is a main clause, not a word about the noun before it.
      let m = k + 1;
      while (m < rest.length - 1 && (rest[m].tags.has("Modal") || rest[m].tags.has("Auxiliary") || NEGATORS.has(rest[m].norm)) && rest[m + 1].tags.has("Verb")) m++;
      const next = rest[m + 1];
      if (next && (next.tags.has("Determiner") || (isNounish(next) && !next.tags.has("Preposition")))) split = k;
      break;
    }
    // ("drop instruments off or post them": after "or" too, a word with an object pronoun is a verb.)
    if ((rest[k].norm === "and" || (rest[k].norm === "or" && /^(?:them|it)$/.test(rest[k + 2]?.norm ?? ""))) && k + 2 < rest.length) {
      // "… and only use email": an adverb before the second verb does not hide it.
      // ("quotes and then invoices" stays a list: a plural there is a noun.)
      const skip = rest[k + 1].tags.has("Adverb") && !rest[k + 1].tags.has("Noun") && rest[k + 2].tags.has("Verb") && !/s$/.test(rest[k + 2].norm) ? 1 : 0;
      const after = rest.slice(k + 1 + skip);
      // "scan parcels and capture signatures": a second verb for the same subject.
      // ("… and relax with tea": a word the dictionary knows only as a verb may take a preposition instead of an object; "… and prop with a photo" is a list, "book a boat online and pay through MobilePay" is not: after a word that is no noun, "and" joins no nouns.)
      const prepNext = after[1]?.tags.has("Preposition") && (dictionaryTag(after[0].norm) === "Infinitive" || (after[0].tags.has("Verb") && k > 0 && !isNounish(rest[k - 1])));
      // ("… and pick them up": an object pronoun after the word makes it a verb.)
      const themNext = /^(?:them|it|him|her|us|me)$/.test(after[1]?.norm ?? "");
      // ("… and mark picked up / delivered": a lower-case word with no article before a participle is no one who acted, so it is the verb that sets the state.)
      const stateNext = after[1]?.tags.has("PastTense") && !["Pronoun", "Determiner"].some((g) => after[2]?.tags.has(g)) && /^[a-z]/.test(after[0].text) && !after[0].tags.has("Actor") && !ROLE_SINGULAR.has(after[0].norm) && verbInContext(after[0].text, after[1].text, true);
      if (!after[0].tags.has("Determiner") && !after[0].tags.has("Plural") && after[1] && (["Noun", "Determiner", "Adjective"].some((g) => after[1].tags.has(g)) || prepNext || themNext || stateNext) && (!after[1].tags.has("Pronoun") || themNext) && (stateNext || verbInContext(after[0].text, after[1].text, after[1].tags.has("Determiner") || (k > 0 && !isNounish(rest[k - 1]))))) {
        end = k;
        split = k + 1 + skip;
        sameSubject = true;
        break;
      }
      const vi = firstVerbIndex(after);
      // "… and we report how many", "… and I only notice": a pronoun subject starts a clause of its own too.
      const pronounSubject = vi >= 1 && /^(?:we|they|i|you|he|she|it)$/.test(after[0].norm) && after.slice(1, vi).every((t) => t.tags.has("Adverb") || t.tags.has("Negative"));
      // ("borrow strimmers and the rotavator and we lose track": a later "and we" is where the clause breaks.)
      // ("sell kegs to bars and restaurants and run a taproom": a noun with "and" right before the next verb ends the list; the verb is the same subject's.)
      const laterPronoun = after.slice(0, vi).some((t, m) => m > 0 && /^(?:and|or|but)$/.test(after[m - 1].norm) && /^(?:we|they|i|you|he|she)$/.test(t.norm)) || /^(?:and|or)$/.test(after[vi - 1]?.norm ?? "");
      if (vi > 0 && !laterPronoun && (pronounSubject || after.slice(0, vi).some((t) => isNounish(t) || t.tags.has("Actor"))) && !after.slice(0, vi).some((t) => PREPS.has(t.norm))) {
        end = k;
        split = k + 1;
        break;
      }
    }
  }
  const body = rest.slice(0, end);
  const prepAt = body.findIndex((_, k) => isPrep(body, k));
  let objects = none ? [] : nounList(prepAt >= 0 ? body.slice(0, prepAt) : body);
  let extras = [...placed, ...(prepAt >= 0 ? extrasFrom(body.slice(prepAt), none) : [])];
  // "needs a list of members", "a set of tools": what is listed or counted is the object.
  const counted = extras.findIndex((e) => e.prep === "of");
  if (objects.length === 1 && COUNTING.test(objects[0].head) && counted === placed.length) {
    objects = [extras[counted].np];
    extras = extras.filter((_, x) => x !== counted);
  }
  // ("Members should be able to book rooms": what someone is able to do is what they do, to what they do it to.)
  const able = verbTok.norm === "be" && body[0]?.norm === "able" && body[1]?.norm === "to" && body[2]?.tags.has("Verb");
  if (able && !objects.length) [objects, extras] = [extras.filter((e) => e.prep === "to" && e.verb).map((e) => e.np), extras.filter((e) => !(e.prep === "to" && e.verb))];
  // "every socio brings his olives": whoever "his" or "her" stands for is a person, whatever the word.
  if (subject && !subject.person && !subject.proper && !subject.time && body.some((t) => /^(?:his|her)$/.test(t.norm))) subject.person = true;
  const clause: Clause = {
    sentence,
    text: piece,
    subject: subject ?? (elided || glue ? inherited : undefined),
    subjectInherited: !subject && Boolean(inherited) && (elided || glue),
    verb: able ? infinitive(body[2].norm) : infinitive(verbTok.norm.replace(/n't$/, "")),
    ...(subject && also.length ? { also } : {}),
    objects,
    extras,
    negated,
    copula,
    // ("parts ordered from iFixit": a thing and a participle with nothing after it but where from is a passive without its "are".)
    ...(verbTok.tags.has("Passive") || (i > v && passiveBe(i - 1)) || (subject && !subject.person && i === v && verbTok.tags.has("PastTense") && !objects.length && extras.length > 0 && !before.some((t) => t.tags.has("Auxiliary"))) ? { passive: true } : {}),
  };
  const out = [clause];
  if (relativeTail) {
    const word = rest[relativeTail.at - 1].text;
    const at = new RegExp(`\\b${word}\\b`).exec(piece);
    const tail = at ? piece.slice(at.index + at[0].length).trim() : rest.slice(relativeTail.at).map((t) => t.text).join(" ");
    const about = relativeTail.subjectFromObjects ? (extras.length ? extras[extras.length - 1].np : objects[objects.length - 1]) : undefined;
    // ("… have no smartphone so also print a list": what follows "so" or "but" is a main clause, not one about a noun.)
    out.push(...parsePiece(sentence, tail, about, Boolean(about)).map((c) => (relativeTail.wished || /^(?:so|but)$/i.test(word) ? c : { ...c, relative: true })));
  }
  if (split !== undefined) {
    const tail = rest.slice(split).map((t) => t.text + (t.post.includes(",") ? "," : "")).join(" ");
    // "they" only helps the tagger see the verb; the clause's words stay the person's.
    out.push(...parsePiece(sentence, sameSubject ? `they ${tail}` : tail, clause.subject, false).map((c) => (sameSubject ? { ...c, text: c.text.replace(/^they\s+/, ""), subject: clause.subject, subjectInherited: true } : c)));
  }
  return out;
}

function extrasFrom(run: Token[], absent = false): Array<{ prep: string; np: NounPhrase; verb?: string }> {
  const out: Array<{ prep: string; np: NounPhrase; verb?: string }> = [];
  let prep = "";
  let cur: Token[] = [];
  const flush = () => {
    // "book a slot to bring a broken item": after "to", a verb makes the noun its object.
    const verb = prep === "to" && cur.length > 1 && cur[0].tags.has("Verb") && !cur[0].tags.has("Noun") ? infinitive(cur[0].norm) : undefined;
    // "in a hall with no signal", "with no money for licences": what is absent, and what it would be for, is a circumstance, not a thing the product keeps.
    if (cur.length && (absent = NEGATORS.has(cur[0].norm) || (absent && /^(?:for|of|in|at)$/.test(prep)))) cur = [];
    // After a preposition only a noun can stand ("per walk"), unless "to" starts a verb ("to see").
    for (const np of nounList(verb ? cur.slice(1) : cur, prep !== "to" ? "preposition" : undefined)) out.push({ prep, np, ...(verb ? { verb } : {}) });
    cur = [];
  };
  for (const [k, t] of run.entries()) {
    if (isPrep(run, k)) {
      flush();
      prep = t.norm;
      continue;
    }
    cur.push(t);
  }
  flush();
  return out;
}

/** Verbs with which a thing holds what is listed after a colon: "each booking records: name, time and party size". */
const HOLDS = /^(?:have|include|contain|record|store|keep|hold|need|capture|show|list|track)$/;
/** Nouns a colon list spells out as kinds or parts, not as what one record holds: "three parts: bookings, reminders". */
const PARTS_OF = /^(?:part|feature|kind|type|step|area|section|module|screen|page|thing|need|goal|problem|requirement|option|question|idea|role|group|user|people|person)$/;

/** "the Probe (rehearsal)", "their Ausweis (ID card)": a name glossed in lower-case words in parentheses is the thing the gloss names. */
function glossed(c: Clause): void {
  for (const np of [c.subject, ...(c.also ?? []), ...c.objects, ...c.extras.map((e) => e.np)]) {
    const gloss = np?.proper ? new RegExp(`\\b${escapeRegExp(np.text)}\\s*\\((?:the\\s+|an?\\s+)?([a-zA-Z][a-zA-Z -]{1,28}?)\\s*[,)]`).exec(c.sentence)?.[1] : undefined;
    // ("Alfama (lots of tourists)" says something about the place; a gloss is a noun alone.)
    if (!np || !gloss || (!/[a-z]/.test(gloss[0]) && !/^[A-Z]{2,}\b/.test(gloss)) || gloss.split(/\s+/).length > 3 || /\b(?:of|and|or|with|for|in|at|on|by|to|from|very|lots?|many|some|few|mostly|only|also|not|no)\b/i.test(gloss)) continue;
    Object.assign(np, { text: gloss, full: gloss, head: singularNoun(gloss.toLowerCase()), proper: false });
  }
}

/** `withTitle`: the text is a description whose first sentence may name the product before a colon. */
export function readClauses(text: string, withTitle = true): Clause[] {
  const out: Clause[] = [];
  for (const [index, sentence] of sentences(text, 2).entries()) {
    let subject: NounPhrase | undefined;
    let prevHadVerb = false;
    for (const { text: piece, title, listed, examples } of pieces(sentence, withTitle && index === 0)) {
      const cs: Clause[] = examples ? [{ ...fragment(sentence, piece, tokens(piece), false), apposition: true }] : parsePiece(sentence, piece, subject, false, title, prevHadVerb);
      // The list after the colon belongs to the clause's last object ("an inspection"), or to a thing that has, records or keeps it ("each booking records: …"); else its items are pieces.
      const owner = cs.filter((c) => c.verb && !c.negated).at(-1);
      const of = owner && (owner.objects.length ? owner.objects.at(-1)!.head : HOLDS.test(owner.verb!) && owner.subject && !owner.subject.person ? owner.subject.head : undefined);
      const named = !owner && cs.length === 1 && !cs[0].verb && !cs[0].negated && cs[0].objects.length === 1 ? cs[0] : undefined;
      if (listed && owner && of && !PARTS_OF.test(lastWord(of)) && !/ing$/.test(of)) owner.attributes = { of, items: listed.items };
      // "3 menus per day: meat, vegetarian, halal": after a noun said alone, the list names its kinds.
      // (Only words and short names: "batch → kegs and cans, with a lot number" says what happens.)
      else if (listed && named && !PARTS_OF.test(lastWord(named.objects[0].head)) && listed.items.every((x) => /^[\p{L}' -]+$/u.test(x) && x.split(/\s+/).length <= 3 && !tokens(x).some((t) => PREPS.has(t.norm)))) named.attributes = { of: named.objects[0].head, items: listed.items, kinds: true };
      else if (listed) cs.push(...listed.parts.flatMap((p) => parsePiece(sentence, p, subject, false, false, true)));
      for (const c of cs) {
        const prev = out[out.length - 1];
        // "note the queen status, brood frames, varroa count and temper of the colony": the list goes on what is noted, whatever the tagger made of its words ("brood", "varroa" read as verbs); "of the colony" says whose.
        // ("log each visit with the farm, the animals treated and the drugs given": a noun and its participle, with nothing after, say which, not who acted.)
        const participles = Boolean(c.subject && c.verb && !c.objects.length && !c.extras.length) && tokens(piece).every((t, k, ts) => t.tags.has("Determiner") || /^(?:and|or)$/.test(t.norm) || (t.tags.has("Noun") && !t.tags.has("Pronoun") && !t.tags.has("Verb")) || ((t.tags.has("PastTense") || t.tags.has("Participle")) && (k === ts.length - 1 || /^(?:and|or)$/.test(ts[k + 1].norm))));
        // ("the member notes the queen status, brood, temper and …": a bare word after a verb in its -s form does not agree with their subject, so it is listed.)
        const noted = tokens(prev?.text ?? "").find((t) => infinitive(t.norm) === prev?.verb)?.norm ?? "";
        // (A lone word between commas is a list item, whatever its form: "records the score, fouls, mood and …".)
        const unagreeing = c.subjectInherited && ((noted !== prev?.verb && /s$/.test(noted) && c.verb === tokens(piece)[0]?.norm) || !/\s/.test(piece));
        // ("know the dog's breed, size, temper and any health issues before I arrive": after a possessive the pieces are more of what its owner has, whatever the tagger made of them.)
        // ("the next day's list with each diver's level, shoe size and wetsuit size for the gear": the list goes on from the possessive nearest it, up to a preposition.)
        const ownerWord = prev?.sentence === sentence && sentence.includes(`${prev.text}, ${piece}`) ? /.*(?:^|\s)(\S+)'s\s/.exec(prev.text)?.[1] : undefined;
        const ownerNp = ownerWord ? [...prev!.objects, ...prev!.extras.map((e) => e.np)].find((o) => o.full.startsWith(`${ownerWord}'s `)) : undefined;
        const owned = ownerNp ? nounList(tokens(piece.replace(/\s+(?:before|after|when|while|until|if|so|for|to|in|on|at|with|from|by)\b.*$/i, "")).map((t) => (t.tags.has("Conjunction") || t.tags.has("Determiner") ? t : { ...t, tags: new Set(["Noun", "Singular"]) })), "list") : [];
        if (owned.length && piece.split(/\s+/).length <= 8) {
          const extra = prev!.extras.findIndex((e) => e.np === ownerNp);
          if (extra < 0) prev!.objects.push(...owned);
          else [prev!.attributes] = [{ of: singularNoun(ownerWord!.toLowerCase()), items: [ownerNp!, ...owned].map((o) => o.full.replace(/^\S+'s\s+/, "")) }, prev!.extras.splice(extra, 1)];
          prev!.text += `, ${piece}`;
          break;
        }
        if (prev && prevHadVerb && RECORDING.test(prev.verb ?? "") && prev.objects.length && (!c.subject || participles || unagreeing) && !c.negated && piece.split(/\s+/).length <= 8) {
          const ts = tokens(piece);
          const at = ts.findIndex((t) => PREPS.has(t.norm));
          const items = nounList(at >= 0 ? ts.slice(0, at) : ts, "list");
          if (items.length && (at < 0 || /^(?:of|like)$/.test(ts[at].norm)) && sentence.includes(`${prev.text}, ${piece}`)) {
            prev.objects.push(...items);
            prev.text += `, ${piece}`;
            // (A piece taken whole into the clause before is read once: "the animals treated and the drugs given".)
            break;
          }
        }
        if (!c.verb && prevHadVerb && !c.negated && prev && c.objects.length && !c.extras.length) {
          // "record photos, descriptions and prices", "We need: plots, tools": a verbless list after a clause that ended in its objects (or its verb) extends its objects.
          const lastWord = tokens(prev.text).at(-1);
          const open = !prev.extras.length && (prev.objects.length > 0 || (lastWord !== undefined && infinitive(lastWord.norm) === prev.verb));
          // ("No mobile app needed, desktop only": what is allowed is no part of the ban.)
          if (open && c.text.split(/\s+/).length <= 3 && !/\bonly$/i.test(c.text)) {
            prev.objects.push(...c.objects);
            if (sentence.includes(`${prev.text}, ${c.text}`)) prev.text += `, ${c.text}`;
            continue;
          }
          // "… for our sponsor, the city council": a phrase with an article after it renames a noun said before.
          if (/^(?:the|our|their|his|her|its|my|your)\s/i.test(piece)) c.apposition = true;
        }
        // ("~60 students, mostly kids, some adults": what says how many of those just counted are what renames them, no thing of its own.)
        if (!c.verb && prev?.sentence === sentence && !prev.verb && (prev.apposition || prev.objects.some((o) => o.count !== undefined && o.person)) && /^(?:mostly|mainly|largely|partly|some|many|most|a few|few|half)\b/i.test(piece)) c.apposition = true;
        // ("We lend out two honey extractors and members book them": "them" after the verb is the plural the clause before acted on.)
        const them = c.verb && !c.objects.length && tokens(c.text).some((t, k, ts) => infinitive(t.norm) === c.verb && ts[k + 1]?.norm === "them");
        const ante = them && prev?.sentence === sentence ? prev.objects.findLast((o) => !o.person && /s$/.test(o.text)) : undefined;
        if (ante) c.objects = [ante];
        glossed(c);
        out.push(c);
        prevHadVerb = Boolean(c.verb);
        // ("see which rooms are free, and log the hours", "mark when the group started, note …": a question inside the clause before says what, it gives the list no subject.)
        const inside = prev && prev.text !== c.text && prev.text.endsWith(c.text) && /\b(?:which|what|who|whose|whether|how|if|when|where)\s+$/i.test(prev.text.slice(0, -c.text.length));
        // ("pickers register with their bank details, choose the days": a clause said about a noun on the way gives what follows no subject.)
        if (c.verb && c.subject && !inside && !(c.relative && prev?.sentence === sentence && prev.text.endsWith(c.text))) subject = c.subject;
      }
    }
    // ("the dog's breed, size and temper": what is listed after a possessive is what its owner records.)
    for (const c of out.filter((k) => k.sentence === sentence && k.objects.length >= 2 && !k.attributes && /^\S+'s\s/.test(k.objects[0].full))) [c.attributes, c.objects] = [{ of: singularNoun(c.objects[0].full.split("'")[0].toLowerCase()), items: c.objects.map((o) => o.full.replace(/^\S+'s\s+/, "")) }, []];
    // "After every inspection we want to note the queen status, brood frames and varroa count": what is noted at each X is what one X records.
    const each = AT_EACH.exec(sentence);
    const noted = each && out.find((c) => c.sentence === sentence && RECORDING.test(c.verb ?? "") && c.objects.length >= 2 && !c.negated && !c.attributes);
    const of = each && tokens(each[1])[0];
    // (After "every" the word is a noun, whatever the tagger says alone; "every day" is a time, no record.)
    if (noted && of && !of.tags.has("Date") && !of.tags.has("Duration") && of.norm !== "time" && !noted.objects.some((o) => o.head === singularNoun(of.norm))) {
      noted.attributes = { of: singularNoun(of.norm), items: noted.objects.map((o) => o.full.replace(/^(?:the|a|an|any|each|every|their|our|its)\s+/i, "")) };
      noted.objects = [];
    }
  }
  return out;
}

/** "I want a small online shop: customers browse …": the one thing the speakers wish for, then describe, is the product itself; "the baker needs a sheet: …" is a record. */
export const wishedProduct = (c: Clause, o: NounPhrase) => !c.subject && /^(?:want|need|love|like)$/.test(c.verb ?? "") && new RegExp(`\\ban?\\s+(?:[\\w-]+\\s+){0,3}?${escapeRegExp(o.text)}\\s*(?::|,?\\s+(?:where|that|which|so)\\b)`, "i").test(c.sentence);

/** "Competitors like Smartcat do too much": a group named by products or firms, not by people, is no one the product serves. */
export const namedByProducts = (c: Clause) => Boolean(c.subject && new RegExp(`^(?:[\\w-]+\\s+){0,3}?${escapeRegExp(c.subject.full)},?\\s+(?:like|such as)\\s`, "i").test(c.text) && c.extras.some((e) => /^(?:like|as)$/.test(e.prep) && e.np.proper && !e.np.person));

/** "It would also be nice to keep …": a wish said the long way round. */
/** "We brew 12 beers, sell kegs to bars, run a taproom": a clause with no subject of its own, after the speakers' in its sentence, is theirs too. */
export function speakersGoOn(clauses: readonly Clause[], c: Clause): boolean {
  const lead = c.subject ? undefined : clauses.slice(0, clauses.indexOf(c)).findLast((k) => k.sentence === c.sentence && (k.subject || /^(?:we|i)\s/i.test(k.text)));
  return Boolean(lead && !lead.subject);
}

export const NICE_TO = /^it would (?:also |really )?be (?:nice|great|good|helpful|useful|ideal) (?:if we could|to) /i;

/** "after every inspection", "at each weigh-in": what is done at each X belongs to that X (the noun is group 1). */
export const AT_EACH = /\b(?:after|at|for|during|on) (?:every|each) ([a-z][a-z-]*[a-z])\b/i;

/** Verbs that write something down: what they take at each X is what one X records. */
const RECORDING = /^(?:note|record|log|write|enter|capture|jot)$/;
