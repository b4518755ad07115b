import { z } from "zod";
import { critiqueErrorFromZod } from "./critique-error";
import type { Verdict } from "./consensus";
import type { DivergentPoint } from "./divergence";
import type { ActionItem, ConvergentTheme } from "./synthesize";
import { oneLine } from "./text-similarity";

/** Round ids become file names, so keep them to a safe, lowercase slug. */
export const RoundIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, {
    error: "must match ^[a-z0-9][a-z0-9-]{0,62}$ (lowercase letters, digits and hyphens, 1-63 characters)",
  });

/**
 * The critique spec writes `<session-folder>/discussions/<round-id>-discussion.md`; the session
 * folder is the party's artifact namespace, so the path is relative to it.
 */
export function discussionRecordPath(roundId: string): string {
  return `discussions/${parseRoundId(roundId)}-discussion.md`;
}

function parseRoundId(roundId: string): string {
  const parsed = RoundIdSchema.safeParse(roundId);
  if (!parsed.success) throw critiqueErrorFromZod("invalid_input", "Invalid round id", parsed.error, ["roundId"]);
  return parsed.data;
}

/**
 * Where a rating came from: the perspective's own model, the default-model fallback
 * (one perspective failed), or the direct reading (every perspective failed).
 */
export type RatingSource = "perspective" | "fallback" | "direct-reading";

export interface RecordRating {
  name: string;
  rating: number;
  /** True for `fallback` and `direct-reading`. */
  usedFallback: boolean;
  source: RatingSource;
}

export interface DiscussionRecordInput {
  roundId: string;
  artifactPath: string;
  /** Names for the `**Perspectives**` line, already annotated (e.g. "Clarity (failed)"). */
  perspectives: string[];
  verdict: Verdict;
  averageRating: number;
  convergentThemes: ConvergentTheme[];
  divergentViews: DivergentPoint[];
  actionItems: ActionItem[];
  ratings: RecordRating[];
}

/** One decimal place, as in `3.7/5`. */
export function formatAverage(average: number): string {
  return average.toFixed(1);
}

export function formatTheme(theme: ConvergentTheme): string {
  const label = theme.kind === "strength" ? "Strength" : "Weakness";
  return `${label}: ${oneLine(theme.text)} (${theme.perspectives.join(", ")})`;
}

export function formatDivergentView(point: DivergentPoint): string {
  return `**${oneLine(point.topic)}** (${point.severity}): ${oneLine(point.description)}`;
}

export function formatActionItem(item: ActionItem): string {
  return `${oneLine(item.text)} (${item.perspectives.join(", ")})`;
}

/**
 * A fallback row is marked so readers know the perspective's own model did not answer;
 * a `|` in a name would split the table cell, so it is escaped.
 */
function ratingName(rating: RecordRating): string {
  const name = rating.source === "fallback" ? `${rating.name} (fallback)` : rating.name;
  return oneLine(name).replace(/\|/g, "\\|");
}

/**
 * Renders the critique spec's "Discussion Record Format" exactly. An empty section shows `- None` so
 * every heading keeps a body and readers can tell "nothing found" from "not rendered".
 * Item text is collapsed to one line: perspective output is untrusted and a newline
 * could otherwise inject headings into the record.
 */
export function renderDiscussionRecord(input: DiscussionRecordInput): string {
  const roundId = parseRoundId(input.roundId);
  const bullets = (items: string[]) => (items.length === 0 ? ["- None"] : items.map((item) => `- ${item}`));
  const numbered = (items: string[]) =>
    items.length === 0 ? ["- None"] : items.map((item, i) => `${i + 1}. ${item}`);

  const lines = [
    `# Discussion Record: ${roundId}`,
    "",
    `**Artifact**: ${oneLine(input.artifactPath)}`,
    `**Perspectives**: ${input.perspectives.map(oneLine).join(", ")}`,
    `**Consensus**: ${input.verdict === "consensus_reached" ? "reached" : "blocked"}`,
    `**Average Rating**: ${formatAverage(input.averageRating)}/5`,
    "",
    "## Convergent Themes",
    ...bullets(input.convergentThemes.map(formatTheme)),
    "",
    "## Divergent Views",
    ...bullets(input.divergentViews.map(formatDivergentView)),
    "",
    "## Action Items",
    ...numbered(input.actionItems.map(formatActionItem)),
    "",
    "## Ratings",
    "| Perspective | Rating |",
    "|-------------|--------|",
    ...input.ratings.map((r) => `| ${ratingName(r)} | ${r.rating}/5 |`),
  ];
  return `${lines.join("\n")}\n`;
}
