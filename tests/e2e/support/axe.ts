// The axe audit every browser test uses: WCAG 2.x A and AA rules on the page as it is.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * Runs axe on the page as it is and records its violations as a soft failure (so one run
 * lists all of them): per rule, its help text and the elements it found.
 */
export async function audit(page: Page, state: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = result.violations.map((v) => {
    const targets = v.nodes.slice(0, 5).map((n) => `\n    ${n.target.join(" ")} — ${(n.failureSummary ?? "").split("\n").slice(1).join(" ").trim()}`);
    return `${v.id} (${v.impact}, ${v.nodes.length} element${v.nodes.length === 1 ? "" : "s"}): ${v.help}${targets.join("")}${v.nodes.length > 5 ? "\n    …" : ""}`;
  });
  expect.soft(found, `axe violations on ${state}`).toEqual([]);
}

