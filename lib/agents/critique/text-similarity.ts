/**
 * A deliberately small, deterministic notion of "two points talk about the same thing":
 * normalized content-word overlap. No embeddings, so results are reproducible in tests
 * and cost nothing at run time.
 */

// Function words and critique boilerplate that would otherwise make unrelated points match.
const STOPWORDS = new Set([
  "a", "an", "the", "and", "or", "but", "of", "to", "in", "on", "at", "by", "for", "with",
  "from", "into", "as", "is", "are", "was", "were", "be", "been", "being", "it", "its",
  "this", "that", "these", "those", "there", "their", "has", "have", "had", "do", "does",
  "should", "could", "would", "can", "may", "might", "must", "will", "not", "no", "very",
  "too", "more", "less", "some", "any", "all", "also", "well", "than", "so", "such",
  "need", "needs", "add", "make", "consider", "critical",
]);

/** Lowercased content words with a naive plural strip ("tests" → "test"). */
export function contentTokens(text: string): Set<string> {
  const tokens = new Set<string>();
  for (const raw of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (raw === "" || STOPWORDS.has(raw)) continue;
    const token = raw.length > 3 && raw.endsWith("s") && !raw.endsWith("ss") ? raw.slice(0, -1) : raw;
    tokens.add(token);
  }
  return tokens;
}

/**
 * Similar when they share at least two content words (or the single word of a one-word
 * point) and the shared words cover at least half of the shorter point. Two words, not
 * one, because a lone shared word ("error", "test") links unrelated remarks too often.
 */
export function areSimilar(a: string, b: string): boolean {
  const ta = contentTokens(a);
  const tb = contentTokens(b);
  const smaller = Math.min(ta.size, tb.size);
  if (smaller === 0) return false;
  const shared = sharedTokens(ta, tb);
  return shared >= Math.min(2, smaller) && shared / smaller >= 0.5;
}

/** How many tokens two sets have in common: the overlap every similarity test here is built on. */
export function sharedTokens(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const token of a) if (b.has(token)) shared += 1;
  return shared;
}

/** Collapses whitespace so untrusted multi-line text cannot break one-line markdown items. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
