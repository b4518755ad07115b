// "Critique this" (docs/api.md) in the dashboard: the blueprint's automatic rounds, an
// on-demand critique while the party waits for the person and another after it has
// finished (its events arrive after party-end), the form's keyboard and error handling,
// and a watcher who sees the rounds but cannot ask for one.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, driveUntil, ServerProcess, type PartySummary } from "../support/server";
import { selectArtifact } from "./support/party-page";
import { portOf } from "../support/ports";

test.setTimeout(6 * 60_000);

const BRIEF = "docs/project-brief.md";
const ARCH = "docs/architecture/architecture-overview.md";
const BLUEPRINT = [ARCH, "docs/architecture/data-model.md", "docs/architecture/test-strategy-outline.md"];

const checkbox = (page: Page, key: string) => page.locator(`[data-testid="critique-perspective"][data-key="${key}"]`);

/** Opens the form, picks exactly `keys`, submits, and waits for the round's ratings. */
async function critique(page: Page, keys: string[], names: string[]): Promise<Locator> {
  const panel = page.getByTestId("critique-panel");
  const before = await panel.getByTestId("critique-round").count();
  await panel.getByTestId("critique-this").click();
  for (const k of ["security", "architecture", "product", "operations", "data", "testing"]) await checkbox(page, k).setChecked(keys.includes(k));
  // The running state may last only a moment with the fast model: record every state the
  // panel goes through instead of polling for it.
  await page.evaluate(() => {
    const seen: string[] = [];
    const w = window as unknown as { __critiqueStates: string[]; __critiqueObserver?: MutationObserver };
    w.__critiqueObserver?.disconnect();
    w.__critiqueStates = seen;
    const record = () => {
      const state = document.querySelector('[data-testid="critique-pending"]')?.getAttribute("data-state");
      const disabled = document.querySelector('[data-testid="critique-this"]')?.getAttribute("aria-disabled") ?? "false";
      const text = document.querySelector('[data-testid="critique-this"]')?.textContent ?? "";
      seen.push(`${state}|${disabled}|${text}`);
    };
    w.__critiqueObserver = new MutationObserver(record);
    w.__critiqueObserver.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true, attributeFilter: ["data-state", "aria-disabled"] });
  });
  await page.getByTestId("critique-submit").click();
  await expect(page.getByTestId("critique-form")).toHaveCount(0);
  // The result arrives over SSE; the newest round is listed first.
  await expect(panel.getByTestId("critique-round")).toHaveCount(before + 1, { timeout: 60_000 });
  const round = panel.getByTestId("critique-round").first();
  await expect(round).toHaveAttribute("data-round-id", /^critique-\d+-/);
  await expect(round.getByTestId("critique-rating")).toHaveCount(keys.length);
  for (const n of names) await expect(round.locator(`[data-testid="critique-rating"][data-perspective="${n}"]`)).toContainText(new RegExp(`${n}.*[1-5]/5`));
  await expect(round.getByTestId("critique-verdict")).toHaveText(/Consensus (reached|blocked)/);
  await expect(round.getByTestId("critique-severity")).toHaveText(/Divergence: (NONE|LOW|MEDIUM|HIGH)/);
  await expect(page.getByTestId("critique-pending")).toHaveAttribute("data-state", "idle");
  await expect(panel.getByTestId("critique-this")).not.toHaveAttribute("aria-disabled", "true");
  // While it ran, the button was disabled and said so.
  const states = await page.evaluate(() => (window as unknown as { __critiqueStates: string[] }).__critiqueStates);
  expect(states).toContain("running|true|Critique running…");
  return round;
}

test("critique rounds in the artifacts view: automatic, on demand while waiting and after the end", async ({ browser }) => {
  // Its own server with a fast offline model: the whole party takes a minute or two.
  const dataDir = mkdtempSync(path.join(tmpdir(), "ip-critique-"));
  const s = new ServerProcess({
    port: portOf("critique"),
    env: { DATA_DIR: dataDir, OFFLINE_MODEL_TPS: "2000", OFFLINE_MODEL_FIRST_TOKEN_MS: "5" },
  });
  try {
    await s.start();
    const context = await browser.newContext({ baseURL: s.url });
    const page = await context.newPage();
    await page.goto("/");
    // Created and answered through the API with the page's own cookie; the page watches.
    const c = new Client(s);
    c.cookie = (await context.cookies()).map((k) => `${k.name}=${k.value}`).join("; ");
    const { body } = await c.json<{ id: string }>("/api/parties", {
      method: "POST",
      body: JSON.stringify({ title: "Climbing gym", description: "A booking app for climbing gyms: members book time slots, staff manage capacity. EU members, card payments.", flags: ["--party"] }),
    });
    const id = body.id;
    await page.goto(`/parties/${id}`);
    await expect(page.getByTestId("party-dashboard")).toBeVisible();

    // 1. The party waits on the stack: critique the project brief now.
    await driveUntil(c, id, (x) => x.status === "awaiting_input" && x.pendingInput?.kind === "stack_approval");
    await expect(page.getByTestId("party-dashboard")).toHaveAttribute("data-status", "awaiting_input");
    await page.getByTestId("tab-artifacts").click();
    await selectArtifact(page, BRIEF);
    const panel = page.getByTestId("critique-panel");
    await expect(panel).toHaveAttribute("data-rounds", "0");

    // The form: focus on the first perspective, Escape closes and gives focus back.
    const toggle = panel.getByTestId("critique-this");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(checkbox(page, "security")).toBeFocused();
    for (const k of ["security", "architecture", "product"]) await expect(checkbox(page, k)).toBeChecked();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("critique-form")).toHaveCount(0);
    await expect(toggle).toBeFocused();

    // At least one perspective: an inline error, nothing sent.
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith(`/api/parties/${id}/critique`)) posts++;
    });
    await page.keyboard.press("Enter");
    for (const k of ["security", "architecture", "product"]) await checkbox(page, k).uncheck();
    await page.getByTestId("critique-submit").click();
    await expect(page.getByTestId("critique-field-error")).toHaveText("Pick at least one perspective.");
    await expect(checkbox(page, "security")).toBeFocused();
    expect(posts).toBe(0);

    // The server's 409 (the team is working) reads as its message, and the form stays.
    await page.route(`**/api/parties/${id}/critique`, (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "conflict", message: "The team is still working on this party: ask for a critique when it waits for you or has finished." } }),
      }),
    );
    await checkbox(page, "data").check();
    await page.getByTestId("critique-submit").click();
    await expect(page.getByTestId("critique-error")).toContainText("The team is still working");
    await expect(page.getByTestId("critique-form")).toBeVisible();
    await page.unroute(`**/api/parties/${id}/critique`);
    await page.getByRole("button", { name: "Cancel", exact: true }).click();

    // Two perspectives, for real: their ratings and a verdict appear live.
    const round = await critique(page, ["security", "testing"], ["Security", "Testing"]);
    await expect(round).toHaveAttribute("data-round-id", /^critique-1-project-brief$/);
    // Records are listed apart from the documents.
    await expect(page.locator('[data-testid="discussion-list"] [data-testid="artifact-item"][data-path="discussions/critique-1-project-brief-discussion.md"]')).toHaveCount(1);
    await expect(page.locator('[data-testid="artifact-list"] [data-testid="artifact-item"][data-path^="discussions/"]')).toHaveCount(0);
    await round.getByTestId("critique-record").click();
    await expect(page.getByTestId("artifact-view")).toHaveAttribute("data-path", "discussions/critique-1-project-brief-discussion.md");
    await expect(page.getByTestId("artifact-view")).toContainText("Discussion Record");
    await expect(page.getByTestId("critique-record-of")).toContainText(BRIEF);
    // The party still waits on the same question.
    await expect(page.getByTestId("party-dashboard")).toHaveAttribute("data-status", "awaiting_input");

    // 2. To the end: every blueprint artifact shows its automatic round.
    await driveUntil(c, id, (x) => x.status === "completed");
    await expect(page.getByTestId("party-dashboard")).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
    for (const p of BLUEPRINT) {
      await selectArtifact(page, p);
      const auto = panel.locator('[data-testid="critique-round"][data-round-id^="blueprint-"]');
      await expect(auto).toHaveCount(1);
      await expect(auto.getByTestId("critique-rating")).toHaveCount(3);
      for (const n of ["Security", "Operations", "Product"]) await expect(auto.locator(`[data-testid="critique-rating"][data-perspective="${n}"]`)).toContainText(/[1-5]\/5/);
      await expect(auto.getByTestId("critique-verdict")).toBeVisible();
    }
    // The conversation has a line for each round.
    await page.getByTestId("tab-live").click();
    await expect(page.locator('[data-testid="feed-critique"][data-round-id^="blueprint-"]')).toHaveCount(BLUEPRINT.length);

    // 3. After the end: the critique's events come after party-end and still show live.
    await page.getByTestId("tab-artifacts").click();
    await selectArtifact(page, ARCH);
    const late = await critique(page, ["operations", "data"], ["Operations", "Data"]);
    await expect(late).toHaveAttribute("data-round-id", /^critique-\d+-architecture-overview$/);

    // A reload while a round runs knows it runs: the page is rendered from the log folded on
    // the server, where the round's critique-start stands without its result (the reducer's
    // "knows a round is running…" test and the snapshot's fold test in
    // components/party/view/ and app/parties/[id]/snapshot-cache.test.ts). This round has finished by now.
    // A reload shows the same rounds (the log is the truth).
    await page.reload();
    await page.getByTestId("tab-artifacts").click();
    await selectArtifact(page, ARCH);
    await expect(panel.getByTestId("critique-round")).toHaveCount(2);
    await expect(panel.getByTestId("critique-this")).not.toHaveAttribute("aria-disabled", "true");

    // 4. A watcher sees the rounds but has no "Critique this".
    const { body: summary } = await c.json<PartySummary>(`/api/parties/${id}`);
    const watcher = await (await browser.newContext({ baseURL: s.url })).newPage();
    await watcher.goto(summary.watchUrl!);
    await expect(watcher.getByTestId("readonly-banner")).toBeVisible();
    await watcher.getByTestId("tab-artifacts").click();
    await selectArtifact(watcher, ARCH);
    await expect(watcher.getByTestId("critique-round")).toHaveCount(2);
    await expect(watcher.getByTestId("critique-this")).toHaveCount(0);
    await watcher.context().close();
    await context.close();
  } finally {
    await s.signal("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
