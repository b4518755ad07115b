// The project in the person's own words: a name, a one-line subject, the features
// they listed, the people involved and the facts their answers give (team, success
// metric, main problem). Writers quote these instead of inventing generic prose.
import {
  isMetaAnswer,
  capitalize,
  lowerFirst,
  normalizeSpace,
  plural,
  sentences,
  stripTrailingPunct,
  titleCase,
  truncate,
  unique,
  withArticle,
} from "../text-utils";
import { isCondition } from "../reading/features";
import { readClauses, ROLE_SINGULAR } from "../reading/read-clauses";
import { readProject } from "../reading/read-project";
import { infinitive, tokens } from "../reading/nlp";

const TOPIC_PATTERNS = {
  team: /\b(developers?|engineers?|devs?|team of|designers?|full-stack|freelancers?|solo|by myself|just me|(?:we(?:'re| are)|it's|it is|just|only) (?:one person|two people)|hire)\b/i,
  skills: /\b(strong in|experienced? (?:with|in)|we know|know(?:s)? \w+ well|familiar with|comfortable with|prefer|our stack|we use|background in|TypeScript|JavaScript|React|Python|Django|Go|Golang|Java|Kotlin|Ruby|Rails|PHP|Laravel|C#|\.NET|Rust|Elixir|Swift|Vue|Angular|Svelte)\b/,
  // A measure the person names, not a schedule ("a weekly lesson" is no goal).
  success: /\b(success|succeed\w*|goal|kpi|target|measured?|retention|we(?:'d| would) be happy|it works if)\b/i,
  problem: /\b(problem|pain|struggle|frustrat\w*|hard to|difficult|issue|trust|today (?:they|we)|currently|waste|slow|error-prone|manual(?:ly)?)\b/i,
  audience: /\b(aged|ages?|users are|buyers are|customers are|audience|retirees|workers|are often|personas?|non-technical|not very technical)\b/i,
  compliance: /\b(GDPR|HIPAA|PCI|COPPA|FERPA|SOC ?2|ISO ?27001|compliance|regulat\w*|law|consent|privacy|personal data|audit)\b/i,
  payments: /\b(pay\w*|card|MB ?Way|invoice|stripe|paypal|commission|pric\w*|fees?|subscri\w*)\b/i,
  scale: /\b(\d[\d,.]*\s*(?:k\b|users|orders|students|players|requests|devices|people|clinics|teams?|engineers|customers|sessions)|concurrent|at peak|scale|thousands|millions)\b/i,
  timeline: /\b(deadline|launch\w*|by (?:january|february|march|april|may|june|july|august|september|october|november|december|q[1-4]|summer|spring|autumn|fall|winter)|within \w+ (?:weeks?|months?)|mvp|budget|€|\$)\b/i,
  platform: /\b(phones?|mobile|tablets?|desktop|browser|ios|android|web app|kiosk|offline)\b/i,
  integration: /\b(integrat\w*|EHR|API|webhook|Slack|existing \w+|import|sync|SSO|Okta|Azure AD|Google Workspace)\b/,
} satisfies Record<string, RegExp>;

/** What an answer sentence is about: one of the topics above. */
export type AnswerTopic = keyof typeof TOPIC_PATTERNS;

export interface AnswerFacts {
  sentences: string[];
  about(topic: AnswerTopic): string[];
  first(topic: AnswerTopic): string | undefined;
}

export interface ProjectProfile {
  /** Title-cased product name, e.g. "Symptom Triage Assistant". */
  name: string;
  /** The first sentence, as a lower-case noun phrase: "a marketplace app that connects …". */
  subject: string;
  /** The head noun phrase: "marketplace app", "live multiplayer quiz game". */
  head: string;
  features: string[];
  /** Sentences that say what must hold ("It must integrate with …"). */
  musts: string[];
  /** Launch scope phrases ("Launching in Lisbon and Porto"). */
  scope: string[];
  /** Phrases with numbers: "up to 40 students", "12% commission", "500 weekly orders". */
  numbers: string[];
  answers: AnswerFacts;
}

const GENERIC_HEAD = new Set(["cli", "command-line", "app", "application", "platform", "tool", "system", "website", "site", "service", "portal", "marketplace", "dashboard", "api", "bot", "product", "software", "solution", "web", "mobile", "new", "simple", "small"]);
const HEAD_STOP = /\s(?:that|which|who|for|to|where|with|connecting|helping|letting|allowing|so|in|on|from|where|built|used|designed|called|named)\s|[,:;—(]| - /i;

function headPhrase(firstSentence: string): string {
  const body = firstSentence.replace(/^(?:we(?:'re| are)? (?:building|making|creating)|i want(?: to build)?|build(?:ing)?|create|make)\s+/i, "").replace(WHO_WE_ARE, "");
  const cut = (body.split(HEAD_STOP)[0] ?? body).split(/\s+/).slice(0, 5).join(" ");
  return normalizeSpace(cut.replace(/^(?:an?|the|our|my)\s+/i, "")).replace(/[.!?]+$/, "");
}

/** "We are", "We run", "I'm": who is speaking, before what the sentence is about. */
// ("so I run …", "Hi! We are …": a greeting or a spoken opener comes first.)
const WHO_WE_ARE = /^(?:(?:so|well|ok(?:ay)?|right|basically|hi|hello|hey|honestly)\b[\s,!]*)*(?:we(?:'re| are)|we run|we own|i run|i own|i'?m|i am|(?:we|i) work (?:at|in|for))\s+/i;
const NAME_SKIP = /^(?:an?|the|our|my|their|its|of|for|and|with|between|over|to|in|on|from|by|small|new|simple)$/i;

/** The noun after "for …" or "that <verb> …": "dashboard for an IoT fleet" → "IoT fleet". */
function objectAfterHead(sentence: string, head: string): string | undefined {
  const rest = sentence.slice(sentence.toLowerCase().indexOf(head.toLowerCase()) + head.length);
  const m = /^\s*(?:for|that \w+|which \w+|to \w+)\s+(.+)$/i.exec(rest);
  if (!m) return undefined;
  const words: string[] = [];
  for (const w of m[1].split(/\s+/)) {
    if (/[,.;:]$/.test(w)) {
      words.push(w.replace(/[,.;:]+$/, ""));
      break;
    }
    if (NAME_SKIP.test(w)) {
      if (words.length) break;
      continue;
    }
    if (/^\d/.test(w)) break;
    words.push(w);
    if (words.length === 2) break;
  }
  return words.length ? words.join(" ") : undefined;
}

function projectName(description: string, first: string, head: string, actor?: string): string {
  const named = /\b(?:called|named)\s+["“']?([A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})/.exec(description);
  if (named) return named[1];
  const words = head.split(/\s+/).slice(0, 5);
  const generic = words.every((w) => GENERIC_HEAD.has(w.toLowerCase()) || /^(?:cli|iot|ai|saas|b2b|web)$/i.test(w));
  if (generic) {
    // A command-line tool is named a CLI after what it works on ("Photos CLI"), never after who uses it.
    const cli = words.some((w) => /^(?:cli|command-line)$/i.test(w));
    const core = cli ? ["CLI"] : words.filter((w) => !["app", "application", "web", "mobile", "new", "simple", "small", "tool"].includes(w.toLowerCase()));
    const object = objectAfterHead(first, head) ?? (cli ? undefined : actor && plural(actor));
    return titleCase([object, ...(core.length ? core : ["App"])].filter(Boolean).join(" "));
  }
  return titleCase(words.join(" "));
}

function splitClauses(text: string): string[] {
  const raw = text
    .split(/;\s*|,\s*(?:(?:and|or|then|while)\b)?\s*|\s+—\s+|\.\s+/)
    .map((c) => c.trim())
    .filter(Boolean);
  const out: string[] = [];
  for (const c of raw) {
    // "photos, descriptions and prices": short fragments belong to the previous clause.
    if (out.length && c.split(/\s+/).length <= 2) out[out.length - 1] += `, ${c}`;
    else out.push(c);
  }
  return out;
}

const SCOPE_LEAD = /^(?:launching|launch|based|available|starting|targeting|rolling out|initially|first in|we start)\b/i;
const MUST = /\b(must|should|has to|have to|needs? to|required?|cannot|can't)\b/i;

function features(description: string, subjectSentence: string): { features: string[]; musts: string[]; scope: string[] } {
  const all = sentences(description);
  const feats: string[] = [];
  const musts: string[] = [];
  const scope: string[] = [];
  const first = all[0] ?? "";
  const colon = first.indexOf(":");
  const rest = all.slice(1);
  if (colon >= 0) feats.push(...splitClauses(first.slice(colon + 1)));
  else {
    const rel = /\b(?:that|which)\s+(.+)$/i.exec(stripTrailingPunct(subjectSentence));
    // "connects" → "connect": a relative clause's lead verb read as a capability.
    if (rel && rel[1].split(/\s+/).length >= 3) feats.push(capitalize(rel[1].replace(/^\w+/, infinitive)));
  }
  for (const s of rest) {
    if (SCOPE_LEAD.test(s)) {
      scope.push(stripTrailingPunct(s));
      continue;
    }
    if (MUST.test(s)) musts.push(stripTrailingPunct(s));
    feats.push(...splitClauses(s));
  }
  const cleaned: string[] = [];
  for (let c of feats.map((f) => stripTrailingPunct(f))) {
    if (SCOPE_LEAD.test(c)) {
      scope.push(c);
      continue;
    }
    // "Must work on an old laptop", "GDPR applies", "no budget": a condition on the product, not something it does.
    if (isCondition(c)) {
      if (!musts.some((m) => m.includes(c.slice(0, 24)))) musts.push(c);
      continue;
    }
    c = c.replace(/^it (?:must|should|has to|needs to|will)\s+/i, "").replace(/^and\s+/i, "");
    // "nurses confirm it" → "nurses confirm the priority" (the last noun of the previous clause).
    if (/\bit$/i.test(c) && cleaned.length) {
      const prev = /\b(?:an?|the)\s+([\w-]+(?:\s[\w-]+)?)$/i.exec(cleaned[cleaned.length - 1]);
      if (prev) c = c.replace(/\bit$/i, `the ${prev[1]}`);
    }
    if (c.split(/\s+/).length >= 2) cleaned.push(capitalize(c));
  }
  return { features: unique(cleaned).slice(0, 10), musts, scope };
}

function numberPhrases(text: string): string[] {
  const re = /(?:\b(?:up to|about|around|over|under|at least|at most|roughly)\s+)?\b\d(?:[\d,.]*\d)?(?:%|k\b)?(?:-[A-Za-z]+)?(?:\s+[A-Za-z][\w-]*){1,2}/gi;
  return unique(
    [...text.matchAll(re)].map((m) => {
      // "40 students join" → "40 students": a plural noun ends the phrase.
      const words = normalizeSpace(m[0]).split(" ");
      const numAt = words.findIndex((w) => /\d/.test(w));
      const first = words[numAt + 1];
      const keep = first && /[^s]s$/i.test(first) ? numAt + 2 : words.length;
      return words.slice(0, keep).join(" ").replace(/[.,;:]$/, "");
    }),
  ).slice(0, 8);
}

function answerFacts(answers: string, actors: string[]): AnswerFacts {
  const ss = sentences(answers).filter((s) => !isMetaAnswer(s));
  // ("Teachers are freelancers": a sentence about the people it serves says nothing of the team that builds it; "two members are software developers" does.)
  const theirs = (s: string) => actors.includes((readClauses(s, false)[0]?.subject?.head ?? "").split(" ").pop()!) && !/\b(?:developers?|engineers?|devs?|programmers?|coders?)\b/i.test(s);
  // "I'm a solo developer" is about the team, never about the audience.
  const about = (t: AnswerTopic) => ss.filter((s) => TOPIC_PATTERNS[t].test(s) && !(t === "audience" && /^(?:i|we|i'm|we're|our)\b/i.test(s)) && !(t === "team" && theirs(s)));
  return { sentences: ss, about, first: (t) => about(t)[0] };
}

export function extractProfile(description: string, answers: string): ProjectProfile {
  // A bulleted description is a list of sentences: each line ends one.
  const desc = normalizeSpace(sentences(description).map((l) => (/[.!?]$/.test(l) ? l : `${l}.`)).join(" "));
  const first = sentences(desc)[0] ?? desc;
  const firstNoColon = first.split(":")[0];
  // "We are a small music school…": the subject is the school, not "a we are…".
  // ("I am volunteer secretary of our allotment association": a speaker's post in an organisation of theirs says which organisation.)
  // ("We are a bakery in our village" stays: a bakery holds no post.)
  const post = (m: string) => /(?:i'?m|i am|we(?:'re| are))\s+$/i.test(WHO_WE_ARE.exec(firstNoColon)?.[0] ?? "") && [...m.matchAll(/[\w-]+/g)].some(([w]) => ROLE_SINGULAR.has(w.toLowerCase()) || tokens(w)[0]?.tags.has("Actor") || /(?:er|or|ary|ist|ian)$/i.test(w));
  const stripped = stripTrailingPunct(firstNoColon.replace(WHO_WE_ARE, "").replace(/^(?:(?:the|a|an)\s+)?(?:[\w-]+\s+){0,2}?(?:of|at|in|for)\s+(?:our|my|an?)\s+(?=\S)/i, (m) => (post(m) ? "" : m)));
  // "Every September we bring in the harvest …": a sentence with its own subject stands as written.
  const [c0] = readClauses(stripped, false);
  const sentence = Boolean(c0?.verb && !c0.copula && (c0.subject || /\b(?:we|i|they|he|she)\b/i.test(c0.text.split(/\s+/).slice(0, 5).join(" "))));
  // ("Our street shares one old van. We need a simple app …": such a sentence names no product; the product is the app they ask for.)
  const asked = sentence ? readClauses(desc, false).flatMap((c) => c.objects).find((o) => GENERIC_HEAD.has(o.head.split(" ").pop()!)) : undefined;
  const head = (sentence ? asked?.head : headPhrase(firstNoColon)) || "project";
  const actors = readProject(desc).actors;
  const facts = answerFacts(answers, actors);
  const subject = truncate(sentence ? stripped : lowerFirst(stripped), 200);
  return {
    name: projectName(desc, firstNoColon, head, actors[0]),
    // ("Twelve households in our street …": a number is its own determiner, never "a twelve"; "escape rooms, 3 rooms in Gdańsk" are many.)
    subject: sentence || /^(?:an?|the|our|my)\s/i.test(subject) || tokens(subject)[0]?.tags.has("Value") || tokens(subject.split(/[,;:(]/)[0]).at(-1)?.tags.has("Plural") ? subject : withArticle(subject),
    head: lowerFirst(head),
    ...features(desc, firstNoColon),
    numbers: numberPhrases(`${desc} ${answers}`),
    answers: facts,
  };
}
