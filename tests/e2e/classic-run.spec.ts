import { expect, test } from "@playwright/test";
import { baseUrlOverride, openedParty } from "./support/party-page";

test.use({ ...baseUrlOverride, actionTimeout: 30_000 });
test.setTimeout(15 * 60_000);

test("a full classic run from /discover?new&classic to the zip, PRD included", async ({ page }) => {
  await page.goto("/discover?new&classic");
  await expect(page.getByTestId("mode-menu")).toHaveCount(0);
  await page.getByLabel("Project title").fill("Food delivery");
  await page.getByLabel("Describe your project").fill(
    "A food delivery marketplace for a mid-sized city: customers order from local restaurants, couriers deliver by bike, restaurants manage menus. Card payments.",
  );
  await page.getByTestId("start-kickoff").click();
  const party = await openedParty(page);
  await expect(page.getByTestId("mode-badge")).toHaveAttribute("data-mode", "classic");
  await expect(page.getByTestId("phase")).toHaveCount(8);
  await expect(page.getByTestId("phase-timeline")).toHaveAttribute("data-mode", "classic");

  const kinds = await party.runToEnd();
  expect(kinds).toContain("vision_questions");
  expect(kinds).toContain("stack_approval");

  await expect(page.getByTestId("end-banner")).toHaveAttribute("data-status", "completed");
  await expect(page.locator('[data-testid="phase"][data-status="completed"]')).toHaveCount(8);
  await expect(page.getByTestId("next-steps-block").first()).toContainText("SUGGESTED NEXT STEPS:");

  await page.getByTestId("tab-artifacts").click();
  await expect(page.locator('[data-testid="artifact-item"][data-path="docs/requirements/prd.md"]')).toHaveCount(1);
  const files = await party.downloadBundle();
  for (const p of [
    "docs/project-brief.md",
    "docs/requirements/prd.md",
    "docs/architecture/architecture-overview.md",
    "docs/architecture/data-model.md",
    "docs/architecture/test-strategy-outline.md",
    "docs/isdlc/constitution.md",
    "docs/isdlc/skill-customization-report.md",
    "state.json",
    "discovery_context.json",
    "tests/unit/.gitkeep",
    "tests/integration/.gitkeep",
    "tests/e2e/.gitkeep",
  ]) {
    expect(files).toContain(p);
  }
  expect(files.some((f) => f.startsWith("src/") && f.endsWith("/.gitkeep"))).toBe(true);
});
