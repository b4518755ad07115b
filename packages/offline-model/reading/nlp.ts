// The English NLP library behind the offline model's reading (compromise, MIT): part of speech per word, verb infinitives, noun singulars. Configured once with the
// role nouns and technology names it would otherwise mistake for verbs ("cooks list dishes"), and memoised: a party calls the model ~120 times with the same text.
import nlp from "compromise";
import { ROLES } from "../knowledge/actors";
import { TECH_WORDS } from "./tech-words";

let configured = false;
// Filled on first use: the role list's module reads words with this one.
let ROLE_NOUNS = new Set<string>();

function configure(): void {
  if (configured) return;
  configured = true;
  ROLE_NOUNS = new Set(ROLES.map(([sing]) => sing.toLowerCase()));
  const words: Record<string, string> = {};
  for (const [sing, plur] of ROLES) {
    if (sing.includes(" ")) continue;
    words[sing.toLowerCase()] = "Singular";
    words[plur.toLowerCase()] = "Plural";
  }
  // ("he can go and look": a name that is also an everyday word, "Go", "React", "Express", is a name only as written, capitalised.)
  for (const w of TECH_WORDS) if (!dictionaryTag(w)) words[w.toLowerCase()] = "ProperNoun";
  // The library knows "kilometers" as a unit, not the British spelling.
  for (const w of ["kilometre", "metre", "centimetre", "millimetre"]) words[w] = words[`${w}s`] = "Unit";
  nlp.addWords(words);
}

export interface Token {
  text: string;
  /** Lower case, punctuation stripped. */
  norm: string;
  tags: ReadonlySet<string>;
  /** Punctuation right after the word (",", ";", ":"). */
  post: string;
}

const tokenCache = new Map<string, Token[]>();
const CACHE_MAX = 4000;

/** A memo with a cap: past `max` entries the oldest goes. */
export function remember<T>(cache: Map<string, T>, key: string, make: () => T, max = CACHE_MAX): T {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const v = make();
  if (cache.size >= max) cache.delete(cache.keys().next().value as string);
  cache.set(key, v);
  return v;
}

interface TermJson {
  text: string;
  normal?: string;
  /** The word a contraction leaves unwritten: "it's" → "it" and an empty term "is". */
  implicit?: string;
  post?: string;
  tags?: string[];
}

/** Determiners and possessives before one thing: after one and a singular noun, an -s word is a verb that agrees ("the bus comes", "our council pays"). */
export const SINGULAR_DETERMINER = /^(?:the|a|an|each|every|this|that|our|my|their|his|her|its)$/;

export function tokens(text: string): Token[] {
  configure();
  return remember(tokenCache, text, () => {
    const json = nlp(text).json({ terms: { normal: true, implicit: true } }) as Array<{ terms: TermJson[] }>;
    const out: Token[] = [];
    for (const s of json) {
      let joinNext = false;
      for (const t of s.terms) {
        // "it's chaos": the unwritten "is" is read as the copula it is.
        const tok = { text: t.text, norm: (t.text === "" && t.implicit ? t.implicit : (t.normal ?? t.text)).toLowerCase().replace(/[^a-z0-9#+.'-]/g, ""), tags: new Set(TECH_WORDS.includes(t.text) ? ["ProperNoun", "Noun"] : (t.tags ?? [])), post: (t.post ?? "").trim() };
        // The library splits "walk-in", "no-shows", "in-house" into two terms; a hyphenated word is one word ("no-shows" is a thing counted, never a negation).
        const prev = out[out.length - 1];
        // "1h sessions", "a 30min call", "500-800 photos": the library splits off the unit or the range's end as a term without text; it belongs to the number.
        if (t.text === "" && prev?.tags.has("Value") && (t.tags ?? []).some((g) => g === "Unit" || g === "NumberRange")) {
          if ((t.tags ?? []).includes("Unit")) out[out.length - 1] = { ...prev, tags: new Set([...prev.tags, "Unit"]) };
          continue;
        }
        if (joinNext && prev) {
          out[out.length - 1] = { text: `${prev.text}-${tok.text}`, norm: `${prev.norm}-${tok.norm}`, tags: new Set(["Hyphenated", ...tok.tags].filter((g) => g !== "Expression")), post: tok.post };
        } else out.push(tok);
        joinNext = t.post === "-";
      }
    }
    // "four barber shops in Lisbon", "Test marks and results go home": after a counted, owned or leading noun, or listed after such a plural, a plural word the library read as a verb is the phrase's head noun — unless an object follows ("each batch follows a recipe"), or a verb does not.
    out.forEach((t, i) => {
      // "our station has about 30 volunteers": the library can read "has" as a plural noun; it never is one.
      if (/^(?:has|have|had|does)$/.test(t.norm)) {
        if (t.tags.has("Noun")) out[i] = { ...t, tags: new Set(["Verb", "PresentTense"]) };
        return;
      }
      const [prev, before, next] = [out[i - 1], out[i - 2], out[i + 1]];
      // ("bill each household monthly based on kilometres": a compound preposition is no verb.)
      if (/^(?:based|depending|according)$/.test(t.norm) && /^(?:on|upon|to)$/.test(next?.norm ?? "")) {
        out[i] = { ...t, tags: new Set(["Preposition"]) };
        return;
      }
      // ("chemistry gets mixed", "when each batch was mixed": after "get", or a thing and "be", a verb's past the library guessed an adjective is the passive's participle.)
      if (t.tags.has("Adjective") && /ed$/.test(t.norm) && infinitive(t.norm) !== t.norm && (/^(?:get|gets|got|getting)$/.test(prev?.norm ?? "") || (prev?.tags.has("Copula") && before?.tags.has("Noun") && !before.tags.has("Pronoun") && !before.tags.has("Person")))) {
        out[i] = { ...t, tags: new Set(["Verb", "PastTense", "Passive"]) };
        out[i - 1] = { ...prev!, tags: new Set([...prev!.tags, "Auxiliary", "Passive"]) };
        return;
      }
      // ("weigh each animal at every visit", "for each animal we …": after "each" or "a", a word only guessed an adjective, with no noun after it, is the noun.)
      if (t.tags.has("Adjective") && !t.norm.includes("-") && !dictionaryTag(t.norm) && /^(?:a|an|each|every)$/.test(prev?.norm ?? "") && (!next || next.tags.has("Preposition") || next.tags.has("Pronoun") || (next.tags.has("Conjunction") && !/^(?:and|or)$/.test(next.norm)))) {
        out[i] = { ...t, tags: new Set(["Noun", "Singular"]) };
        return;
      }
      // ("School trips app": before the product's own word the plural names what it is for; "mostly kids," is a plural the dictionary knows.)
      const ends = !next || t.post !== "" || next.tags.has("Preposition") || next.tags.has("Conjunction") || next.tags.has("Copula") || next.tags.has("Modal") || /^(?:app|apps|platform|tool|system|website|site|portal|dashboard|bot)$/.test(next.norm);
      const led = !before ? !ROLE_NOUNS.has(prev?.norm ?? "") && !next?.tags.has("Determiner") : before.tags.has("Value") || before.tags.has("Determiner") || before.tags.has("Possessive");
      const listed = /^(?:and|or)$/.test(prev?.norm ?? "") && before?.tags.has("Plural") && !next?.tags.has("Noun") && !next?.tags.has("Determiner");
      // "the office approves or rejects claims": two verbs joined are a pair of acts.
      const pair = /^(?:and|or)$/.test(next?.norm ?? "") && out[i + 2]?.tags.has("Verb") && dictionaryTag(t.norm.replace(/s$/, "")) === "Infinitive";
      // ("Instagram is where …": a copula is never a plural noun.)
      if (prev && !pair && t.tags.has("Verb") && !t.tags.has("Noun") && !t.tags.has("Copula") && /[^s]s$/.test(t.norm) && ((ends && led && prev.tags.has("Noun") && !prev.tags.has("Pronoun")) || listed || (ends && prev.tags.has("Adverb") && dictionaryTag(t.norm) === "Plural"))) {
        out[i] = { ...t, tags: new Set(["Noun", "Plural"]) };
      }
    });
    // "the municipality hosts our website", "the driver needs to see", "the bus comes to their village": after an article and a singular noun, an -s word agrees with that subject: it is the verb when an article, a possessive, or "to" and a verb follow it, or a preposition or the end of a clause that has no other verb.
    out.forEach((t, i) => {
      const [prev, before, next] = [out[i - 1], out[i - 2], out[i + 1]];
      // "nobody notices until the morning": after a pronoun that is one person, the -s word is its verb.
      if (prev && /^(?:nobody|somebody|everybody|anybody|someone|everyone|anyone)$/.test(prev.norm) && t.tags.has("Plural") && /[^s]s$/.test(t.norm)) {
        out[i] = { ...t, tags: new Set(["Verb", "PresentTense"]) };
        return;
      }
      // ("Members water the beds": between people and what they act on, in a stretch with no verb, a singular word is the verb.)
      if (prev?.tags.has("Plural") && !prev.tags.has("Pronoun") && t.tags.has("Noun") && !t.tags.has("Plural") && !t.tags.has("ProperNoun") && !/[,;:.!?]/.test(prev.post + t.post) && (next?.tags.has("Determiner") || next?.tags.has("Possessive")) && !out.some((x, k) => x.tags.has("Verb") && !/[,;:.!?]/.test(out.slice(Math.min(i, k), Math.max(i, k)).map((y) => y.post).join("")))) {
        out[i] = { ...t, tags: new Set(["Verb", "PresentTense", "Infinitive"]) };
        return;
      }
      if (!prev || !before || !SINGULAR_DETERMINER.test(before.norm) || !(prev.tags.has("Singular") || (prev.tags.has("ProperNoun") && !/s$/.test(prev.norm))) || prev.tags.has("Pronoun")) return;
      if (!t.tags.has("Plural") || !/[^s]s$/.test(t.norm)) return;
      // The clause it stands in starts after the last "when", "before", "until"… ("we want to send a reminder before the bus comes").
      // (… and ends before the next: "the item waits until a fixer is free".)
      const opens = (x: Token) => /^(?:when|whenever|before|after|until|once|while|if|as soon as)$/.test(x.norm), from = out.findLastIndex((x, k) => k < i && opens(x)) + 1;
      const alone = !out.some((x, k) => k >= from && k !== i && x.tags.has("Verb") && !x.tags.has("Noun") && !out.slice(i + 1, k).some(opens));
      if (next ? next.tags.has("Possessive") || next.tags.has("Determiner") || (next.norm === "to" && out[i + 2]?.tags.has("Verb")) || (next.tags.has("Preposition") && alone) : alone) out[i] = { ...t, tags: new Set(["Verb", "PresentTense"]) };
    });
    return out;
  });
}

/** What the tagger's dictionary calls a word out of context ("prop" → Singular, "sell" → Infinitive), if it knows it. */
export function dictionaryTag(word: string): string | undefined {
  configure();
  const tag = (nlp.model() as { one: { lexicon: Record<string, unknown> } }).one.lexicon[word.toLowerCase()];
  return typeof tag === "string" ? tag : undefined;
}

/** "walk" → "walking": the doing a verb names, when the library reads the word as a verb at all. */
export const gerund = (verb: string) => (nlp(`they ${verb} it`).verbs().toGerund().text() as string).split(/\s+/).pop() || undefined;

/** A unit things are measured in ("kilometres", "litres", "kilos"): a quantity recorded, never a thing kept; money is not one. */
export function isMeasure(word: string): boolean {
  const t = tokens(`5 ${word}`).at(-1);
  return Boolean(t?.tags.has("Unit") && !t.tags.has("Currency"));
}

const infinitiveCache = new Map<string, string>();

/** "reserves" → "reserve", "logged" → "log". */
export function infinitive(verb: string): string {
  configure();
  const v = verb.toLowerCase();
  return remember(infinitiveCache, v, () => {
    // "it hosts" agrees, so the library reads a verb ("they hosts" reads a noun and keeps it).
    const out = nlp(`${/[^s]s$/.test(v) ? "it" : "they"} ${v}`).verbs().toInfinitive().text().trim().toLowerCase();
    const last = out.split(/\s+/).pop() || v;
    // A verb the library does not conjugate ("hosts"): its -s is the third person's.
    return last === v && /[^su]s$/.test(v) ? v.slice(0, -1) : last;
  });
}

/** "book" → "books", "carry" → "carries" (kept beside the infinitives: the same verbs, asked again and again). */
export const thirdPerson = (verb: string): string => remember(infinitiveCache, `it ${verb}`, () => nlp(`it ${verb}`).verbs().toPresentTense().text() || verb);

/** "approve" → "approved", "flag" → "flagged". */
export const pastTense = (verb: string): string => remember(infinitiveCache, `did ${verb}`, () => nlp(`they ${verb}`).verbs().toPastTense().text().split(/\s+/).pop() || `${verb}ed`);

/** The head word of a phrase: "watering rota" → "rota". */
export const lastWord = (phrase: string): string => phrase.split(" ").pop()!;

const singularCache = new Map<string, string>();

/** "plots" → "plot", "watering rotas" → "watering rota". */
export function singularNoun(phrase: string): string {
  configure();
  const p = phrase.toLowerCase().trim();
  return remember(singularCache, p, () => {
    const words = p.split(/\s+/);
    const last = words.pop()!;
    // ("status", "campus" stay; "menus", which the tagger knows as a plural, does not.)
    // ("children", "people": a plural without an s is the tagger's to make singular.)
    const plural = tokens(last)[0]?.tags.has("Plural");
    if (!/s$/.test(last) && plural) return [...words, nlp(last).nouns().toSingular().text().trim().toLowerCase() || last].join(" ");
    if ((/(?:ss|us|is|data|media|news|series)$/.test(last) && !(/us$/.test(last) && plural)) || !/s$/.test(last)) return p;
    // "route-setters" → "route-setter": only the last part is inflected, the hyphen stays.
    if (last.includes("-")) return [...words, last.replace(/[^-]+$/, (w) => (singularNoun(w) === w ? w.replace(/s$/, "") : singularNoun(w)))].join(" ");
    // The library's inflection, checked against the spelling rules it misses ("dishes" → "dishe", "designaciones" → "designacione").
    let s = nlp(last).nouns().toSingular().text().trim().toLowerCase();
    if (/(?:ch|sh|x|z|ss)es$|iones$/.test(last)) s = last.slice(0, -2);
    return [...words, s && s.length >= last.length - 3 ? s : last.replace(/s$/, "")].join(" ");
  });
}

/** Without a greeting that opens the text: a few words before a comma or "!" and the speakers' first clause ("Hallo, we are …", "Dear team, I run …"), read as an exclamation, a name or a bare singular noun, never as a time or an adverb ("Today, we use …"). */
export function withoutGreeting(text: string): string {
  const m = /^\s*([\p{L}'’]+(?:\s+[\p{L}'’]+){0,3})\s*([,!]?)\s+(?=(?:we|i|i'm|we're|my|our)\b)/iu.exec(text);
  const opener = m ? tokens(m[1]) : [];
  // (Without the comma only an exclamation: "hello i work at …", never "Market stall I run".)
  return opener.length && opener.every((t) => (m![2] ? ["Expression", "Noun", "Adjective"] : ["Expression"]).some((g) => t.tags.has(g)) && !["Date", "Adverb", "Conjunction", "Pronoun", "Plural", "Verb"].some((g) => t.tags.has(g))) ? text.slice(m![0].length) : text;
}
