// Scores what a party wrote against what the person said: precision of the statements
// attributed to the person, recall of the facts they stated. Pure functions; the runner
// (scripts/corpus.ts) and the tests feed them a scenario and a party's output.
//
// What counts as a CLAIM (precision = claims true to the person's words / all claims).
// A sentence ends at . ! ? ; or a table cell. Sources are each document and the agents'
// messages (as one source); a claim is counted once per source and value, so three
// personas repeating a sentence count once. Fenced code and inline code are not read.
// - quote: a quoted span ( “…” "…" ‘…’ «…» „…“ ) in the project brief; anywhere else, a
//   quoted span in a sentence that attributes it to the person ("as you said", "you said",
//   "as you put it", "you defined", "in your words", "you wrote", "you told us", "you ruled
//   it out", "(your words)" after it, …), or the unquoted rest of the sentence after such a
//   marker and a colon ("As you said: barbers are not technical"), or a 'straight-quoted'
//   span right after that colon. True when it is verbatim from the person's text (title, description, answers, remark, stack change) after
//   normalising case, whitespace, curly quotes, dashes and edge punctuation; a quote may be
//   any contiguous run of their words, and "…" may elide between runs in order.
// - exclusion: each item a sentence says the person ruled out ("ruled out: X", "left out
//   because you …: X", "X — ruled out by you", "you don't want X", "no X, as you asked").
//   True when it matches something the person excluded.
// - budget: a money amount within a sentence labelled as a budget ("budget", "spend cap",
//   "can afford", outside any quote). True when it matches the budget the person gave;
//   false when they gave none (a deposit or a fee labelled "budget" is false).
// - deadline: a time expression in a sentence labelled as a deadline ("deadline", "launch
//   by", "go-live", "ready by", "timeline", …, outside any quote). True when it matches the
//   person's deadline.
// - team: a team size ("team of 3", "two developers", "a 4-person team", "solo developer").
//   True when it is a size the person's words support.
// - regulation: a regulation or standard named (catalogues.ts). True when the person named
//   it or the scenario lists it as defensible from the facts; "X does not apply" is true
//   unless the person named X.
// - device: a device the product is said to run on or be used with (tablet, phone, kiosk,
//   …). True when the person named it or the scenario lists it as defensible.
// - product: a competitor or business product (Calendly, Shopify, WhatsApp, …). True when
//   the person named it or the scenario lists it as defensible.
// - forbidden / template-leak / not-an-entity: a scenario's forbidden pattern found in a
//   place it is forbidden in, another domain's template word the person never used, or an
//   entity made of something that is a field (Show from "no-shows"). Always false.
// - entity-name: an entity named with the person's own words. True when its last word is a
//   noun where they wrote it ("kiln load"), false for a fragment ("PotIs", "Fired").
//
// What counts as a FACT (recall = facts carried / all facts): each expected entity in the
// data model (a `### Name` heading under an accepted name), each field as a table row (or
// an entity of its own where the scenario does not call that a mistake), each stated relation (a foreign key, a join entity, a relationship line
// or an ER diagram edge), each requirement and named thing in each document where it
// matters, the budget, deadline and team in the brief, and each regulation the person
// named in the brief and the architecture.
import nlp from "compromise";
import { DEVICES, PRODUCTS, REGULATIONS, TEMPLATE_WORDS } from "./catalogues";
import { ARTIFACT_FILES, personText, type ArtifactKey, type CorpusScenario, type ExpectedRelation, type Place } from "./types";

/** The tagger's dictionary: "order" → Singular (a noun), "see" → Infinitive. */
const LEXICON = (nlp.model() as { one: { lexicon: Record<string, unknown> } }).one.lexicon;

export interface PartyOutput {
  /** path → markdown, as the artifacts table holds them at the end. */
  artifacts: Record<string, string>;
  /** The agents' messages (not the person's). */
  messages: { from: string; text: string }[];
}

export type ClaimKind =
  | "quote"
  | "exclusion"
  | "budget"
  | "deadline"
  | "team"
  | "regulation"
  | "device"
  | "product"
  | "forbidden"
  | "template-leak"
  | "not-an-entity"
  | "entity-name";

export interface Claim {
  kind: ClaimKind;
  /** A document path, or "messages". */
  source: string;
  /** What was claimed (the quote, the excluded item, the amount, …). */
  value: string;
  ok: boolean;
  /** Why it is true or false, in words a developer can act on. */
  why: string;
  /** The sentence it was read from. */
  excerpt: string;
}

export type FactKind = "entity" | "field" | "relation" | "requirement" | "named" | "budget" | "deadline" | "team" | "regulation";

export interface Fact {
  kind: FactKind;
  where: ArtifactKey;
  what: string;
  ok: boolean;
  why: string;
}

export interface Ratio {
  ok: number;
  total: number;
  /** ok / total, or null when there is nothing to count. */
  value: number | null;
}

export interface ScenarioScore {
  name: string;
  precision: Ratio;
  recall: Ratio;
  claims: Claim[];
  facts: Fact[];
}

export const ratio = (ok: number, total: number): Ratio => ({ ok, total, value: total === 0 ? null : ok / total });

// ---------------------------------------------------------------- text helpers

/** Lower case, one space, straight quotes, plain dashes, no markdown emphasis. */
export function normalise(s: string): string {
  return s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[“”„«»]/g, '"')
    .replace(/[‘’‚`]/g, "'")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\*\*|__/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

const EDGE = /^[\s"'.,;:!?…()\-[\]]+|[\s"'.,;:!?…()\-[\]]+$/g;
const isWordChar = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);

/** Where `part` occurs in `text` at word boundaries, from `from` on (-1: nowhere). */
function findWords(text: string, part: string, from: number): number {
  for (let i = text.indexOf(part, from); i !== -1; i = text.indexOf(part, i + 1)) {
    if (!isWordChar(text[i - 1]) && !isWordChar(text[i + part.length])) return i;
  }
  return -1;
}

/** Whether a quote is the person's own words: contiguous runs of their text, in order where "…" elides. */
export function isVerbatim(quote: string, person: string): boolean {
  const text = normalise(person);
  const parts = normalise(quote)
    .split(/\s*(?:…|\.\.\.)\s*/)
    .map((p) => p.replace(EDGE, ""))
    .filter((p) => p.length > 0);
  if (parts.length === 0) return false;
  let from = 0;
  for (const p of parts) {
    const at = findWords(text, p, from);
    if (at === -1) return false;
    from = at + p.length;
  }
  return true;
}

/** The document without fenced code blocks and inline code (diagrams, layouts, commands). */
export function readableText(md: string): string {
  return md.replace(/^\s*(```|~~~)[^\n]*\n[\s\S]*?^\s*\1\s*$/gm, "").replace(/`[^`\n]*`/g, "");
}

const QUOTE_PAIRS: [string, string][] = [
  ["“", "”"],
  ['"', '"'],
  ["‘", "’"],
  ["«", "»"],
  ["„", "“"],
];

interface Span {
  start: number;
  end: number;
  text: string;
}

/** Quoted spans of one line (a closing ’ must not be followed by a letter, so "don’t" stays inside). */
export function quotedSpans(line: string): Span[] {
  const out: Span[] = [];
  let i = 0;
  while (i < line.length) {
    const pair = QUOTE_PAIRS.find(([open]) => line[i] === open);
    if (!pair || (pair[0] === "‘" && isWordChar(line[i - 1])) || (pair[0] === '"' && isWordChar(line[i - 1]))) {
      i++;
      continue;
    }
    let j = i + 1;
    for (; j < line.length; j++) {
      if (line[j] === pair[1] && !(pair[1] === "’" && isWordChar(line[j + 1]))) break;
    }
    if (j >= line.length) {
      i++;
      continue;
    }
    const text = line.slice(i + 1, j);
    if (text.trim().length >= 2) out.push({ start: i, end: j + 1, text });
    i = j + 1;
  }
  return out;
}

/** Sentence spans of a line (split at . ! ? ; and table cells); a full stop inside a quote does not end a sentence. */
export function sentenceSpans(line: string): Span[] {
  const quotes = quotedSpans(line);
  const inQuote = (k: number) => quotes.some((q) => k > q.start && k < q.end - 1);
  const out: Span[] = [];
  let start = 0;
  for (let k = 0; k < line.length; k++) {
    // "; " ends a statement too: lists of constraints are written "A; B; C".
    const endsSentence = /[.!?;]/.test(line[k]) && (k === line.length - 1 || /\s/.test(line[k + 1])) && !inQuote(k);
    const cell = line[k] === "|";
    if (endsSentence || cell) {
      const text = line.slice(start, cell ? k : k + 1);
      if (text.trim()) out.push({ start, end: cell ? k : k + 1, text });
      start = k + 1;
    }
  }
  if (line.slice(start).trim()) out.push({ start, end: line.length, text: line.slice(start) });
  return out;
}

/** Sentences of a document, line by line, code left out. */
export function sentencesOf(md: string): string[] {
  return readableText(md)
    .split("\n")
    .flatMap((line) => sentenceSpans(line).map((s) => s.text.trim()))
    .filter(Boolean);
}

// ---------------------------------------------------------------- quotes

/** Words that attribute what follows (in the same sentence) to the person. */
const MARKER =
  /\b(?:as you (?:said|put it|wrote|told us|mentioned|described it|stated|defined it|asked|wanted|called it)|you(?:'ve| have)? (?:said|wrote|told us|mentioned|defined|described|stated|asked for|called (?:it|them)|put it|ruled (?:it |them )?out|named|listed)|in your (?:own )?words|your (?:own )?words|quoting you|in your (?:description|answers?)|from your (?:description|answers?)|according to you)\b/gi;
/** Words after a quote that attribute it: “…”, as you put it / “…” (your words). */
const POST_MARKER = /^[\s,;)—–-]*\(?\s*(?:as you (?:said|put it|wrote)|you said|you wrote|your (?:own )?words|in your (?:own )?words|you told us)\b/i;
/** Markers whose colon introduces the person's words even without quotes. */
const SAYING = /\b(?:as you (?:said|put it|wrote|told us|stated)|you (?:said|wrote|told us|stated)|in your (?:own )?words)\s*:\s*/gi;

interface QuoteFound {
  text: string;
  excerpt: string;
}

/** The quotes a line presents as the person's; `all` counts every quoted span (the brief). */
export function attributedQuotes(line: string, all: boolean): QuoteFound[] {
  const quotes = quotedSpans(line);
  const sentences = sentenceSpans(line);
  const sentenceOf = (k: number) => sentences.find((s) => k >= s.start && k < s.end) ?? { start: 0, end: line.length, text: line };
  const out: QuoteFound[] = [];
  for (const q of quotes) {
    const sentence = sentenceOf(q.start);
    if (all) {
      out.push({ text: q.text, excerpt: sentence.text.trim() });
      continue;
    }
    const before = line.slice(sentence.start, q.start);
    const after = line.slice(q.end, Math.min(line.length, q.end + 40));
    if (new RegExp(MARKER.source, "i").test(before) || POST_MARKER.test(after)) out.push({ text: q.text, excerpt: sentence.text.trim() });
  }
  // "As you said: barbers are not technical" — the rest of the sentence, when no quote opens it.
  for (const m of line.matchAll(SAYING)) {
    const from = m.index + m[0].length;
    // 'Straight single quotes' are read only here, after a marker: elsewhere they are apostrophes.
    const single = line[from] === "'" ? /^'(.+?)'(?![\p{L}])/u.exec(line.slice(from)) : null;
    if (single) {
      out.push({ text: single[1], excerpt: sentenceOf(from).text.trim() });
      continue;
    }
    if (/^["“‘«„']/.test(line.slice(from))) continue;
    const sentence = sentenceOf(from);
    const text = line.slice(from, sentence.end).trim();
    if (text.length >= 2) out.push({ text, excerpt: sentence.text.trim() });
  }
  return out;
}

// ---------------------------------------------------------------- constraint claims

const EXCLUSION_AFTER: RegExp[] = [
  /\b(?:ruled (?:it |them )?out|left out|leaving out|kept out|excluded|out of scope|not included|dropped)\b[^:]{0,60}?\b(?:by you|because you|as you (?:asked|said|wished|requested|wanted)|at your request|per your (?:request|answers?|words)|you (?:ruled|asked|said|excluded|don't want|do not want))\b[^:]{0,30}:\s*(.+)/i,
  /\bruled out(?: by (?:you|the person|the client))?\s*:\s*(.+)/i,
  /\byou(?:'ve| have)? (?:ruled out|excluded|said no to|don't want|do not want|didn't want|asked (?:us )?not to (?:use|build|include|add)|asked (?:us )?to (?:leave out|drop|exclude)|said (?:there (?:is|are|should be|will be) )?no|said you (?:don't|do not) want)\s+(.+)/i,
];
const EXCLUSION_BEFORE: RegExp[] = [
  /([^,;:()—–]{1,60}?)\s*(?:\(|—|–|-|,)?\s*(?:is |are |was |were |stays? |remains? )?(?:ruled out|excluded|left out|kept out) (?:by you|as you (?:asked|said|wished)|at your request|because you)(?![^,;.]*:)/i,
  /\b(?:no|without)\s+([^,.;:()|]{1,50}?)\s*[,(—–-]\s*(?:as you (?:asked|said|wished|put it|wanted)|at your request|your call|per your (?:request|answers?|words)|because you (?:said|asked))/i,
];

/** The items of a list: "walk, min and house" → walk, min, house; a quote (“no AI writing or moderating”) is one item, as said. */
export function listItems(list: string): string[] {
  const quoted = [...list.matchAll(/“([^”]+)”/g)].map((m) => m[1]);
  if (quoted.length) return quoted.map((x) => x.replace(/^\s*(?:a|an|the|any|all|no|your|our|their)\s+/i, "").replace(EDGE, "").trim()).filter(Boolean);
  const cut = list.split(/[.;|)](?:\s|$)|\s[—–]\s/)[0];
  return cut
    .split(/,\s*|\s+(?:and|or|nor)\s+|\s*\/\s*/)
    .map((x) =>
      x
        .replace(/\([^)]*\)?/g, "")
        .replace(/["“”‘’«»]/g, "")
        .replace(/^\s*(?:a|an|the|any|all|no|your|our|their)\s+/i, "")
        .replace(EDGE, "")
        .trim(),
    )
    .filter((x) => x.length > 0);
}

/** What a sentence says the person ruled out. */
export function excludedItems(sentence: string): string[] {
  const items: string[] = [];
  for (const re of EXCLUSION_AFTER) {
    const m = re.exec(sentence);
    if (m) items.push(...listItems(m[1]));
  }
  for (const re of EXCLUSION_BEFORE) {
    const m = re.exec(sentence);
    if (m) items.push(...listItems(m[1]));
  }
  return [...new Set(items.map((i) => i.toLowerCase()))];
}

const MONEY =
  /(?:[€$£₹]|R\$|\b(?:EUR|USD|GBP|CHF|INR|BRL|PLN|Rs\.?)\s?)\s?\d[\d.,]*(?:\s?(?:k|m|million|thousand|lakh|crore)\b)?|\b\d[\d.,]*\s?(?:k\s?)?(?:€|EUR|euros?|USD|dollars?|GBP|pounds?|CHF|INR|rupees?|BRL|reais|PLN|zł)(?![\p{L}])/giu;
const BUDGET_WORD = /\bbudget(?:s|ed)?\b|\bspend(?:ing)? (?:cap|limit|ceiling)\b|\bcost (?:cap|limit|ceiling)\b|\bcan afford\b/i;

/** The money amount a sentence gives as a budget (the one nearest the budget word), or null. */
/** The sentence with its quoted spans blanked: a word inside the person's quote is theirs, not a label. */
function outsideQuotes(sentence: string): string {
  let out = sentence;
  for (const q of quotedSpans(sentence)) out = out.slice(0, q.start) + " ".repeat(q.end - q.start) + out.slice(q.end);
  return out;
}

export function budgetAmount(sentence: string): string | null {
  const w = BUDGET_WORD.exec(outsideQuotes(sentence));
  if (!w) return null;
  const amounts = [...sentence.matchAll(MONEY)].map((m) => ({ text: m[0].trim().replace(/[.,]+$/, ""), at: m.index }));
  if (amounts.length === 0) return null;
  const near = amounts.sort((a, b) => Math.abs(a.at - w.index) - Math.abs(b.at - w.index))[0];
  return Math.abs(near.at - w.index) <= 60 ? near.text : null;
}

const DEADLINE_WORD =
  /\bdeadline\b|\bdue (?:date|by|on|in)\b|\blaunch(?:es|ed|ing)? (?:by|on|in|before)\b|\bgo(?:es|ing)?[- ]live\b|\blive by\b|\bready (?:by|for|before)\b|\bship(?:s|ping)? (?:by|on|in|before)\b|\breleased? (?:by|on|in|before)\b|\bmust be (?:live|ready|done|finished|running) (?:by|before|in)\b|\btimeline\b|\btime-?frame\b|\bin time for\b/i;
const MONTH = "(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)";
const NUMBER_WORD = "(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|a few)";
const TIME_EXPR = new RegExp(
  [
    `\\b\\d{1,2}(?:st|nd|rd|th)? ${MONTH}\\b(?: \\d{4})?`,
    `\\b${MONTH} \\d{1,2}(?:st|nd|rd|th)?\\b`,
    `\\b(?:January|February|March|April|June|July|August|September|October|November|December)\\b`,
    "\\bQ[1-4]\\b",
    "\\b20\\d\\d\\b",
    `\\b${NUMBER_WORD}[- ](?:days?|weeks?|months?)\\b`,
    "\\bend of (?:the )?(?:year|month|quarter|summer|season|term|semester)\\b",
    "\\b(?:summer|spring|autumn|winter|christmas|easter|carnival|carnaval)\\b",
  ].join("|"),
  "i",
);

/** The time expression a sentence gives as a deadline, or null. */
export function deadlineExpression(sentence: string): string | null {
  if (!DEADLINE_WORD.test(outsideQuotes(sentence))) return null;
  return TIME_EXPR.exec(sentence)?.[0] ?? null;
}

const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, single: 1, solo: 1, lone: 1 };
const N = "(\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)";
const TEAM_PATTERNS: RegExp[] = [
  new RegExp(`\\bteam of ${N}\\b`, "i"),
  new RegExp(`\\b${N}[- ](?:person|people|member|developer|dev|engineer)s? team\\b`, "i"),
  new RegExp(`\\b${N} (?:(?:full[- ]stack|back[- ]?end|front[- ]?end|mobile|part[- ]time|full[- ]time|in[- ]house|volunteer|freelance|junior|senior) )?(?:developers?|devs|engineers|programmers)\\b`, "i"),
  /\b(solo|single|lone) (?:developer|dev|engineer|programmer|founder)\b/i,
];

/** The team size a sentence states, or null. */
export function teamSize(sentence: string): number | null {
  for (const re of TEAM_PATTERNS) {
    const m = re.exec(sentence);
    if (m) {
      const n = Number(m[1]) || NUMBERS[m[1].toLowerCase()];
      if (n) return n;
    }
  }
  return null;
}

/** "no PCI scope", "without HIPAA obligations": a regulation said not to apply by the words before it. */
const NEGATED_BEFORE = /\b(?:no|without|free of|outside(?: of)?)\s+(?:[\w-]+\s+){0,2}$/i;
const NEGATED = /\b(?:not? (?:apply|applies|applicable|in scope|required|needed|relevant)|doesn't apply|does not apply|don't apply|do not apply|n\/a|out of scope|no (?:need|obligation))\b/i;

// ---------------------------------------------------------------- the data model

interface ModelEntity {
  name: string;
  rows: string[];
}

export interface ParsedModel {
  entities: ModelEntity[];
  /** Lines of the Relationships section and any line saying many-to-many. */
  relationLines: string[];
  /** ER diagram edges: [A, cardinality, B] with names as written (UPPER_SNAKE). */
  edges: [string, string, string][];
}

export function parseDataModel(md: string): ParsedModel {
  const entities: ModelEntity[] = [];
  const relationLines: string[] = [];
  const edges: [string, string, string][] = [];
  let current: ModelEntity | null = null;
  let inRelations = false;
  let inCode = false;
  for (const line of md.split("\n")) {
    if (/^\s*(?:```|~~~)/.test(line)) {
      inCode = !inCode;
      continue;
    }
    const h3 = /^###\s+(.+?)\s*$/.exec(line);
    const h2 = /^##\s+(?:\d+\.\s*)?(.+?)\s*$/.exec(line);
    if (h3) {
      current = { name: h3[1].replace(/[`*]/g, "").replace(/\s*\(.*\)\s*$/, "").trim(), rows: [] };
      entities.push(current);
      continue;
    }
    if (h2) {
      current = null;
      inRelations = /relation/i.test(h2[1]);
      continue;
    }
    if (current && line.trim().startsWith("|")) current.rows.push(line);
    if (!inCode && ((inRelations && line.trim()) || /many[- ]to[- ]many/i.test(line))) relationLines.push(line);
    const edge = /^\s*([A-Za-z_][\w]*)\s+([|}o{]{2}(?:--|\.\.)[|}o{]{2})\s+([A-Za-z_][\w]*)\s*:/.exec(line);
    if (edge) edges.push([edge[1], edge[2], edge[3]]);
  }
  return { entities, relationLines, edges };
}

const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** A regex finding a name in prose: "QueueEntry", "queue entry", "queue entries". */
function nameInProse(name: string): RegExp {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);
  const last = words.pop()!;
  const plural = last.endsWith("y")
    ? `(?:${last}|${last.slice(0, -1)}ies)`
    : /fe?$/.test(last)
      ? `(?:${last}s?|${last.replace(/fe?$/, "")}ves)`
      : `${last}(?:s|es)?`;
  const spaced = [...words, plural].join("[ _-]?");
  return new RegExp(`\\b${spaced}\\b`, "i");
}

/**
 * An entity whose name is made of the person's words claims "you named this thing": true
 * when, somewhere they wrote it, its last word is a noun ("kiln load") or a verb naming its
 * own record ("order", "hire"); false for a fragment: a function word ("PotIs"), or a word
 * they used as a participle, a gerund or an adjective ("Fired", "Paid", "Live"). Names the
 * person never wrote (a catalogue's Notification, a Booking from "book") claim nothing here.
 */
export function entityGrounding(name: string, person: string): { ok: boolean; why: string } | null {
  const found = [...person.matchAll(new RegExp(nameInProse(name).source, "gi"))];
  if (!found.length) return null;
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().split(/\s+/);
  const fragment = { ok: false, why: "a fragment of the person's words, not a thing they named" };
  if (words.some((w) => /^(?:a|an|the|is|are|be|was|were|his|her|their|its|my|our)$/.test(w))) return fragment;
  for (const m of found) {
    const start = person.lastIndexOf("\n", m.index) + 1;
    const end = person.indexOf("\n", m.index);
    const line = person.slice(start, end === -1 ? undefined : end);
    if (m[0].includes("-")) return { ok: true, why: "the person named it" };
    const terms = (nlp(line).json() as Array<{ terms: Array<{ text: string; tags: string[] }> }>).flatMap((x) => x.terms);
    // The term holding the name's last word: the one ending where the match ends.
    const at = m.index - start + m[0].length;
    let pos = 0;
    let prev = new Set<string>();
    for (const t of terms) {
      const i = line.indexOf(t.text, pos);
      if (i < 0) continue;
      pos = i + t.text.length;
      const tags = new Set(t.tags);
      if (pos === at) {
        if (tags.has("Noun") && !tags.has("Pronoun")) return { ok: true, why: "the person named it" };
        // Where only a noun can stand ("between shops", "four barber shops"), whatever the tagger says.
        const nounSlot = ["Determiner", "Preposition", "Possessive", "Value"].some((g) => prev.has(g)) || (prev.has("Noun") && /s$/i.test(t.text));
        if (nounSlot && !tags.has("Gerund") && !tags.has("Copula")) return { ok: true, why: "the person named it" };
        // A verb naming its own record ("order", "deposit"): a noun in the dictionary, used as a verb.
        const lexical = LEXICON[words[words.length - 1]];
        const record = words.length === 1 && (lexical === undefined || lexical === "Singular" || lexical === "Actor" || lexical === "Gerund") && !["PastTense", "Participle", "Copula", "Adjective", "Adverb", "Preposition"].some((g) => tags.has(g));
        if (record) return { ok: true, why: "a record named by the person's verb" };
      }
      prev = tags;
    }
  }
  return fragment;
}

function entityNamed(model: ParsedModel, accept: string[]): ModelEntity | undefined {
  const keys = new Set(accept.map(key));
  return model.entities.find((e) => keys.has(key(e.name)));
}

/** Whether the rows of `e` refer to an entity under one of `names` (FK → Name, references Name, name_id). */
function refersTo(e: ModelEntity, names: string[]): boolean {
  const keys = new Set(names.map(key));
  return e.rows.some((row) => {
    const targets = [...row.matchAll(/(?:→|->|references)\s*`?([A-Za-z_][\w]*)/gi)].map((m) => key(m[1]));
    const field = /^\|\s*`?([a-z][a-z0-9_]*)_ids?`?\s*\|/.exec(row.trim())?.[1];
    return targets.some((t) => keys.has(t)) || (field !== undefined && keys.has(key(field)));
  });
}

export function relationHolds(model: ParsedModel, r: ExpectedRelation): { ok: boolean; why: string } {
  const a = entityNamed(model, r.a);
  const b = entityNamed(model, r.b);
  if (!a || !b) return { ok: false, why: `no entity for ${!a ? r.a[0] : r.b[0]}, so no relation` };
  const mentionsBoth = (line: string) => nameInProse(a.name).test(line) && nameInProse(b.name).test(line);
  const edgeBetween = model.edges.filter(([x, , y]) => {
    const ends = new Set([key(x), key(y)]);
    return ends.has(key(a.name)) && ends.has(key(b.name));
  });
  // A field may be named for the person's word although it points at another name (customer_id → User).
  const aNames = [a.name, ...r.a];
  const bNames = [b.name, ...r.b];
  const join = model.entities.find((e) => e !== a && e !== b && refersTo(e, aNames) && refersTo(e, bNames));
  if (r.kind === "many-to-many") {
    if (join) return { ok: true, why: `join entity ${join.name}` };
    if (model.relationLines.some((l) => mentionsBoth(l) && /many[- ]to[- ]many|\bm:n\b|\bn:m\b/i.test(l))) return { ok: true, why: "a many-to-many relationship line" };
    if (edgeBetween.some(([, c]) => /^}.*{$/.test(c))) return { ok: true, why: "a many-to-many ER edge" };
    const linked = refersTo(b, aNames) || refersTo(a, bNames);
    return { ok: false, why: linked ? `${a.name} and ${b.name} are linked one-to-many, not many-to-many` : `${a.name} and ${b.name} are not linked` };
  }
  if (refersTo(b, aNames)) return { ok: true, why: `${b.name} refers to ${a.name}` };
  if (join) return { ok: true, why: `linked through ${join.name}` };
  if (model.relationLines.some(mentionsBoth) || edgeBetween.length > 0) return { ok: true, why: "a relationship line" };
  return { ok: false, why: `${b.name} does not refer to ${a.name}` };
}

// ---------------------------------------------------------------- scoring

interface Source {
  name: string;
  text: string;
  isBrief: boolean;
}

function sourcesOf(out: PartyOutput): Source[] {
  return [
    ...Object.entries(out.artifacts).map(([name, text]) => ({ name, text, isBrief: name === ARTIFACT_FILES.brief })),
    { name: "messages", text: out.messages.map((m) => m.text).join("\n\n"), isBrief: false },
  ];
}

/** "ruled out by you: X", "no X", "without X", "Rejected: X", "instead of X": naming a thing to keep it out. */
const BAN_SPAN = /\b(?:ruled (?:it |them )?out(?: by you)?|left out|kept out|excluded|banned|rejected|avoid(?:s|ed)?|rather than|instead of|replaced|no longer|without|no)\b[^\n.;|]*/gi;

/** The text without the spans that name a thing to keep it out. */
export const withoutBans = (text: string) => text.replace(BAN_SPAN, "");

const clip = (s: string, n = 160) => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

export function scoreParty(s: CorpusScenario, out: PartyOutput): ScenarioScore {
  const person = personText(s);
  const claims = new Map<string, Claim>();
  const add = (c: Claim) => {
    const k = `${c.kind}\0${c.source}\0${normalise(c.value)}`;
    if (!claims.has(k)) claims.set(k, { ...c, excerpt: clip(c.excerpt) });
  };
  const c = s.expect.constraints;
  const named = (catalogue: Record<string, RegExp>) => new Set(Object.keys(catalogue).filter((k) => catalogue[k].test(person)));
  const namedRegulations = named(REGULATIONS);
  const namedDevices = named(DEVICES);
  const namedProducts = named(PRODUCTS);

  for (const src of sourcesOf(out)) {
    const readable = readableText(src.text);
    for (const line of readable.split("\n")) {
      for (const q of attributedQuotes(line, src.isBrief)) {
        const ok = isVerbatim(q.text, person);
        add({ kind: "quote", source: src.name, value: q.text, ok, why: ok ? "verbatim" : "not the person's words", excerpt: q.excerpt });
      }
    }
    for (const sentence of sentencesOf(src.text)) {
      for (const item of excludedItems(sentence)) {
        const match = c.exclusions.find((e) => e.accept.test(item));
        add({ kind: "exclusion", source: src.name, value: item, ok: !!match, why: match ? `the person said “${match.said}”` : "the person ruled nothing like this out", excerpt: sentence });
      }
      const amount = budgetAmount(sentence);
      if (amount) {
        const ok = !!c.budget && c.budget.accept.test(amount);
        add({ kind: "budget", source: src.name, value: amount, ok, why: ok ? `the person said “${c.budget!.said}”` : c.budget ? `the person's budget is “${c.budget.said}”` : "the person gave no budget", excerpt: sentence });
      }
      const when = deadlineExpression(sentence);
      if (when) {
        const ok = !!c.deadline && c.deadline.accept.test(when);
        add({ kind: "deadline", source: src.name, value: when, ok, why: ok ? `the person said “${c.deadline!.said}”` : c.deadline ? `the person's deadline is “${c.deadline.said}”` : "the person gave no deadline", excerpt: sentence });
      }
      const size = teamSize(sentence);
      if (size !== null) {
        const ok = !!c.team && c.team.sizes.includes(size);
        add({ kind: "team", source: src.name, value: String(size), ok, why: ok ? `the person said “${c.team!.said}”` : c.team ? `the person's team is “${c.team.said}”` : "the person gave no team size", excerpt: sentence });
      }
      for (const [reg, re] of Object.entries(REGULATIONS)) {
        if (!re.test(sentence)) continue;
        const at = sentence.search(re);
        const negated = NEGATED.test(sentence) || NEGATED_BEFORE.test(sentence.slice(0, at));
        const allowed = namedRegulations.has(reg) || c.defensibleRegulations.includes(reg);
        const ok = negated ? !namedRegulations.has(reg) : allowed;
        const why = negated ? (ok ? "said not to apply, and the person did not name it" : "the person named it, yet it is said not to apply") : ok ? (namedRegulations.has(reg) ? "the person named it" : "defensible from the facts") : "neither named by the person nor implied by the facts";
        add({ kind: "regulation", source: src.name, value: negated ? `${reg} (does not apply)` : reg, ok, why, excerpt: sentence });
      }
      for (const [device, re] of Object.entries(DEVICES)) {
        if (!re.test(sentence)) continue;
        const ok = namedDevices.has(device) || c.defensibleDevices.includes(device);
        add({ kind: "device", source: src.name, value: device, ok, why: ok ? (namedDevices.has(device) ? "the person named it" : "defensible from the facts") : "the person never mentioned this device", excerpt: sentence });
      }
      for (const [product, re] of Object.entries(PRODUCTS)) {
        if (!re.test(sentence)) continue;
        const ok = namedProducts.has(product) || (c.defensibleProducts ?? []).includes(product);
        add({ kind: "product", source: src.name, value: product, ok, why: ok ? "the person named it" : "the person never named this product", excerpt: sentence });
      }
      for (const [word, re] of Object.entries(TEMPLATE_WORDS)) {
        if (re.test(sentence) && !re.test(person)) add({ kind: "template-leak", source: src.name, value: word, ok: false, why: "another domain's word; the person never used it", excerpt: sentence });
      }
    }
  }

  // A forbidden pattern is looked for in the places it names, or in every document and the messages.
  const messages = out.messages.map((m) => m.text).join("\n\n");
  const placeText = (p: Place | string): [string, string] =>
    p === "messages" ? ["messages", messages] : p in ARTIFACT_FILES ? [ARTIFACT_FILES[p as ArtifactKey], out.artifacts[ARTIFACT_FILES[p as ArtifactKey]] ?? ""] : [p, out.artifacts[p] ?? ""];
  for (const f of s.expect.forbidden) {
    for (const place of f.where ?? [...Object.keys(out.artifacts), "messages"]) {
      // Code counts here (a replaced framework in a command or a layout is still there);
      // a recorded ban ("ruled out by you: AWS", "no React") is not a use.
      const [name, raw] = placeText(place);
      const text = withoutBans(raw);
      const m = f.pattern.exec(text);
      if (!m) continue;
      const lineStart = text.lastIndexOf("\n", m.index) + 1;
      const lineEnd = text.indexOf("\n", m.index);
      add({ kind: "forbidden", source: name, value: f.what, ok: false, why: f.why, excerpt: text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd).trim() });
    }
  }

  const dm = out.artifacts[ARTIFACT_FILES.dataModel] ?? "";
  const model = parseDataModel(dm);
  for (const f of s.expect.fields) {
    const wrong = entityNamed(model, f.notEntity);
    if (wrong) add({ kind: "not-an-entity", source: ARTIFACT_FILES.dataModel, value: wrong.name, ok: false, why: `“${f.thing}” is a field or status, not an entity`, excerpt: `### ${wrong.name}` });
  }

  for (const e of model.entities) {
    const grounded = entityGrounding(e.name, person);
    if (grounded) add({ kind: "entity-name", source: ARTIFACT_FILES.dataModel, value: e.name, ok: grounded.ok, why: grounded.why, excerpt: `### ${e.name}` });
  }

  const facts = factsOf(s, out, model, namedRegulations);
  const claimList = [...claims.values()];
  return {
    name: s.name,
    precision: ratio(claimList.filter((x) => x.ok).length, claimList.length),
    recall: ratio(facts.filter((x) => x.ok).length, facts.length),
    claims: claimList,
    facts,
  };
}

function factsOf(s: CorpusScenario, out: PartyOutput, model: ParsedModel, namedRegulations: Set<string>): Fact[] {
  const facts: Fact[] = [];
  const doc = (k: ArtifactKey) => out.artifacts[ARTIFACT_FILES[k]];
  const inDoc = (k: ArtifactKey, re: RegExp, what: string, kind: FactKind) => {
    const text = doc(k);
    const ok = text !== undefined && re.test(text);
    facts.push({ kind, where: k, what, ok, why: text === undefined ? "the document was not written" : ok ? "found" : `no match for ${re}` });
  };
  for (const e of s.expect.entities) {
    const hit = entityNamed(model, e.accept);
    facts.push({ kind: "entity", where: "dataModel", what: e.thing, ok: !!hit, why: hit ? `### ${hit.name}` : `no entity named ${e.accept.join(" / ")}; has ${model.entities.map((x) => x.name).join(", ") || "none"}` });
  }
  for (const f of s.expect.fields) {
    const rows = model.entities.flatMap((e) => e.rows.map((r) => ({ e: e.name, r })));
    const hit = rows.find((x) => f.field.test(x.r));
    // An entity of its own is fine too where the scenario does not call that a mistake.
    const own = model.entities.find((e) => f.field.test(e.name) && !f.notEntity.some((n) => key(n) === key(e.name)));
    const why = hit ? `a row of ${hit.e}` : own ? `an entity of its own (${own.name})` : `no field, status or entity matching ${f.field}`;
    facts.push({ kind: "field", where: "dataModel", what: `${f.thing} as a field or status`, ok: !!(hit || own), why });
  }
  for (const r of s.expect.relations) {
    const h = relationHolds(model, r);
    facts.push({ kind: "relation", where: "dataModel", what: `${r.said} (${r.a[0]}–${r.b[0]}, ${r.kind})`, ok: h.ok, why: h.why });
  }
  for (const r of s.expect.requirements) for (const w of r.where) inDoc(w, r.pattern, r.from ? `${r.what} (from the ${r.from})` : r.what, "requirement");
  for (const n of s.expect.named) for (const w of n.where) inDoc(w, n.pattern, n.name, "named");
  const c = s.expect.constraints;
  if (c.budget) inDoc("brief", c.budget.accept, `budget “${c.budget.said}”`, "budget");
  if (c.deadline) inDoc("brief", c.deadline.accept, `deadline “${c.deadline.said}”`, "deadline");
  if (c.team) inDoc("brief", c.team.pattern, `team “${c.team.said}”`, "team");
  for (const reg of namedRegulations) for (const w of ["brief", "architecture"] as const) inDoc(w, REGULATIONS[reg], reg, "regulation");
  return facts;
}

/** The label a failure is grouped under in a report: what kind of thing failed, and where. */
export function failureKind(x: Claim | Fact): string {
  if ("source" in x) {
    const names: Record<ClaimKind, string> = {
      quote: "quote not the person's words",
      exclusion: "exclusion the person did not make",
      budget: "budget the person did not give",
      deadline: "deadline the person did not give",
      team: "team size the person did not give",
      regulation: "regulation not implied",
      device: "device the person did not name",
      product: "product the person did not name",
      forbidden: "forbidden text present",
      "template-leak": "another domain's template word",
      "not-an-entity": "entity made of a field or status",
      "entity-name": "entity named from a fragment",
    };
    return names[x.kind];
  }
  return `${x.kind} missing in ${x.where}`;
}
