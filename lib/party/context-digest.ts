// Compact, orchestrator-written stand-ins for long context a call needs only in outline:
// the documents of earlier phases become their headings with each section's first
// sentence, and a JSON section is sent without indentation. Nothing here calls a model.
import type { Sections, TaskKey } from "@inception-party/protocol";

const FIRST_SENTENCE_CHARS = 220;

function firstSentence(body: string): string {
  const text = body
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/^\s*[|>#-].*$/gm, (l) => (l.trim().startsWith("-") ? l.replace(/^\s*-\s*/, "") : " "))
    .replace(/\s+/g, " ")
    .trim();
  const m = /^(.{20,}?[.!?])(\s|$)/.exec(text);
  const s = m ? m[1] : text;
  return s.length > FIRST_SENTENCE_CHARS ? `${s.slice(0, FIRST_SENTENCE_CHARS - 1)}…` : s;
}

/** One markdown document as its title and `## ` sections, each with its first sentence. */
export function documentDigest(markdown: string): string {
  const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim();
  const heads = [...markdown.matchAll(/^##\s+(.+?)\s*$/gm)];
  const lines = heads.map((h, i) => {
    const body = markdown.slice(h.index + h[0].length, heads[i + 1]?.index ?? markdown.length);
    const gist = firstSentence(body);
    return `- ${h[1]}${gist ? `: ${gist}` : ""}`;
  });
  return [title ? `${title} (outline)` : "Document (outline)", ...lines].join("\n");
}

/** Several documents joined with `---` (as phases pass them) → their outlines. */
export function documentsDigest(joined: string): string {
  return joined
    .split(/\n\s*---\s*\n/)
    .filter((d) => d.trim())
    .map(documentDigest)
    .join("\n\n");
}

/** Tasks that need the earlier documents only as background: they get outlines. */
const OUTLINE_ARTIFACTS: ReadonlySet<TaskKey> = new Set<TaskKey>(["constitution.draft", "constitution.revise", "skills.report"]);


/** What a call is sent, given what its phase passed: outlines where the task needs no more, compact JSON. */
export function economize(task: TaskKey, sections: Sections): Sections {
  const out: Sections = { ...sections };
  if (out.artifact_content && OUTLINE_ARTIFACTS.has(task)) out.artifact_content = documentsDigest(out.artifact_content);
  if (out.tech_stack) out.tech_stack = compactJson(out.tech_stack);
  return out;
}

function compactJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text; // not JSON: it goes into the digest as written
  }
}
