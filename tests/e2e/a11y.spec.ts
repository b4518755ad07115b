// Accessibility: an axe audit (WCAG 2.1 A/AA, plus axe's best practices for landmarks
// and headings) of every screen a person goes through — kickoff, the questions, the
// stack approval, the finished party with its artifacts and "Critique this", a replay,
// a watcher, and classic mode's own panels on a 390 px phone (a dropped specialist, the
// phase-failure menu and the fallback to classic mode are audited in
// degradation.spec.ts, on the party that checks what they show) — and the keyboard
// alone from the home page to a sent answer and a cancel, with a visible focus indicator
// at every Tab stop on the way. Any violation fails with its rule id, elements and help.
// Its own servers with a fast offline model, so a whole party takes a minute or two.
import { audit } from "./support/axe";
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, driveUntil, ServerProcess, type PartySummary } from "../support/server";
import { PartyPage, selectArtifact, sideServerUrl, VISION_ANSWERS } from "./support/party-page";
import { portOf } from "../support/ports";

test.setTimeout(6 * 60_000);
test.use({ actionTimeout: 30_000 });


let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "ip-a11y-"));
  server = new ServerProcess({
    port: portOf("a11y"),
    env: { DATA_DIR: dataDir, OFFLINE_MODEL_TPS: "2000", OFFLINE_MODEL_FIRST_TOKEN_MS: "5" },
  });
  await server.start();
});

test.afterAll(async () => {
  await server?.signal("SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: sideServerUrl(server.opts.port) });
  return { context, page: await context.newPage() };
}

/** True when the focused element shows a focus indicator (its own, or its label's for a visually hidden radio). */
async function focusShows(page: Page): Promise<{ ok: boolean; what: string }> {
  return page.evaluate(focusState, null);
}

/**
 * Where focus is and whether it shows, and whether it is on or inside `target`: one round
 * trip per Tab stop. Runs in the page.
 */
function focusState(target: Element | null): { ok: boolean; what: string; onTarget: boolean } {
  const el = document.activeElement as HTMLElement | null;
  const onTarget = Boolean(target && el && (el === target || target.contains(el)));
  if (!el || el === document.body) return { ok: false, what: "nothing focused", onTarget };
  const shows = (e: Element) => {
    const s = getComputedStyle(e);
    return (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== "none";
  };
  const r = el.getBoundingClientRect();
  const hidden = r.width <= 1 || r.height <= 1;
  const label = el.closest("label");
  const ok = hidden ? Boolean(label && shows(label)) : shows(el);
  const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}[${el.getAttribute("data-testid") ?? el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 30) ?? ""}]`;
  return { ok, what, onTarget };
}

/** Presses Tab until `target` has focus; every stop on the way must show where focus is. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const f = await target.evaluate(focusState);
    seen.push(f.what);
    // Past the last element focus leaves the page (the browser's own UI): not a stop.
    if (f.what === "nothing focused") continue;
    expect.soft(f.ok, `no visible focus indicator on ${f.what}`).toBe(true);
    if (f.onTarget) return;
  }
  throw new Error(`Tab never reached the target; stops: ${seen.join(" → ")}`);
}

async function clientFor(context: BrowserContext): Promise<Client> {
  const c = new Client(server);
  c.cookie = (await context.cookies()).map((k) => `${k.name}=${k.value}`).join("; ");
  return c;
}

test("the kickoff pages: home (empty and with errors), the mode menu, /discover", async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await page.goto("/");
  await expect(page.getByTestId("recent-empty")).toBeVisible();
  await audit(page, "the home page, no kickoffs yet");

  // The mode menu, driven from the keyboard: Classic chosen and focused.
  await page.getByLabel("Describe your project").fill("An internal tool for on-call engineers to keep runbooks next to their alerts.");
  await page.getByLabel("Describe your project").press("Tab");
  await page.keyboard.press("2");
  await expect(page.getByRole("radio", { name: /Classic Mode/ })).toBeFocused();
  await audit(page, "the home page, mode menu with Classic chosen");

  // A field error: an empty description.
  await page.getByLabel("Describe your project").fill("");
  await page.getByTestId("start-kickoff").click();
  await expect(page.getByTestId("description-error")).toBeVisible();
  await audit(page, "the home page with a field error");
  // The dark scheme (the system's, before any choice): the same screen, the same bar.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await audit(page, "the home page with a field error, dark");
  await page.emulateMedia({ colorScheme: "light" });

  await page.goto("/discover?new&party");
  await expect(page.getByTestId("fixed-mode")).toBeVisible();
  await audit(page, "/discover?new&party");
  await page.goto("/discover?new&party&classic");
  await expect(page.getByTestId("flag-error")).toBeVisible();
  await audit(page, "/discover with both flags");
  await page.goto("/parties/does-not-exist");
  await expect(page.getByTestId("dashboard-error")).toBeVisible();
  await audit(page, "a party that does not exist");
  await context.close();
});

test("the keyboard alone: kickoff form, the questions, the stack, cancel", async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await page.goto("/");
  await expect(page.getByTestId("recent-parties")).toBeVisible();
  // The model list has loaded (a disabled select is no Tab stop).
  await expect(page.getByTestId("team-model")).toBeEnabled();

  // The skip link is the first stop and lands in the main content.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  expect((await focusShows(page)).ok).toBe(true);
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeInViewport();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(/Project title/)).toBeFocused();

  // Title → description → the mode (radio group) → the model → "Start kickoff", in that order.
  await page.keyboard.type("Runbooks");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Describe your project")).toBeFocused();
  await page.keyboard.type("An internal tool for on-call engineers to keep runbooks next to the alerts they fire for. Teams in the EU.");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("radio", { name: /Party Mode/ })).toBeFocused();
  expect((await focusShows(page)).ok).toBe(true);
  // The model section: "Manage models", the team's model, "connect a real model", Advanced.
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("manage-models")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("team-model")).toBeFocused();
  expect((await focusShows(page)).ok).toBe(true);
  await tabTo(page, page.getByTestId("start-kickoff"), 6);
  expect((await focusShows(page)).ok).toBe(true);
  await page.keyboard.press("Enter");

  const party = new PartyPage(page);
  await expect(party.dashboard).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("mode-badge")).toHaveAttribute("data-mode", "party");

  // The questions: reached with Tab from the top, answered, sent with the button.
  const questions = await party.waitForInput("vision_questions");
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // Past a field per question: each is a stop on the way to "Anything else".
  await tabTo(page, questions.getByTestId("input-text"), 80);
  await page.keyboard.type(VISION_ANSWERS);
  await page.keyboard.press("Tab");
  await expect(questions.getByTestId("input-submit")).toBeFocused();
  expect((await focusShows(page)).ok).toBe(true);
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-testid="input-panel"][data-kind="vision_questions"]')).toHaveCount(0, { timeout: 60_000 });

  // The stack: the next question takes the focus the sent one had, on its first option;
  // Space picks, Enter sends.
  const stack = await party.waitForInput("stack_approval");
  await expect(stack.locator('input[type="radio"]').first()).toBeFocused();
  expect((await focusShows(page)).ok).toBe(true);
  await page.keyboard.press("Space");
  await expect(stack.locator('[data-testid="input-option"][data-key="Y"]')).toHaveAttribute("data-checked", "true");
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-testid="input-panel"][data-kind="stack_approval"]')).toHaveCount(0, { timeout: 60_000 });

  // Cancel from the keyboard: the dialog takes focus, Escape keeps going, then confirm.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const cancel = page.getByTestId("cancel-party");
  // From where the answered panel was, Tab goes through the whole conversation (each long
  // message has its Show more) and around to the header: allow the stops that takes.
  await tabTo(page, cancel, 150);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cancel-dialog")).toBeVisible();
  await expect(page.getByRole("button", { name: "Keep going" })).toBeFocused();
  await audit(page, "the cancel dialog");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("cancel-dialog")).toBeHidden();
  await expect(cancel).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("confirm-cancel")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("end-banner")).toHaveAttribute("data-status", "cancelled", { timeout: 30_000 });
  await audit(page, "a cancelled party");
  await context.close();
});

test("a party from the mode question to the end: dashboard, artifacts, critique, replay, watcher", async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await page.goto("/");
  const c = await clientFor(context);
  // No mode and no flag: the party asks for the mode in the dashboard.
  const { body } = await c.json<{ id: string }>("/api/parties", {
    method: "POST",
    body: JSON.stringify({ title: "Climbing gym", description: "A booking app for climbing gyms: members book time slots, staff manage capacity. EU members, card payments." }),
  });
  const id = body.id;
  const party = new PartyPage(page);
  await page.goto(`/parties/${id}`);

  const mode = await party.waitForInput("mode");
  await audit(page, "the dashboard asking for the mode");
  await mode.getByTestId("mode-option-party").click();
  await party.send(mode);

  // T1: the vision questions panel, the team, the conversation.
  const questions = await party.waitForInput("vision_questions");
  await expect(page.locator('[data-testid="message"][data-label="QUESTIONS"]')).toHaveCount(3);
  await audit(page, "the dashboard waiting for the vision answers");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await audit(page, "the dashboard waiting for the vision answers, dark");
  await page.emulateMedia({ colorScheme: "light" });
  await questions.getByTestId("input-text").fill(VISION_ANSWERS);
  await party.send(questions);

  // T2: the stack approval panel, and [C] with its text field and inline error.
  const stack = await party.waitForInput("stack_approval");
  await expect(stack.getByTestId("stack-card")).toBeVisible();
  await audit(page, "the stack approval panel");
  await stack.locator('[data-testid="input-option"][data-key="C"]').click();
  await stack.getByTestId("input-submit").click();
  await expect(stack.getByTestId("text-error")).toBeVisible();
  await audit(page, "the stack approval panel with [C] and its error");

  // While it waits: the artifacts so far, with "Critique this" open.
  await page.getByTestId("tab-artifacts").click();
  await selectArtifact(page, "docs/project-brief.md");
  await page.getByTestId("critique-this").click();
  await expect(page.getByTestId("critique-form")).toBeVisible();
  await audit(page, "the artifacts view while waiting, critique form open");
  await page.keyboard.press("Escape");
  await page.getByTestId("tab-live").click();

  // To the end.
  await driveUntil(c, id, (s) => s.status === "completed");
  await expect(page.getByTestId("end-banner")).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await expect(page.locator('[data-testid="message"][data-status="streaming"]')).toHaveCount(0);
  await audit(page, "the completed party, live tab");

  // Every stop from the top of the page to "Critique this" shows where focus is.
  await page.getByTestId("tab-artifacts").click();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await tabTo(page, page.getByTestId("critique-this"), 60);
  const view = await selectArtifact(page, "docs/architecture/architecture-overview.md");
  await expect(view.locator('[data-testid="mermaid-diagram"][data-state="ready"] svg').first()).toBeVisible({ timeout: 30_000 });
  await audit(page, "the architecture overview (diagram, critique rounds)");
  await selectArtifact(page, "docs/architecture/data-model.md");
  await expect(view.locator("table").first()).toBeVisible();
  const actions = page.getByTestId("critique-round").first().locator("summary");
  if (await actions.count()) await actions.click();
  await page.getByTestId("critique-this").click();
  await expect(page.getByTestId("critique-form")).toBeVisible();
  await page.getByTestId("critique-perspective").first().uncheck();
  await page.getByTestId("critique-perspective").nth(1).uncheck();
  await page.getByTestId("critique-perspective").nth(2).uncheck();
  await page.getByTestId("critique-submit").click();
  await expect(page.getByTestId("critique-field-error")).toBeVisible();
  await audit(page, "the data model (table), critique form open with an error");
  await page.keyboard.press("Escape");
  // A discussion record: the "record of" line.
  await page.getByTestId("critique-record").first().click();
  await expect(page.getByTestId("critique-record-of")).toBeVisible();
  await audit(page, "a critique discussion record");

  // A replay, paused part-way.
  await page.getByTestId("tab-live").click();
  await page.getByTestId("replay-start").click();
  await expect(page.getByTestId("replay-controls")).toBeVisible();
  await page.getByTestId("replay-speed").selectOption("16");
  await expect.poll(async () => page.getByTestId("message").count()).toBeGreaterThan(3);
  await page.getByTestId("replay-pause").click();
  await audit(page, "a paused replay");
  await page.getByTestId("replay-end").click();

  // A watcher's view, and the home page listing the parties.
  const { body: summary } = await c.json<PartySummary>(`/api/parties/${id}`);
  const watcher = await (await browser.newContext({ baseURL: sideServerUrl(server.opts.port) })).newPage();
  await watcher.goto(summary.watchUrl!);
  // A fresh browser folds the whole finished log before it shows the party: give a busy machine time.
  await expect(watcher.getByTestId("readonly-banner")).toBeVisible({ timeout: 30_000 });
  await expect(watcher.getByTestId("end-banner")).toBeVisible();
  await audit(watcher, "a watcher's view of the completed party");
  await watcher.context().close();

  await page.goto("/");
  await expect(page.getByTestId("recent-party").first()).toBeVisible();
  await audit(page, "the home page listing parties");
  await context.close();
});

test("classic mode on a 390 px phone: questions, constitution review, walkthrough, artifacts", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: sideServerUrl(server.opts.port), viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto("/");
  await audit(page, "the home page at 390 px");
  const c = await clientFor(context);
  const { body } = await c.json<{ id: string }>("/api/parties", {
    method: "POST",
    body: JSON.stringify({ title: "Runbooks", description: "An internal tool for on-call engineers to keep runbooks next to their alerts, with a timeline of each incident.", flags: ["--classic"] }),
  });
  const id = body.id;
  const party = new PartyPage(page);
  await page.goto(`/parties/${id}`);
  await party.waitForInput("vision_questions");
  await audit(page, "classic mode at 390 px, waiting for the answers");
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await driveUntil(c, id, (x) => x.pendingInput?.kind === "constitution_review");
  await party.waitForInput("constitution_review");
  await audit(page, "the constitution review panel at 390 px");
  await driveUntil(c, id, (x) => x.pendingInput?.kind === "walkthrough");
  await party.waitForInput("walkthrough");
  await audit(page, "the walkthrough panel at 390 px");

  await driveUntil(c, id, (x) => x.status === "completed");
  await expect(page.getByTestId("party-dashboard")).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await audit(page, "a completed classic party at 390 px");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await audit(page, "a completed classic party at 390 px, dark");
  await page.emulateMedia({ colorScheme: "light" });
  await page.getByTestId("tab-artifacts").click();
  await selectArtifact(page, "docs/architecture/data-model.md");
  await audit(page, "the data model (table) at 390 px");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
