import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { baseUrlOverride, startKickoff, VISION_ANSWERS } from "./support/party-page";

/** Saved beside the test's results and attached to the report. */
async function attachScreenshot(page: Page, testInfo: TestInfo, name: string, fullPage: boolean): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.evaluate(() => getSelection()?.removeAllRanges());
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

test.use({ ...baseUrlOverride, actionTimeout: 30_000 });
test.setTimeout(15 * 60_000);

const PARTY_PATHS = [
  "docs/project-brief.md",
  "docs/architecture/architecture-overview.md",
  "docs/architecture/data-model.md",
  "docs/architecture/test-strategy-outline.md",
  "docs/isdlc/constitution.md",
  "docs/isdlc/skill-customization-report.md",
];

test("a full party run: kickoff, questions, stack debate, artifacts, zip, replay", async ({ page }, testInfo) => {
  const party = await startKickoff(page, {
    title: "Clinic triage",
    description:
      "A triage assistant for a small clinic: patients describe symptoms online, nurses prioritise the queue and call patients back. EU patients, so GDPR applies.",
    mode: "1",
  });
  const partyId = await party.partyId();
  await expect(page.getByTestId("mode-badge")).toHaveAttribute("data-mode", "party");
  await expect(page.getByTestId("phase")).toHaveCount(5);
  await expect(page.getByTestId("phase").first()).toContainText("Vision Council");

  // T1: three specialists ask; one answer box; a double submit sends once.
  const questions = await party.waitForInput("vision_questions");
  await expect(page.locator('[data-testid="phase"][data-phase="1"]')).toHaveAttribute("data-status", "in_progress");
  await expect(page.locator('[data-testid="agent-card"]')).toHaveCount(3);
  await expect(questions.getByTestId("vision-questions")).toContainText("From Nadia");
  await expect(page.locator('[data-testid="message"][data-label="QUESTIONS"]')).toHaveCount(3);
  let inputPosts = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith(`/api/parties/${partyId}/input`)) inputPosts++;
  });
  // A field per question, all optional, plus "Anything else": sending nothing names where to
  // write; the error goes as soon as something is written.
  const answers = questions.getByTestId("question-answer");
  expect(await answers.count()).toBeGreaterThanOrEqual(3);
  await expect(answers.first()).toBeFocused();
  await questions.getByTestId("input-submit").click();
  await expect(questions.getByTestId("answers-error")).toBeVisible();
  await answers.first().fill("Nurses and patients in the EU.");
  await expect(questions.getByTestId("answers-error")).toHaveCount(0);
  await questions.getByTestId("input-text").fill(VISION_ANSWERS);
  await questions.getByTestId("input-submit").scrollIntoViewIfNeeded();
  const button = (await questions.getByTestId("input-submit").boundingBox())!;
  // Ctrl+Enter twice, then a double click on the button: the panel locks on the first
  // and sends once.
  await page.keyboard.press("Control+Enter");
  await page.keyboard.press("Control+Enter");
  await page.mouse.dblclick(button.x + button.width / 2, button.y + button.height / 2);
  await expect(page.locator(`[data-testid="input-panel"][data-kind="vision_questions"]`)).toHaveCount(0, { timeout: 60_000 });
  expect(inputPosts).toBe(1);
  await expect(page.locator('[data-testid="feed-input"][data-answered="true"]')).toHaveCount(1);
  // Composed into the one answer: the answered question by its number, then the rest.
  await expect(page.locator('[data-testid="feed-input"][data-answered="true"]')).toContainText(/1\. [\s\S]+Nurses and patients in the EU\./);
  await expect(page.locator('[data-testid="message"][data-label="USER RESPONSE"]').first()).toContainText("Anything else:", { timeout: 60_000 });

  // T2 mid-debate: the team, the budget and a streaming message.
  await expect(page.locator('[data-testid="phase"][data-phase="2"]')).toHaveAttribute("data-status", "in_progress", { timeout: 180_000 });
  const debater = page.locator('[data-testid="message"][data-status="streaming"]:is([data-sender="liam"],[data-sender="zara"],[data-sender="felix"])');
  await expect(debater.first()).toBeVisible({ timeout: 120_000 });
  await expect(page.locator('[data-testid="agent-card"][data-agent="liam"]')).toBeVisible();
  await expect(page.getByTestId("budget-gauge")).toHaveAttribute("data-max", "10");
  await attachScreenshot(page, testInfo, "dashboard-mid-debate", true);
  // One page scroll: nothing around the conversation is a scroll box of its own.
  const nested = await page.getByTestId("message-feed").evaluate((el) => {
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      const oy = getComputedStyle(e).overflowY;
      if ((oy === "auto" || oy === "scroll") && e.scrollHeight > e.clientHeight) return e.outerHTML.slice(0, 120);
    }
    return null;
  });
  expect(nested).toBeNull();
  await expect(page.getByTestId("phase-bar")).toContainText("Phase 2 of 5");
  // Scrolled up while the debate streams: "Jump to latest" offers the end; from there the
  // page follows by itself.
  await page.evaluate(() => window.scrollTo(0, 0));
  const jump = page.getByTestId("jump-to-latest");
  await expect(jump).toBeVisible({ timeout: 60_000 });
  await jump.click();
  await expect(page.getByTestId("feed-end")).toBeInViewport();
  await expect(jump).toBeHidden();
  await expect(page.locator('[data-testid="message"][data-label="PROPOSAL"] [data-testid="message-recipient"]').first()).toHaveText("all", { timeout: 120_000 });

  // The stack card: [C] needs text (shown inline), then [Y] by keyboard.
  const stack = await party.waitForInput("stack_approval");
  await expect(stack.getByTestId("stack-card")).toContainText("Language");
  // The new question took the focus; C (outside a text field) picks [C] and focuses its box.
  await expect(stack.locator('input[type="radio"]').first()).toBeFocused();
  await page.keyboard.press("c");
  await expect(stack.locator('[data-testid="input-option"][data-key="C"]')).toHaveAttribute("data-checked", "true");
  await expect(stack.getByTestId("input-text")).toBeFocused();
  await stack.getByTestId("input-submit").click();
  await expect(stack.getByTestId("text-error")).toBeVisible();
  await expect(stack).toHaveAttribute("data-state", "editing");
  await stack.getByTestId("input-text").fill("Use Go instead.");
  await expect(stack.getByTestId("text-error")).toHaveCount(0);
  await stack.locator('[data-testid="input-option"][data-key="Y"]').click();
  await expect(stack.getByTestId("input-text")).toHaveCount(0);
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-testid="input-panel"][data-kind="stack_approval"]')).toHaveCount(0, { timeout: 60_000 });

  const kinds = await party.runToEnd();
  expect(kinds).toContain("constitution_review");
  expect(kinds).toContain("walkthrough");

  // The finished dashboard.
  await expect(page.getByTestId("end-banner")).toHaveAttribute("data-status", "completed");
  await expect(page.locator('[data-testid="phase"][data-status="completed"]')).toHaveCount(5);
  await expect(page.getByTestId("next-steps-block").first()).toContainText("SUGGESTED NEXT STEPS:");
  await expect(page.locator('[data-testid="message"][data-status="streaming"]')).toHaveCount(0);
  const ids = await page.getByTestId("message").evaluateAll((els) => els.map((e) => e.getAttribute("data-message-id")));
  expect(new Set(ids).size).toBe(ids.length);
  expect(Number((await page.getByTestId("usage-total").textContent())!.replace(/,/g, ""))).toBeGreaterThan(0);

  // Artifacts: list, rendered markdown with a table and a Mermaid diagram, downloads.
  await page.getByTestId("tab-artifacts").click();
  for (const p of PARTY_PATHS) await expect(page.locator(`[data-testid="artifact-item"][data-path="${p}"]`)).toHaveCount(1);
  await page.locator('[data-testid="artifact-item"][data-path="docs/architecture/architecture-overview.md"] button').click();
  const view = page.getByTestId("artifact-view");
  await expect(view).toHaveAttribute("data-path", "docs/architecture/architecture-overview.md");
  await expect(view.locator("h2").first()).toBeVisible();
  await expect(view.locator('[data-testid="mermaid-diagram"][data-state="ready"] svg').first()).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-testid="artifact-item"][data-path="docs/architecture/data-model.md"] button').click();
  await expect(view.locator("table").first()).toBeVisible();
  await attachScreenshot(page, testInfo, "artifacts-view", false);

  const [single] = await Promise.all([page.waitForEvent("download"), view.getByTestId("artifact-download").click()]);
  expect(single.suggestedFilename()).toContain("data-model");

  const files = await party.downloadBundle();
  for (const p of [...PARTY_PATHS, "state.json", "discovery_context.json", "tests/unit/.gitkeep", "tests/integration/.gitkeep", "tests/e2e/.gitkeep"]) expect(files).toContain(p);
  expect(files.some((f) => f.startsWith("src/") && f.endsWith("/.gitkeep"))).toBe(true);
  expect(files).not.toContain("docs/requirements/prd.md");

  // Replay plays the transcript back from the start; "Jump to end" returns to the end.
  await page.getByTestId("tab-live").click();
  const total = await page.getByTestId("message").count();
  await page.getByTestId("replay-start").click();
  await expect(page.getByTestId("replay-controls")).toBeVisible();
  await expect(page.getByTestId("connection")).toHaveAttribute("data-state", "replay");
  await page.getByTestId("replay-speed").selectOption("16");
  await expect.poll(async () => page.getByTestId("message").count()).toBeGreaterThan(0);
  expect(await page.getByTestId("message").count()).toBeLessThan(total);
  await expect(page.locator('[data-testid="input-panel"] [data-testid="input-submit"]')).toHaveCount(0);
  await page.getByTestId("replay-end").click();
  await expect(page.getByTestId("replay-controls")).toHaveCount(0);
  await expect(page.getByTestId("message")).toHaveCount(total);

  // Down to a 390 px phone: nothing scrolls sideways, on either tab or on the home page.
  await page.setViewportSize({ width: 390, height: 844 });
  const noSideScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await noSideScroll();
  await page.getByTestId("tab-artifacts").click();
  await expect(page.getByTestId("artifact-view")).toBeVisible();
  await noSideScroll();
  await page.goto("/");
  await expect(page.locator(`[data-testid="recent-party"][data-party-id="${partyId}"] [data-testid="status-badge"]`)).toHaveAttribute("data-status", "completed");
  await noSideScroll();
});
