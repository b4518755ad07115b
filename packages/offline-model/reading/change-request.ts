// A change request in the person's words → operations: add, remove, replace or forbid
// a target, with its details ("with a title, body and publish date") and the reason
// they gave. Used for the stack's [C], constitution changes, artifact revisions and
// what the person says into the room. A sentence that asks for nothing recognisable
// is returned as unclear, so the answer can say so instead of guessing.
import { sentences } from "../text-utils";
import { readClauses } from "./read-clauses";

export type ChangeKind = "add" | "remove" | "replace" | "forbid";

export interface ChangeOp {
  op: ChangeKind;
  /** What is added, removed or forbidden; for replace, what goes. */
  target: string;
  /** For replace: what comes in. */
  replacement?: string;
  /** "with a title, body and publish date" → ["title", "body", "publish date"]. */
  details: string[];
  reason?: string;
  /** The words the operation came from. */
  text: string;
}

export interface ChangeRequest {
  ops: ChangeOp[];
  unclear: string[];
}

const clean = (s: string) =>
  s
    .trim()
    .replace(/^(?:the|a|an|any|our|some|all)\s+/i, "")
    .replace(/\s+(?:please|anymore|any more|at all|for now|for this project|in the stack|from the stack|everywhere)$/i, "")
    .replace(/[.!?,;:]+$/, "")
    .trim();

function details(s: string): { target: string; details: string[] } {
  const m = /^(.+?)\s+(?:with|having|that has|containing)\s+(.+)$/i.exec(s);
  if (!m) return { target: clean(s), details: [] };
  return { target: clean(m[1]), details: m[2].split(/\s*,\s*|\s+and\s+/).map(clean).filter(Boolean) };
}

function reasonOf(s: string): { body: string; reason?: string } {
  const m = /^(.*?)(?:,?\s+(?:because|since|as|so that|given that)\s+|\s+[—–-]\s+|:\s+|,\s+(?=(?:it|that|this|which|we|they)\b))(.+)$/i.exec(s);
  if (m && m[1].trim().split(/\s+/).length >= 2) return { body: m[1].trim(), reason: m[2].trim().replace(/[.!]+$/, "") };
  return { body: s.trim() };
}

const PATTERNS: Array<[RegExp, (m: RegExpExecArray) => Omit<ChangeOp, "text" | "details" | "reason">]> = [
  [/^(?:please\s+)?(?:replace|swap|substitute|exchange)\s+(.+?)\s+(?:with|for|by)\s+(.+)$/i, (m) => ({ op: "replace", target: clean(m[1]), replacement: clean(m[2]) })],
  [/^(?:please\s+)?(?:switch|move|migrate|change|go)\s+from\s+(.+?)\s+to\s+(.+)$/i, (m) => ({ op: "replace", target: clean(m[1]), replacement: clean(m[2]) })],
  [/^(?:please\s+)?(?:use|take|pick|choose|go with|prefer)\s+(.+?)\s+(?:instead of|rather than|over|not)\s+(.+)$/i, (m) => ({ op: "replace", target: clean(m[2]), replacement: clean(m[1]) })],
  [/^(.+?)\s+(?:instead of|rather than)\s+(.+)$/i, (m) => ({ op: "replace", target: clean(m[2]), replacement: clean(m[1]) })],
  [/^(?:please\s+)?(?:no|without|never|avoid|forbid|ban|exclude|not)\s+(.+)$/i, (m) => ({ op: "forbid", target: clean(m[1]) })],
  [/^(?:please\s+)?(?:do not|don't|dont)\s+(?:use|add|include|need|want)\s+(.+)$/i, (m) => ({ op: "forbid", target: clean(m[1]) })],
  [/^(?:we|i|they|the team)\s+(?:won't|will not|don't|do not|cannot|can't|never)\s+(?:take|use|accept|handle|need|want|run|do|support|process|have)\s+(.+)$/i, (m) => ({ op: "forbid", target: clean(m[1]) })],
  [/^(?:please\s+)?(?:drop|remove|delete|skip|lose|cut|get rid of|take out|leave out)\s+(.+)$/i, (m) => ({ op: "remove", target: clean(m[1]) })],
  [/^(?:please\s+)?(?:use|add|include|switch to|move to|go with|adopt|support|introduce|we want|i want|we need|i need|let's use|make it|build it (?:in|with)|write it in)\s+(.+)$/i, (m) => ({ op: "add", target: clean(m[1]) })],
];

function pieces(sentence: string): string[] {
  // "TypeScript, no PostGIS, no React Native and no Kubernetes" → one request each.
  return sentence
    .replace(/[.!?]+$/, "")
    .split(/\s*;\s*|,\s*(?:and\s+|but\s+)?(?=(?:please\s+)?(?:no|not|without|never|drop|remove|use|add|replace|swap|switch|avoid|skip|keep|we|i|don't|do not)\b)|\s+(?:and|but)\s+(?=(?:please\s+)?(?:no|not|without|never|drop|remove|use|add|replace|swap|switch|avoid|skip|don't|do not)\b)/i)
    .map((p) => p.trim())
    .filter(Boolean);
}

export function parseChangeRequest(text: string): ChangeRequest {
  const ops: ChangeOp[] = [];
  const unclear: string[] = [];
  for (const sentence of sentences(text, 2)) {
    let any = false;
    for (const raw of pieces(sentence)) {
      const { body, reason } = reasonOf(raw.replace(/^(?:and|but|also|then|ok|okay|please)[,\s]+/i, ""));
      // The first pattern that matches decides; one that leaves no target falls back to the NLP reading.
      const hit = PATTERNS.find(([re]) => re.test(body));
      const base = hit?.[1](hit[0].exec(body)!);
      const d = base && details(base.target);
      // The NLP reading as a fallback: "We don't take payments." is a negated clause.
      const neg = d?.target ? undefined : readClauses(body, false).find((c) => c.negated && c.objects.length);
      if (base && d?.target) ops.push({ ...base, target: d.target, details: d.details, ...(reason ? { reason } : {}), text: raw });
      else if (neg) ops.push({ op: "forbid", target: neg.objects.map((o) => o.text).join(" and "), details: [], ...(reason ? { reason } : {}), text: raw });
      any ||= Boolean(d?.target || neg);
    }
    if (!any) unclear.push(sentence);
  }
  return { ops, unclear };
}
