// Keywords → domain traits (payments, health data, real-time, minors, ...) plus the
// region. A phrase counts once; a negated phrase ("no payments", "without chat")
// does not count, so "we don't need real-time" doesn't summon a WebSocket layer.
import { TRAITS, type TraitId } from "./domain-catalog";
import { detectRegion, type Region } from "./regions";

export type { TraitId } from "./domain-catalog";

export interface DomainTraits {
  ids: ReadonlySet<TraitId>;
  has(id: TraitId): boolean;
  any(...ids: TraitId[]): boolean;
  /** Traits only hinted at ("students" for children): the team asks about them instead of stating them. */
  unsure: ReadonlySet<TraitId>;
  /** The phrases that revealed each trait, as written by the person. */
  evidence: Partial<Record<TraitId, string[]>>;
  region: Region;
}

const NEGATION = /\b(?:no|not|never|nothing|without|don't|doesn't|won't|isn't|aren't|nor|neither|n't)\b[^.;,:!?]{0,24}$/i;

/** "we already take card payments with sumup": what is done today, with a tool they keep, is no need of the product either. */
const DONE_TODAY = /\b(?:already|currently)\s+(?:[\w-]+\s+){0,2}$/i;

function findPhrases(text: string, source: string): string[] {
  const re = new RegExp(`(?<![A-Za-z0-9])(?:${source})(?![A-Za-z0-9])`, "gi");
  return [...text.matchAll(re)].filter((m) => ![NEGATION, DONE_TODAY].some((re) => re.test(text.slice(Math.max(0, m.index - 40), m.index)))).map((m) => m[0]);
}

export function detectDomain(text: string): DomainTraits {
  const ids = new Set<TraitId>();
  const unsure = new Set<TraitId>();
  const evidence: Partial<Record<TraitId, string[]>> = {};
  const region = detectRegion(text);

  for (const t of TRAITS) {
    let score = 0;
    let strong = false;
    const phrases: string[] = [];
    for (const [list, weight] of [
      [t.strong, 2],
      [t.weak ?? [], 1],
    ] as const) {
      for (const p of list) {
        const hits = findPhrases(text, p);
        if (hits.length) {
          score += weight;
          strong ||= weight === 2;
          phrases.push(hits[0]);
        }
      }
    }
    if (score >= (t.threshold ?? 2)) {
      if (strong || !t.saidOnly) ids.add(t.id);
      else unsure.add(t.id);
      evidence[t.id] = phrases;
    }
  }

  // Dependencies between traits: a triage rule set is clinical only with health data; an EHR integration means health data even if the word "patient" never appears.
  if (ids.has("ehr_integration")) ids.add("health");
  if (!ids.has("health")) ids.delete("clinical_decision");
  if (ids.has("game") && ids.has("realtime") === false && /multiplayer|live/i.test(text)) ids.add("realtime");
  if (ids.has("minors") && /\b(universit\w*|college|adults? only|grown-ups?|18\+)\b/i.test(text) && !/\b(kids?|children|minors?|pupils?|k-12)\b/i.test(text)) {
    ids.delete("minors");
    unsure.delete("minors");
  }
  if (ids.has("cli")) ids.delete("mobile");
  // A "website" with payments, accounts or live features is an application, not a simple site.
  if (ids.has("simple_site") && [...ids].some((i) => ["payments", "marketplace", "realtime", "health", "internal_tool", "multi_tenant", "iot", "ai", "education", "scheduling", "messaging", "social", "ecommerce"].includes(i))) ids.delete("simple_site");
  if (ids.has("video_calls")) ids.add("realtime");

  return {
    ids,
    unsure,
    has: (id) => ids.has(id),
    any: (...xs) => xs.some((x) => ids.has(x)),
    evidence,
    region,
  };
}
