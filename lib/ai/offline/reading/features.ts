// Features and the main pain, in the person's words, from the clauses the reader found:
// "members reserve plots, log harvests" → "Members reserve plots", "Members log
// harvests" (the carried-over subject is written out, nothing is split mid-word).
import { capitalize } from "../text-utils";
import type { Reading } from "./read-project";

const PRODUCT = /^(?:app|application|platform|system|tool|website|site|service|product|software|marketplace|assistant|game|dashboard|portal|bot|cli)$/;

export function featuresFromReading(reading: Reading, description: string): string[] {
  const out: string[] = [];
  for (const c of reading.clauses) {
    if (!c.verb || c.negated || c.copula || c.relative || !description.includes(c.sentence.slice(0, 20))) continue;
    if (!c.objects.length && !c.extras.length) continue;
    let text = c.text.replace(/^(?:and|or|then|also)\s+/i, "").replace(/[.;,:]+$/, "");
    const subjectWord = c.subject?.head.split(" ").pop() ?? "";
    if (c.subjectInherited && c.subject && !PRODUCT.test(subjectWord)) {
      const who = c.subject.text.toLowerCase();
      if (!text.toLowerCase().startsWith(who)) text = `${who} ${text}`;
    }
    // "fixers list skills and pick jobs" already says "pick jobs".
    if (out.some((f) => f.toLowerCase().includes(c.text.toLowerCase()))) continue;
    if (text.split(/\s+/).length >= 2) out.push(capitalize(text));
  }
  return [...new Set(out)].slice(0, 10);
}

/** The pain the person called the worst: a whole sentence from their answers or description. */
export function mainPain(reading: Reading): string | undefined {
  return reading.pains[0];
}

/** Words of the pain's subject ("watering rota"), to put the feature that cures it first. */
export function painTopic(reading: Reading): string[] {
  const pain = reading.pains[0];
  if (!pain) return [];
  const c = reading.clauses.find((x) => x.sentence === pain && x.subject);
  const words = (c?.subject?.head ?? "").split(" ").filter((w) => w.length > 3 && !/^(?:people|everyone|team|members?|users?)$/.test(w));
  return words;
}
