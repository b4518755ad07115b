import type { PerspectiveResult } from "./perspective";

/** Name used in the record when every perspective failed (the critique spec's last resort). */
export const DIRECT_READING_NAME = "Direct reading";

const SHORT_WORDS = 50;
const SUBSTANTIAL_WORDS = 300;
const MAX_EMPTY_SECTION_NOTES = 3;
const MARKER = /\b(TODO|TBD|FIXME)\b/g;

interface Heading {
  level: number;
  title: string;
  /** Whether any non-heading text sits under it before the next heading of its level or higher. */
  hasBody: boolean;
}

/** Markdown ATX headings outside fenced code (a `#` comment in a shell block is not a heading). */
function readHeadings(text: string): Heading[] {
  const headings: Heading[] = [];
  let inFence = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      markBody(headings);
      continue;
    }
    const match = inFence ? null : /^(#{1,6})\s+(.+?)(?:\s+#+)?\s*$/.exec(line);
    if (match) {
      headings.push({ level: match[1].length, title: match[2], hasBody: false });
      continue;
    }
    if (line.trim() !== "") markBody(headings);
  }
  return headings;
}

/** Body text belongs to the latest heading and to each enclosing (shallower) heading. */
function markBody(headings: Heading[]): void {
  let level = Number.POSITIVE_INFINITY;
  for (let i = headings.length - 1; i >= 0 && level > 1; i--) {
    if (headings[i].level < level) {
      headings[i].hasBody = true;
      level = headings[i].level;
    }
  }
}

/**
 * The last-resort critique when no perspective could run (the critique spec: "generate basic discussion
 * from direct artifact reading"): structural checks on markdown — length, headings, empty
 * sections, TODO/TBD/FIXME markers. It judges form, not content, so it starts at 4 (not 5).
 */
export function readArtifactDirectly(artifactContent: string): PerspectiveResult {
  const text = artifactContent.trim();
  if (text === "") {
    return {
      strengths: [],
      weaknesses: ["CRITICAL: The artifact is empty"],
      suggestions: ["Write the artifact before asking for critique"],
      rating: 1,
    };
  }

  const strengths: string[] = [];
  const weaknesses: string[] = [];
  const suggestions: string[] = [];
  let rating = 4;

  // Markdown punctuation ("#", "-", "|") is not a word.
  const words = text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
  if (words < SHORT_WORDS) {
    weaknesses.push(`Very short (${words} words)`);
    suggestions.push("Expand the artifact with the detail its readers need");
    rating -= 1;
  } else if (words >= SUBSTANTIAL_WORDS) {
    strengths.push(`Substantial content (${words} words)`);
  }

  const headings = readHeadings(text);
  if (headings.length === 0) {
    weaknesses.push("No headings: the artifact has no visible structure");
    suggestions.push("Organize the artifact into sections with headings");
    rating -= 1;
  } else {
    strengths.push(`Structured into ${headings.length} ${headings.length === 1 ? "section" : "sections"}`);
    if (!headings.some((h) => h.level === 1)) {
      weaknesses.push("Missing a top-level title heading");
      suggestions.push("Add a '# ' title heading");
    }
  }

  const empty = headings.filter((h) => !h.hasBody);
  for (const h of empty.slice(0, MAX_EMPTY_SECTION_NOTES)) {
    weaknesses.push(`Empty section: ${h.title}`);
  }
  if (empty.length > MAX_EMPTY_SECTION_NOTES) {
    weaknesses.push(`${empty.length - MAX_EMPTY_SECTION_NOTES} more empty sections`);
  }
  if (empty.length > 0) {
    suggestions.push("Fill in or remove the empty sections");
    rating -= Math.min(2, empty.length);
  }

  const markers = text.match(MARKER)?.length ?? 0;
  if (markers > 0) {
    weaknesses.push(`${markers} unresolved TODO/TBD/FIXME ${markers === 1 ? "marker" : "markers"}`);
    suggestions.push("Resolve the TODO/TBD/FIXME markers");
    rating -= 1;
  } else {
    strengths.push("No unresolved TODO/TBD/FIXME markers");
  }

  return { strengths, weaknesses, suggestions, rating: Math.max(1, Math.min(5, rating)) };
}
