// Failures the dashboard must make visible: a specialist that drops out (degradation
// note, failed card), a phase where every agent fails (the [1]/[2]/[3] menu), and the
// fall back to classic mode (eight phases, party artifacts gone, token usage that keeps
// the two modes apart), with the axe audit of each of these screens (the rest of the
// audits are a11y.spec.ts). One party for both: they were two identical parties.
import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ServerProcess } from "../support/server";
import { audit } from "./support/axe";
import { openedParty, sideServerUrl, VISION_ANSWERS } from "./support/party-page";
import { portOf } from "../support/ports";

test.setTimeout(5 * 60_000);
test.use({ actionTimeout: 30_000 });

test("a dropped specialist, a failed phase and the fallback to classic mode are all shown, and pass the axe audit", async ({ browser }) => {
  // A server whose offline model fails for Oscar (T1) and the whole T2 team.
  const dataDir = mkdtempSync(path.join(tmpdir(), "ip-degrade-"));
  const port = portOf("degradation");
  const s = new ServerProcess({
    port,
    env: { DATA_DIR: dataDir, OFFLINE_MODEL_FAULTS: "throw:oscar,throw:liam,throw:zara,throw:felix", OFFLINE_MODEL_TPS: "1000", OFFLINE_MODEL_FIRST_TOKEN_MS: "5" },
  });
  try {
    await s.start();
    const context = await browser.newContext({ baseURL: sideServerUrl(port) });
    const page = await context.newPage();
    await page.goto("/discover?new&party");
    await page.getByLabel("Describe your project").fill("A booking app for climbing gyms: members book slots, staff manage capacity and route setting.");
    await page.getByTestId("start-kickoff").click();
    const party = await openedParty(page);

    // T1: Oscar fails twice; the phase goes on with two agents and says so.
    const questions = await party.waitForInput("vision_questions", 120_000);
    await expect(page.locator('[data-testid="agent-card"][data-agent="oscar"]')).toHaveAttribute("data-status", "failed");
    await expect(page.getByTestId("notes-panel")).toContainText("Oscar");
    await expect(page.locator('[data-testid="note"][data-kind="degradation"]').first()).toContainText("Proceeding with 2 agent(s).");
    await expect(questions.getByTestId("vision-questions")).not.toContainText("From Oscar");
    await audit(page, "a dropped specialist (failed card, degradation notes)");
    await questions.getByTestId("input-text").fill(VISION_ANSWERS);
    await party.send(questions);

    // T2: every agent fails; the menu offers retry, classic or cancel. Choose classic.
    const menu = await party.waitForInput("phase_failure", 120_000);
    await expect(menu.getByTestId("input-option")).toHaveCount(3);
    await expect(page.locator('[data-testid="phase"][data-phase="2"]')).toHaveAttribute("data-status", /in_progress|failed/);
    await audit(page, "the phase-failure menu");
    await party.choose(menu, "2");

    await expect(page.getByTestId("phase-timeline")).toHaveAttribute("data-mode", "classic", { timeout: 60_000 });
    await expect(page.getByTestId("phase")).toHaveCount(8);
    await expect(page.getByTestId("fallback-note")).toBeVisible();
    await expect(page.locator('[data-testid="note"][data-kind="info"]').filter({ hasText: "Switching to classic mode. Starting from Phase 1." })).toHaveCount(1);
    await expect(page.getByTestId("mode-badge")).toHaveAttribute("data-mode", "classic");
    // Party-mode artifacts (the brief) were discarded.
    await expect(page.getByTestId("tab-artifacts")).toHaveText("Artifacts");
    await expect(page.locator('[data-testid="phase"][data-phase="1"]')).toHaveAttribute("data-status", /in_progress|completed/, { timeout: 60_000 });

    // After the fallback: the note, and token usage that keeps the two modes apart.
    await page.getByTestId("fallback-note").locator("summary").click();
    const classicRow = page.locator('[data-testid="usage-phase"][data-mode="classic"]');
    await expect(classicRow.first()).toBeVisible({ timeout: 60_000 });
    const partyRows = page.locator('[data-testid="usage-phase"][data-mode="party"]');
    await expect(partyRows.first()).toHaveAttribute("data-abandoned", "true");
    await expect(partyRows.first().locator("th")).toHaveText(/^T1\. Vision Council · party mode, before the fallback$/);
    await expect(classicRow.first().locator("th")).toHaveText(/^\d\. /);
    await audit(page, "after the fallback to classic mode (fallback note open, usage per phase)");

    const id = await party.partyId();
    expect((await page.request.post(`/api/parties/${id}/cancel`)).status()).toBe(202);
    await expect(page.getByTestId("end-banner")).toHaveAttribute("data-status", "cancelled", { timeout: 30_000 });
    await context.close();
  } finally {
    await s.signal("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
