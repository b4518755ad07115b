import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ServerProcess } from "../support/server";
import { baseUrlOverride, openedParty, sideServerUrl, storedMessageText, VISION_ANSWERS, type PartyPage } from "./support/party-page";
import { portOf } from "../support/ports";

test.use({ ...baseUrlOverride, actionTimeout: 30_000 });
test.setTimeout(10 * 60_000);

async function startParty(page: Page, title: string): Promise<PartyPage> {
  await page.goto("/discover?new&party");
  await page.getByLabel("Project title").fill(title);
  await page.getByLabel("Describe your project").fill(
    "A live multiplayer quiz for pub nights: a host runs rounds from a laptop, players answer on their phones, scores update in real time.",
  );
  await page.getByTestId("start-kickoff").click();
  return openedParty(page);
}

/** id → rendered text of every finished message. */
async function doneMessages(page: Page): Promise<Map<string, string>> {
  const rows = await page
    .locator('[data-testid="message"][data-status="done"]')
    .evaluateAll((els) => els.map((e) => [e.getAttribute("data-message-id")!, e.querySelector('[data-testid="message-text"]')?.textContent ?? ""] as const));
  return new Map(rows);
}

test("a reload mid stack debate loses and doubles nothing, and streaming carries on", async ({ browser }) => {
  // Its own server with a slow model, so a message is surely mid-stream across the reload.
  // 50 tokens/s: the message reloaded on (the debate's longest, below) streams for about
  // 10 s, longer than the debate's first message did at 30, and the rest of the party up to
  // the stack question, whose pace nothing here is about, takes 40 s instead of 67.
  const dataDir = mkdtempSync(path.join(tmpdir(), "ip-reload-"));
  const port = portOf("live");
  const s = new ServerProcess({ port, env: { DATA_DIR: dataDir, OFFLINE_MODEL_TPS: "50", OFFLINE_MODEL_FIRST_TOKEN_MS: "50" } });
  try {
    await s.start();
    const context = await browser.newContext({ baseURL: sideServerUrl(port) });
    const page = await context.newPage();
    const party = await startParty(page, "Quiz night (reload)");
    const partyId = await party.partyId();
    const questions = await party.waitForInput("vision_questions");
    await questions.getByTestId("input-text").fill(VISION_ANSWERS);
    await party.send(questions);

    // Reload as soon as the debate's longest message (Liam's revised proposal, twice his
    // first) streams.
    const debating = page.locator('[data-testid="message"][data-status="streaming"][data-phase="2"][data-label="REVISED PROPOSAL"]');
    await expect(debating.first()).toBeVisible({ timeout: 240_000 });
    const midId = (await debating.first().getAttribute("data-message-id"))!;
    const mid = page.locator(`[data-testid="message"][data-message-id="${midId}"]`);
    await expect.poll(async () => Number(await mid.getAttribute("data-text-length")), { timeout: 30_000 }).toBeGreaterThan(0);
    const before = await doneMessages(page);
    await page.reload();
    await expect(party.dashboard).toBeVisible();

    // Every message finished before the reload is back, once, with the same text.
    await expect.poll(async () => (await doneMessages(page)).size, { timeout: 30_000 }).toBeGreaterThanOrEqual(before.size);
    const after = await doneMessages(page);
    for (const [id, text] of before) expect(after.get(id), id).toBe(text);
    const ids = await page.getByTestId("message").evaluateAll((els) => els.map((e) => e.getAttribute("data-message-id")));
    expect(new Set(ids).size).toBe(ids.length);

    // The message cut by the reload keeps streaming: it only grows, and never past the
    // text the log stores for it (a doubled delta would overshoot). Its length stops
    // growing before it ends: the agent's summarize/serialize steps do not stream.
    await expect(mid).toHaveCount(1);
    // Status and length are read together: once the message ends it shows its content,
    // which may be shorter than what streamed (a model writes every field; the message
    // the person keeps is the task's rendering of them).
    const lengths: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const r = await mid.evaluate((el) => ({ streaming: el.getAttribute("data-status") === "streaming", length: Number(el.getAttribute("data-text-length")) }));
      if (!r.streaming) break;
      lengths.push(r.length);
      await page.waitForTimeout(40);
    }
    await expect(mid).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    // How much of the message was left to stream after the reload: the margin of the pace.
    console.log(`reload mid-stream: ${lengths.length} samples after the reload, ${lengths[0]} → ${lengths.at(-1)} characters`);
    expect(lengths.length).toBeGreaterThan(1);
    expect(lengths.at(-1)!).toBeGreaterThan(lengths[0]);
    for (let i = 1; i < lengths.length; i++) expect(lengths[i]).toBeGreaterThanOrEqual(lengths[i - 1]);
    const stored = await storedMessageText(page, partyId, midId);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(stored.length);

    // The reloaded page and a fresh one agree message for message.
    await party.waitForInput("stack_approval");
    const fresh = await context.newPage();
    await fresh.goto(page.url());
    await expect(fresh.locator('[data-testid="input-panel"][data-kind="stack_approval"]')).toBeVisible({ timeout: 60_000 });
    await expect.poll(async () => (await doneMessages(fresh)).size, { timeout: 30_000 }).toBe((await doneMessages(page)).size);
    expect([...(await doneMessages(fresh)).entries()]).toEqual([...(await doneMessages(page)).entries()]);
    await context.close();
  } finally {
    await s.signal("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("the watch link: a second browser sees everything live, cannot act, and its POSTs are refused", async ({ page, browser }) => {
  const party = await startParty(page, "Quiz night (watched)");
  const partyId = await party.partyId();
  const watchUrl = await page.getByTestId("watch-url").inputValue();
  expect(watchUrl).toMatch(new RegExp(`/parties/${partyId}\\?watch=`));
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByTestId("copy-watch-link").click();
  await expect(page.getByTestId("copy-watch-link")).toHaveText(/Copied/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(watchUrl);

  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await watcher.goto(watchUrl.replace(/^https?:\/\/[^/]+/, page.url().match(/^https?:\/\/[^/]+/)![0]));
  await expect(watcher.getByTestId("readonly-banner")).toBeVisible();
  await expect(watcher.getByTestId("party-dashboard")).toHaveAttribute("data-readonly", "true");
  await expect(watcher.getByTestId("cancel-party")).toHaveCount(0);
  await expect(watcher.getByTestId("watch-link")).toHaveCount(0);

  // The questions reach the watcher too, read-only.
  const panel = watcher.locator('[data-testid="input-panel"][data-kind="vision_questions"]');
  await expect(panel).toBeVisible({ timeout: 180_000 });
  await expect(panel).toHaveAttribute("data-state", "readonly");
  await expect(panel.getByTestId("input-submit")).toHaveCount(0);
  await expect(panel.getByTestId("input-text")).toHaveCount(0);
  await expect(panel.getByTestId("question-answer")).toHaveCount(0);
  const requestId = (await panel.getAttribute("data-request-id"))!;

  // Its POSTs are refused, with or without the token, and change nothing.
  const token = new URL(watchUrl).searchParams.get("watch")!;
  for (const url of [`/api/parties/${partyId}/input`, `/api/parties/${partyId}/input?watch=${token}`]) {
    const r = await watcher.request.post(url, { data: { requestId, text: "I am not the owner" } });
    expect([403, 404]).toContain(r.status());
  }
  for (const url of [`/api/parties/${partyId}/cancel`, `/api/parties/${partyId}/cancel?watch=${token}`]) {
    expect([403, 404]).toContain((await watcher.request.post(url)).status());
  }
  await expect(party.openInput).toHaveAttribute("data-request-id", requestId);

  // The owner answers; the watcher sees the answer and the next messages stream live.
  const before = await watcher.getByTestId("message").count();
  await party.openInput.getByTestId("input-text").fill(VISION_ANSWERS);
  await party.send(party.openInput);
  await expect(watcher.locator(`[data-testid="feed-input"][data-request-id="${requestId}"]`)).toHaveAttribute("data-answered", "true", { timeout: 30_000 });
  await expect(watcher.locator('[data-testid="message"][data-status="streaming"]').first()).toBeVisible({ timeout: 60_000 });
  await expect.poll(async () => watcher.getByTestId("message").count(), { timeout: 60_000 }).toBeGreaterThan(before);

  // Cancel from the owner's dashboard (with its confirm dialog); the watcher sees it end.
  await page.getByTestId("cancel-party").click();
  await expect(page.getByTestId("cancel-dialog")).toBeVisible();
  await page.getByTestId("confirm-cancel").click();
  await expect(page.getByTestId("end-banner")).toHaveAttribute("data-status", "cancelled", { timeout: 30_000 });
  await expect(watcher.getByTestId("end-banner")).toHaveAttribute("data-status", "cancelled", { timeout: 30_000 });
  await watcherContext.close();
});
