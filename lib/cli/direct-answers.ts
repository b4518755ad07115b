// Direct mode (no TTY, or -I): nobody is asked. Every input request gets an
// answer here — approvals are accepted, and the team's questions are answered from what
// the description itself says, question by question, so the agents work from the
// person's words rather than a canned reply.
import type { InputRequestData } from "../party/events";
import { describeProject, type ProjectFacts } from "./describe-project";
import type { Mode } from "../vocabulary";
import { parseInputDetails } from "../vocabulary/input-kinds";
import { encodeWalkthroughAnswer, recommendedChoices, WALKTHROUGH_CONFIRM, WALKTHROUGH_KEYS } from "../vocabulary/walkthrough-review";

export interface Answer {
  selection: string | null;
  text: string | null;
}

export interface QuestionGroup {
  agent?: string;
  name?: string;
  title?: string;
  questions: Array<{ n: number; text: string }>;
}

const MAX_ANSWER = 7900;

const quote = (s: string) => `“${s}”`;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
function list(xs: string[]): string {
  if (xs.length <= 1) return xs.join("");
  return `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;
}

const STOP = new Set(
  "what which who whom whose when where why how does do did your you that this with from have has will would should could there their them they about into than then also just like need want make many much more most some such only over what's it's".split(
    " ",
  ),
);
const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9äöüßéèàç]+/)
    .filter((w) => w.length > 3 && !STOP.has(w));

function matching(clauses: string[], re: RegExp): string[] {
  return clauses.filter((c) => re.test(c));
}

/** The clauses sharing most words with the question (nothing if none shares any). */
function closest(question: string, clauses: string[], n = 2): string[] {
  const q = new Set(words(question).map((w) => w.replace(/s$/, "")));
  return clauses
    .map((c, i) => ({ c, i, score: words(c).filter((w) => q.has(w.replace(/s$/, ""))).length }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, n)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.c);
}

function whatTheyDo(f: ProjectFacts): string {
  return f.features.length ? list(f.features.map(quote)) : f.product ? quote(f.product) : "what the description lists";
}

type Topic = { name: string; re: RegExp; answer: (f: ProjectFacts) => string };

const TOPICS: Topic[] = [
  {
    name: "payments",
    re: /\b(pay|payments?|card|billing|pci|stripe|checkout|subscriptions?|pricing|price|invoic\w*)\b/i,
    answer: (f) => {
      const pay = matching(f.clauses, /\b(pay\w*|card|billing|subscription\w*|price\w*|pricing|checkout|invoic\w*|fees?|stripe)\b/i);
      return pay.length
        ? `${cap(pay.join("; "))} — yes: let a payment provider hold the card data, and store none of it here.`
        : "The description does not mention payments: leave them out of the first version.";
    },
  },
  {
    name: "data",
    re: /\b(personal data|privacy|gdpr|hipaa|retention|retain|sensitive|regulat\w*|compliance|legal|consent|industry standard)\b/i,
    answer: (f) => {
      const rules = matching(f.constraints, /\b(gdpr|hipaa|privacy|private|personal|data|consent|encrypt\w*|secur\w*|compliant|compliance|eu|europe\w*)\b/i);
      const keep = `Keep only the personal data needed for ${whatTheyDo(f)}, for as long as the account is active.`;
      return rules.length ? `${cap(rules.join("; "))}. ${keep}` : `The description names no regulation. ${keep}`;
    },
  },
  {
    name: "where",
    re: /\b(countr(?:y|ies)|regions?|jurisdictions?|markets?|located|data residency|where will)\b/i,
    answer: (f) => {
      const rules = matching(f.constraints, /\b(eu|europe\w*|region|countr\w*|local\w*|residen\w*)\b/i);
      const where = f.places.length ? `It will be used in ${list(f.places)}.` : "The description names no country.";
      return rules.length ? `${where} ${cap(rules.join("; "))}.` : where;
    },
  },
  {
    name: "scale",
    re: /\b(how many|volume|busiest|peak|scale|load|traffic|concurrent)\b/i,
    answer: (f) =>
      f.numbers.length
        ? `From the description: ${f.numbers.map(quote).join("; ")}.`
        : `The description gives no numbers: plan for a first launch${f.audience ? ` with ${f.audience}` : ""} and keep the design able to grow.`,
  },
  {
    name: "tech",
    re: /\b(languages?|frameworks?|cloud|tech stack|technolog\w*|hosting|infrastructure|already know|must not use)\b/i,
    answer: (f) =>
      f.tech.length
        ? `The description names ${list(f.tech)}: use ${f.tech.length > 1 ? "them" : "it"}; nothing else is ruled out.`
        : `No technology is prescribed or ruled out; choose what fits ${f.constraints.length ? list(f.constraints.map(quote)) : "a small team shipping a first version"}.`,
  },
  {
    name: "platform",
    re: /\b(app store|play store|mobile|phones?|native|web page|browser|desktop|platforms?|devices?|tablets?|offline|install)\b/i,
    answer: (f) => {
      const where = matching(f.clauses, /\b(mobile|phones?|tablets?|ios|android|app store|native|browsers?|web|desktop|offline)\b/i);
      if (!where.length) return "The description names no platform: a web app that works in any browser is enough for the first version.";
      const native = where.some((c) => /\b(ios|android|app store|native)\b/i.test(c));
      return `${cap(where.join("; "))}. ${native ? "That asks for a native app." : "A responsive web app covers that; the description does not ask for an app-store app."}`;
    },
  },
  {
    name: "today",
    re: /\b(tried|alternatives?|competitors?|instead|today|currently|existing|spreadsheets?|workaround|switch)\b/i,
    answer: (f) => {
      const today = matching(f.clauses, /\b(today|currently|now|instead|spreadsheets?|paper|email|manual\w*|existing)\b/i);
      return today.length
        ? `From the description: ${today.map(quote).join("; ")}.`
        : `The description names no tool they use today; what it asks for is ${whatTheyDo(f)}.`;
    },
  },
  {
    name: "success",
    re: /\b(success|succeed|metric|measure|kpi|goal|outcome|worked|tells you)\b/i,
    answer: (f) =>
      `It works when ${f.users.length ? list(f.users) : "its users"} rely on it for ${whatTheyDo(f)}. The description sets no numeric target, so take the team's proposal (for example weekly active use).`,
  },
  {
    name: "constraints",
    re: /\b(constraints?|deadline|budget|timeline|risks?|limits?)\b/i,
    answer: (f) => (f.constraints.length ? `${cap(f.constraints.join("; "))}.` : "The description names no deadline, budget or other constraint."),
  },
  {
    name: "users",
    re: /(^|\s)who\b|\b(audience|personas?|target (?:users|customers|group))\b/i,
    answer: (f) => {
      if (!f.users.length && !f.audience) return `The description does not name the users beyond ${quote(f.clauses[0] ?? "the project")}.`;
      const acts = f.features.filter((c) => f.users.some((u) => c.toLowerCase().includes(u)));
      return [
        f.users.length ? `The users are ${list(f.users)}` : "",
        f.audience ? `${f.users.length ? " — " : "It is "}for ${f.audience}` : "",
        ".",
        acts.length ? ` ${cap(acts.join("; "))}.` : "",
      ].join("");
    },
  },
  {
    name: "priority",
    re: /\b(most|first version|first release|priority|prioriti[sz]e|mvp|core|hurts?|shine|must-have|scope|important|main)\b/i,
    answer: (f) => {
      if (!f.features.length) return `Start with the heart of it: ${f.product ? quote(f.product) : "what the description asks for"}.`;
      const [first, ...rest] = f.features;
      return `Start with ${quote(first)}: it comes first in the description${rest.length ? `, then ${list(rest.map(quote))}` : ""}.`;
    },
  },
];

/** The topic a part of a question is about: the one whose keyword comes first in it. */
function topicOf(part: string): Topic | null {
  let best: { t: Topic; at: number } | null = null;
  for (const t of TOPICS) {
    const at = part.search(t.re);
    if (at >= 0 && (!best || at < best.at)) best = { t, at };
  }
  return best?.t ?? null;
}

/**
 * One question, answered from the facts. Questions are often two in one ("Who are the
 * first users, and what do they use today?"): each part gets its topic's answer, at most
 * two. Text the question quotes from the description is not read as its topic.
 */
export function answerQuestion(facts: ProjectFacts, question: string): string {
  const own = question.replace(/“[^”]*”|"[^"]*"/g, " ");
  const parts = own.split(/,\s*(?:and|or)\s+(?=(?:what|which|how|who|when|where|is|are|do|does|in which|for)\b)|\?\s+|;\s+/i);
  const topics: Topic[] = [];
  for (const p of parts) {
    const t = topicOf(p);
    if (t && !topics.includes(t)) topics.push(t);
  }
  if (topics.length) return topics.slice(0, 2).map((t) => t.answer(facts)).join(" ");
  const near = closest(question, facts.clauses);
  if (near.length) return `From the description: ${near.map(quote).join("; ")}.`;
  return `The description does not say; decide it for ${facts.product ? quote(facts.product) : "the project"}${facts.audience ? ` for ${facts.audience}` : ""}.`;
}

function summary(f: ProjectFacts): string {
  const parts = [
    f.users.length || f.audience ? `users: ${[list(f.users), f.audience ? `(${f.audience})` : ""].filter(Boolean).join(" ")}` : "",
    f.features.length ? `what they do: ${f.features.join("; ")}` : "",
    f.constraints.length ? `constraints: ${f.constraints.join("; ")}` : "",
  ].filter(Boolean);
  return parts.length ? `In short — ${parts.join(". ")}.`.replace(/\. ([a-z])/g, (_, c: string) => `. ${c.toUpperCase()}`) : "";
}

/**
 * The vision questions answered one by one from the description. Without questions (a
 * request that brings none), a summary of what the description says.
 */
export function visionAnswer(description: string, groups: QuestionGroup[]): string {
  const facts = describeProject(description);
  const questions = groups.flatMap((g) => g.questions);
  const lines = ["Direct mode: these answers are derived from the project description.", ""];
  for (const q of questions) lines.push(`${q.n}. ${answerQuestion(facts, q.text)}`);
  if (questions.length === 0) lines.push(summary(facts) || description.trim());
  const text = lines.join("\n");
  return text.length <= MAX_ANSWER ? text : `${text.slice(0, MAX_ANSWER - 1).trimEnd()}…`;
}

function groupsOf(details: unknown): QuestionGroup[] {
  const groups = (details as { groups?: unknown } | null)?.groups;
  if (!Array.isArray(groups)) return [];
  return groups
    .filter((g): g is QuestionGroup => !!g && Array.isArray((g as QuestionGroup).questions))
    .map((g) => ({ ...g, questions: g.questions.filter((q) => typeof q?.text === "string" && typeof q?.n === "number") }));
}

const keyWhere = (req: InputRequestData, re: RegExp) => req.options.find((o) => re.test(o.label))?.key;

/** Answers every request kind without asking; keeps the count of retries per failed phase. */
export class DirectAnswerer {
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly description: string,
    private readonly mode: Mode | null,
  ) {}

  answer(req: InputRequestData): Answer {
    const first = req.options[0]?.key ?? null;
    switch (req.kind) {
      case "mode":
        return { selection: this.mode === "classic" ? "2" : "1", text: null };
      case "vision_questions":
        return { selection: null, text: visionAnswer(this.description, groupsOf(req.details)) };
      case "stack_approval":
        return { selection: keyWhere(req, /^yes/i) ?? "Y", text: null };
      case "constitution_review":
        return { selection: "1", text: null };
      case "walkthrough": {
        // Every step's recommended choice, but "what next?" is "done": a scripted run ends here.
        const review = parseInputDetails("walkthrough", req.details);
        if (review?.step === "review") {
          const rec = recommendedChoices(review.steps);
          const choices = rec.next ? { ...rec, next: { ...rec.next, choice: WALKTHROUGH_KEYS.next.done } } : rec;
          return { selection: WALKTHROUGH_CONFIRM.key, text: encodeWalkthroughAnswer(review.steps, choices) };
        }
        return { selection: keyWhere(req, /\bdone\b/i) ?? first, text: null };
      }
      case "phase_failure": {
        const phase = JSON.stringify((req.details as { phase?: unknown } | null)?.phase ?? req.title);
        const seen = this.failures.get(phase) ?? 0;
        this.failures.set(phase, seen + 1);
        if (seen === 0) return { selection: keyWhere(req, /^retry/i) ?? first, text: null };
        return { selection: keyWhere(req, /^cancel/i) ?? req.options[req.options.length - 1]?.key ?? null, text: null };
      }
      default:
        return req.options.length ? { selection: first, text: null } : { selection: null, text: visionAnswer(this.description, []) };
    }
  }
}
