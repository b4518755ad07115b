// What a change at the stack card replaced, checked mechanically: the technologies of the
// stack before the person's [C] that the approved stack no longer names, the parts of
// the request the revised stack does not carry out, and the passages of a later document
// that still build on a replaced technology. Any model can ignore a change; these checks
// do not depend on the model having listened.
import { splitSentences, type ProposalOutput } from "@inception-party/protocol";

/**
 * Capitalised words that describe rather than name ("Managed PostgreSQL", "Rate limiting",
 * "Next.js 16 (App Router)"): a stack row holds both, and only names are compared.
 */
const GENERIC = new Set(
  `a an the and or with for per plus on of in at to by via no not only using from into
  managed hosted serverless background rate limiting object storage queue queues jobs job search email edge row level
  security feature flags single sign auth authentication authorization app apps router server servers client components
  templates template framework frameworks runtime database platform container containers functions cloud free pro tier
  standard native web mobile api apis rest graphql spa ssr orm lts sdk ui ux ci cd cdn sql nosql http https json jwt
  oauth sso tls ssl mfa otp webhooks webhook payments payment intents errors monitoring logs logging metrics tracing
  observability backups backup cache caching cron scheduler workers worker static site sites files file uploads
  notifications push sms maps map relational document key value store stores primary replica cluster clusters
  deployments deployment preview previews`.split(/\s+/),
);

const TOKEN = /[A-Za-z][\w.+#-]*[\w+#]|[A-Za-z]/g;

/** Product-like names in one stack row: "PostgreSQL 17 with Prisma ORM" → PostgreSQL, Prisma. */
export function namesIn(choice: string): string[] {
  const tokens = choice.match(TOKEN) ?? [];
  // A row that is one lower-case word is a tool's own name (pnpm, uv, pytest).
  if (tokens.length === 1 && !GENERIC.has(tokens[0].toLowerCase())) return tokens;
  return tokens.filter(isName);
}

function isName(t: string): boolean {
  if (GENERIC.has(t.toLowerCase())) return false;
  if (/[.+#-]/.test(t) && /[a-z]/i.test(t)) return true; // Next.js, pg-boss, C#, Fly.io
  return /^[A-Z]/.test(t) && t.length > 1; // TypeScript, Vercel, Django
}

/** The rows of a stack that name technologies (its rationales only argue for them). */
function rows(p: ProposalOutput): string[] {
  return [p.language.choice, p.runtime, p.framework.choice, p.database.choice, ...p.additional.map((a) => a.choice), p.test_runner, p.package_manager];
}

export function technologyNames(p: ProposalOutput): string[] {
  return [...new Set(rows(p).flatMap(namesIn))];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A name as a whole word: "Next.js" at a sentence's end counts, "Next.jsx" or "pg-boss-ui" does not. */
export function nameRegex(name: string, flags = "i"): RegExp {
  return new RegExp(`(?<![\\w.-])${escape(name)}(?![\\w-]|\\.\\w)`, flags);
}

export function mentions(text: string, name: string): boolean {
  return nameRegex(name).test(text);
}

/** Technologies of `before` that `after` no longer names in any of its rows. */
export function replacedTechnologies(before: ProposalOutput, after: ProposalOutput): string[] {
  const now = rows(after).join("\n");
  return technologyNames(before).filter((n) => !mentions(now, n));
}

export interface Replacement {
  name: string;
  /** What takes its place in the approved stack; null when nothing does. */
  by: string | null;
}

const parts = (row: string) => row.replace(/\s*\([^)]*\)/g, "").split(/\s+\+\s+|\s+with\s+|,\s+/).map((x) => x.trim()).filter(Boolean);

/**
 * Each replaced technology with what took its place: the same row's part in the approved
 * stack ("Next.js 16" → "Django 5.2"), or the service added for the same reason.
 */
export function replacements(before: ProposalOutput, after: ProposalOutput): Replacement[] {
  const slot = (p: ProposalOutput) => [p.language.choice, p.runtime, p.framework.choice, p.database.choice, p.test_runner, p.package_manager];
  const [b, a] = [slot(before), slot(after)];
  return replacedTechnologies(before, after).map((name) => {
    for (let i = 0; i < b.length; i++) {
      const old = parts(b[i]);
      const j = old.findIndex((x) => mentions(x, name));
      if (j < 0) continue;
      const now = parts(a[i]);
      const taken = now[j] ?? now[0];
      if (!taken) return { name, by: null };
      // Words the two parts share ("ORM" in "Prisma ORM" → "Django ORM") stay where they are.
      const shared = new Set((old[j].match(TOKEN) ?? []).map((t) => t.toLowerCase()));
      const by = (taken.match(/\S+/g) ?? []).filter((t) => !shared.has(t.toLowerCase())).join(" ");
      return { name, by: by || taken };
    }
    const gone = before.additional.find((x) => mentions(x.choice, name));
    const successor = gone && after.additional.find((x) => x.rationale === gone.rationale && !before.additional.some((y) => y.choice === x.choice));
    return { name, by: successor ? successor.choice.replace(/\s*\([^)]*\)/g, "") : null };
  });
}

/** A sentence that records the change ("Django replaces Next.js") is history, not a use. */
const RECORDS_CHANGE = /\b(?:replac\w*|instead of|rather than|rejected|ruled out|no longer|dropped|removed|switch\w* (?:away )?from|moved? (?:away )?from|in place of)\b|→|->/i;

export interface StalePassage {
  name: string;
  sentence: string;
}

/** Sentences of a document that still build on a replaced technology, one per sentence. */
export function stalePassages(text: string, replaced: readonly string[]): StalePassage[] {
  if (!replaced.length) return [];
  const out: StalePassage[] = [];
  for (const sentence of splitSentences(text)) {
    if (RECORDS_CHANGE.test(sentence)) continue;
    const name = replaced.find((n) => mentions(sentence, n));
    if (name) out.push({ name, sentence: sentence.length > 200 ? `${sentence.slice(0, 197)}…` : sentence });
  }
  return out;
}

/** Words in a request that ask for a thing to go: "no Kubernetes", "drop Redis", "instead of Vercel". */
const REMOVAL = /\b(?:no|not|without|drop|remove|avoid|never|instead of|rather than|replace|except)\s+(?:using\s+|use\s+|the\s+|a\s+)?$/i;

export interface UnhonouredPart {
  name: string;
  reason: string;
}

/**
 * The technologies the person named in their change that the revised stack does not
 * carry out: asked for but absent, or asked away but still there. The proposer's own
 * explanation, when a sentence of it names the technology, is the reason shown.
 */
export function unhonouredParts(request: string, after: ProposalOutput, explanation: string, before?: ProposalOutput): UnhonouredPart[] {
  const now = rows(after).join("\n");
  const known = `${now}\n${before ? rows(before).join("\n") : ""}`;
  const out: UnhonouredPart[] = [];
  const seen = new Set<string>();
  for (const m of request.matchAll(TOKEN)) {
    const word = m[0];
    if (!isName(word) || seen.has(word.toLowerCase())) continue;
    // A sentence's first word is capitalised without being a name ("Drop Redis", "Replace
    // PostgreSQL"): there it counts only when one of the two stacks names it.
    const opensSentence = /(?:^|[.!?;:]\s*)$/.test(request.slice(0, m.index).trimEnd());
    if (opensSentence && /^[A-Z][a-z]+$/.test(word) && !mentions(known, word)) continue;
    seen.add(word.toLowerCase());
    const removal = REMOVAL.test(request.slice(Math.max(0, m.index - 24), m.index));
    const present = mentions(now, word);
    if (present !== removal) continue;
    const said = splitSentences(explanation).find((s) => mentions(s, word));
    out.push({
      name: word,
      reason: said ?? (removal ? `the revised stack still has ${word}, and the team gave no reason` : `the revised stack does not include ${word}, and the team gave no reason`),
    });
  }
  return out;
}
