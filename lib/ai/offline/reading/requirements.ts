// What the person requires of the product beyond the things it manages, each with the
// words they said it in: the channels it talks through (SMS, WhatsApp, e-mail), how people
// identify themselves ("no account, just a phone number"), the devices it runs on, when it
// must keep working (offline, 24/7), and the products they named — what they use today,
// compare it with, or want it to talk to. A requirement exists only where the person's
// words say it; every writer that carries one can quote the clause it came from.
import { TECHS } from "../knowledge/tech-catalog";
import { LANGUAGE_CODES } from "./languages";
import { splitSentences } from "./read-clauses";
import { tokens } from "./nlp";

export type RequirementKind = "channel" | "identity" | "device" | "availability" | "product";

export interface Requirement {
  kind: RequirementKind;
  /** Canonical name: "SMS", "phone number", "tablet", "offline", "Booksy". */
  name: string;
  /** The clause it was said in, verbatim. */
  said: string;
  /** For products: what the person does with it. */
  relation?: "uses" | "compares" | "integrates";
}

/** Lexicons of kinds of requirement (the kinds are general; the words are English's). */
const CHANNELS: Array<[string, RegExp]> = [
  ["SMS", /\b(?:sms|text messages?|texts|texting|texted)\b|\ba text\b(?! (?:field|box|file|editor|document))/i],
  ["WhatsApp", /\bwhats ?app\b/i],
  ["Telegram", /\btelegram\b/i],
  ["e-mail", /\be-?mails?\b/i],
  ["push notifications", /\bpush(?: notifications?)?\b/i],
  ["phone calls", /\bphone calls?\b|\bcall (?:them|us|the customer)\b/i],
];
const DEVICES: Array<[string, RegExp]> = [
  ["tablet", /\b(?:tablets?|ipads?)\b/i],
  // "jobs come in by phone" is a call, not a device.
  ["phone", /(?<!\b(?:by|over the|via)\s)\b(?:smart)?phones?\b(?![- ]?(?:numbers?|calls?))|\bmobiles?\b(?! (?:numbers?|app))/i],
  ["laptop", /\blaptops?\b/i],
  ["desktop computer", /\bdesktops?\b|\b(?:pcs?|computers?)\b/i],
  ["kiosk", /\bkiosks?\b/i],
  ["wall screen", /\b(?:tv|wall|big) screens?\b|\bwall[- ]mounted (?:screens?|displays?)\b/i],
  ["smartwatch", /\bsmart ?watch(?:es)?\b|\bwearables?\b/i],
  ["printer", /\bprinters?\b/i],
  ["scanner", /\b(?:barcode|qr[- ]code|handheld) scanners?\b/i],
];
const IDENTITY: Array<[string, RegExp]> = [
  ["phone number", /\b(?:just|only|with|by) (?:a |their |your |the )?(?:phone|mobile) numbers?\b|\bphone numbers? (?:only|instead)\b/i],
  ["no account", /\bno (?:account|sign[- ]?up|login|log-in|registration|password)s?\b|\bwithout (?:an? )?(?:account|sign[- ]?up|login|registration)\b|\b(?:don't|do not|never) (?:need|want|have) (?:to (?:create|make|register) )?(?:an? )?accounts?\b/i],
  ["single sign-on", /\b(?:sso|single sign[- ]on|log in with (?:google|microsoft|our \w+)|sign in with (?:google|microsoft|apple))\b/i],
  ["magic link", /\bmagic links?\b/i],
];
const AVAILABILITY: Array<[string, RegExp]> = [
  ["offline", /\boffline\b|\b(?:internet|connection|wi-?fi|signal|network) (?:drops?|goes down|is down|fails?|cuts? out)\b|\bno (?:internet|signal|connection|coverage)\b|\bwithout (?:internet|a connection|signal)\b/i],
  ["24/7", /\b24\/7\b|\baround the clock\b|\ball day and night\b/i],
];

const PLACE_WORDS = new Set(["Lisbon", "Porto", "Berlin", "London", "Paris", "Madrid", "EU", "Europe", "US", "USA", "UK", "India"]);
/** A clause about how things are done now, before the product. */
export const PRESENT_PRACTICE = /\b(?:today|currently|at the moment|right now|for now|these days|at present)\b/i;
/** "We are Klangverket", "our school (Klangverket)": the person's own organisation, not a product they use. */
const OWN = /\b(?:we are|we're|we run|i run|i am|i'm|our)\b/i;

/** The clause around a match: the sentence cut at ; and — and at commas when it is long. */
function clauseAround(sentence: string, at: number): string {
  const parts = sentence.split(/(?<=[;—–])\s+|(?<=,)\s+(?=(?:and |but |so |or )?(?:we|they|it|the|our|no|not|just|only)\b)/);
  let pos = 0;
  for (const p of parts) {
    if (at >= pos && at < pos + p.length + 1) return p.replace(/[;,—–\s]+$/, "").trim();
    pos += p.length + 1;
  }
  return sentence.trim();
}

function isTech(word: string): boolean {
  return TECHS.some((t) => new RegExp(`^(?:${t.pattern})$`, t.caseSensitive ? "" : "i").test(word));
}

/**
 * Products the person named: a capitalised name the tagger does not read as an ordinary
 * word, a place, a language or a technology of the stack ("Booksy", "Eventbrite").
 */
function productsIn(sentence: string, ownName: string, text: string): Array<{ name: string; at: number }> {
  const out: Array<{ name: string; at: number }> = [];
  const ts = tokens(sentence);
  let from = 0;
  ts.forEach((t, i) => {
    const word = t.text.replace(/[.,;:!?)"”’]+$/, "").replace(/^[("“‘]+/, "");
    const at = sentence.indexOf(word, from);
    if (at >= 0) from = at + word.length;
    if (!/^[A-Z][A-Za-z0-9]*(?:[.-][A-Za-z0-9]+)*$/.test(word) || word.length < 3) return;
    const proper = t.tags.has("ProperNoun") || t.tags.has("Organization") || /[a-z][A-Z]/.test(word);
    const ordinary = t.tags.has("Verb") || t.tags.has("Adjective") || t.tags.has("Determiner") || t.tags.has("Pronoun") || t.tags.has("Preposition") || t.tags.has("Conjunction");
    // A capital that only starts the sentence ("Rooms are shared") is an ordinary word, unless it is capitalised elsewhere too.
    const midSentence = new RegExp(`[^.!?\\n]\\s${word}\\b`).test(text);
    if ((i === 0 && !/[a-z][A-Z]/.test(word) && !midSentence) || ordinary || !proper) return;
    // "a SaaS portal", "an ERP": a kind of thing, not a named product ("a Google Sheet" is one).
    const nextWord = ts[i + 1]?.text ?? "";
    if (i > 0 && /^an?$/i.test(ts[i - 1].text) && !/^[A-Z][a-z]/.test(nextWord)) return;
    // A channel ("WhatsApp") is read as a channel, said or ruled out, never as a product.
    if (CHANNELS.some(([, re]) => re.test(word))) return;
    if (t.tags.has("Place") || t.tags.has("Person") || t.tags.has("Language") || PLACE_WORDS.has(word) || Object.hasOwn(LANGUAGE_CODES, word) || isTech(word)) return;
    if (OWN.test(sentence.slice(0, Math.max(0, at)))) return;
    if (ownName && ownName.toLowerCase().includes(word.toLowerCase())) return;
    // "Google Sheet", "Square Appointments": capitalised words side by side are one name.
    const prior = out[out.length - 1];
    if (prior && sentence.slice(prior.at + prior.name.length, at) === " ") prior.name = `${prior.name} ${word}`;
    else out.push({ name: word, at });
  });
  return out;
}

function relationOf(sentence: string, at: number): Requirement["relation"] {
  const before = sentence.slice(Math.max(0, at - 40), at);
  if (/\b(?:integrat\w*|sync\w*|connect\w*|import\w*|export\w*|link\w*|plug\w*|(?:log|sign) ?in with|pay with|through)\b[^.]*$/i.test(before)) return "integrates";
  if (/\b(?:like|than|instead of|unlike|similar to|compared? (?:to|with)|alternative to)\s+$/i.test(before)) return "compares";
  return "uses";
}

/** The stated requirements of the person's text (description, answers, remarks), in the order said. */
export function readRequirements(text: string, ownName = ""): Requirement[] {
  const out: Requirement[] = [];
  const seen = new Set<string>();
  const add = (r: Requirement) => {
    const key = `${r.kind}:${r.name.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(r);
  };
  for (const s of splitSentences(text)) {
    for (const [kind, lexicon] of [["channel", CHANNELS], ["identity", IDENTITY], ["device", DEVICES], ["availability", AVAILABILITY]] as const) {
      for (const [name, re] of lexicon) {
        const m = re.exec(s);
        if (!m) continue;
        // "no SMS", "we don't need an app on tablets": a channel or device ruled out is not required.
        if (kind !== "identity" && kind !== "availability" && /\b(?:no|not|never|without|don't|doesn't)\s+(?:\w+\s+){0,2}$/i.test(s.slice(Math.max(0, m.index - 30), m.index))) continue;
        // "We talk on a WhatsApp group today": how they manage now, not how the product must talk.
        if (kind === "channel" && PRESENT_PRACTICE.test(clauseAround(s, m.index))) continue;
        add({ kind, name, said: clauseAround(s, m.index) });
      }
    }
    // "no Google Analytics" is a ban (read with what the person ruled out), not a product in use.
    for (const p of productsIn(s, ownName, text).filter((p) => !/\b(?:no|not|never|without|don't|doesn't|won't)\s+(?:\w+\s+){0,2}$/i.test(s.slice(Math.max(0, p.at - 30), p.at)))) add({ kind: "product", name: p.name, said: clauseAround(s, p.at), relation: relationOf(s, p.at) });
  }
  return out;
}
