// Technologies the person named, split into wanted and unwanted. "Use MySQL instead
// of PostgreSQL" wants MySQL and rejects PostgreSQL; "no Redis" rejects Redis.
import { TECHS, techPattern, type Tech } from "./tech-catalog";
import type { Family } from "./family-profiles";

export interface Preferences {
  family?: Family;
  framework?: Tech;
  database?: Tech;
  hosting?: Tech;
  /** Services asked for by name (Redis, Sentry, ...). */
  add: Tech[];
  avoid: Tech[];
  /** The sentence that named the family or framework, to quote in rationales. */
  familyEvidence?: string;
  /** "Runs on a single small server", "self-hosted": the sentence that pins deployment to one machine. */
  singleServer?: string;
  /** "households pay with M-Pesa": the way people pay, as the person named it. */
  payWith?: string;
}

const ONE_MACHINE = /\b(?:(?:a|one)\s+)?(?:single|one)\s+(?:small\s+|cheap\s+|little\s+|old\s+)?(?:server|vps|machine|box|droplet|raspberry pi)\b|\bself[- ]host(?:ed|ing)?\b|\bon[- ]prem(?:ise|ises)?\b/i;

const NEGATIVE_LEAD = /\b(?:no|not|without|avoid|drop|remove|don't use|do not use|get rid of|except|other than|instead of|rather than|never)\s+(?:\w+\s+){0,2}$/i;

/** "replace X with Y", "switch from X to Y": X is rejected even though no negation word precedes it. */
function rejectedSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const re of [/\b(?:replace|swap|substitute)\s+(.+?)\s+(?:with|for|by)\s/gi, /\b(?:switch|move|migrate|change|go)\s+(?:away\s+)?from\s+(.+?)(?:\s+to\s|[.;,]|$)/gi]) {
    for (const m of text.matchAll(re)) {
      const start = m.index + m[0].indexOf(m[1]);
      spans.push([start, start + m[1].length]);
    }
  }
  return spans;
}

export function detectPreferences(text: string): Preferences {
  const prefs: Preferences = { add: [], avoid: [], payWith: /\bpa(?:y|ys|id|ying)(?: (?!with|via|through|using)[\w-]+){0,3} (?:with|via|through|using) ([A-Z][\w-]*\w(?: [A-Z][\w-]*\w)?)/.exec(text)?.[1] };
  const spans = rejectedSpans(text);
  const wanted: { tech: Tech; index: number }[] = [];
  for (const tech of TECHS) {
    for (const { index } of text.matchAll(techPattern(tech, "gm"))) {
      const before = text.slice(Math.max(0, index - 40), index);
      const rejected = NEGATIVE_LEAD.test(before) || spans.some(([a, b]) => index >= a && index < b);
      if (rejected) {
        if (!prefs.avoid.includes(tech)) prefs.avoid.push(tech);
      } else wanted.push({ tech, index });
    }
  }
  // A later explicit wish wins over an earlier mention ("we know Python, but use Go").
  wanted.sort((a, b) => a.index - b.index);
  for (const { tech, index } of wanted) {
    if (prefs.avoid.includes(tech)) continue;
    const sentence = text.slice(text.lastIndexOf("\n", index) + 1).split(/(?<=[.!?])\s/)[0];
    if (tech.kind === "framework" || tech.kind === "family") {
      // A language the named framework is written in adds nothing; another language drops the framework.
      if (tech.kind === "family" && prefs.framework?.family === tech.family) continue;
      prefs.framework = tech.kind === "framework" ? tech : undefined;
      prefs.family = tech.family;
      prefs.familyEvidence = sentenceAround(text, index) ?? sentence;
    } else if (tech.kind === "database") prefs.database = tech;
    else if (tech.kind === "hosting") prefs.hosting = tech;
    else if (!prefs.add.includes(tech)) prefs.add.push(tech);
  }
  for (const m of text.matchAll(new RegExp(ONE_MACHINE.source, "gi"))) {
    if (NEGATIVE_LEAD.test(text.slice(Math.max(0, m.index - 40), m.index))) continue;
    prefs.singleServer = sentenceAround(text, m.index) ?? m[0];
    break;
  }
  return prefs;
}

function sentenceAround(text: string, index: number): string | undefined {
  // A stop ends a sentence only before a space: "Python 3.13" is one sentence.
  const before = text.slice(0, index);
  const start = Math.max(...[...before.matchAll(/[.!?](?=\s)|\n/g)].map((m) => m.index + 1), 0);
  const rest = text.slice(index);
  const endRel = rest.search(/[.!?](?=\s|$)|\n/);
  const s = text.slice(start, endRel < 0 ? text.length : index + endRel).trim();
  return s || undefined;
}
