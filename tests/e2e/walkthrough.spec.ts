// The person's turn, seen whole and never covered: the walkthrough as one review screen
// (every step in order, its recommended choice selected, what it means, one Confirm that
// completes the party; a bad answer through the API is a 422 naming the field and changes
// nothing), "Jump to latest" never over the question being answered at 1280 and 390 px,
// picking an artifact on a phone scrolls to it, and the data model's ER diagram legible in
// the dark scheme. Screenshots of the review at 1280 and 390 px, light and dark, go to
// test-results/screens/ with an axe audit of each. Its own servers with the offline model.
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, driveUntil, ServerProcess, type PartySummary } from "../support/server";
import { audit } from "./support/axe";
import { PartyPage, selectArtifact, sideServerUrl } from "./support/party-page";
import { portOf } from "../support/ports";

test.setTimeout(8 * 60_000);
test.use({ actionTimeout: 30_000 });

const SHOTS = path.join("test-results", "screens");
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const DATA_MODEL = "docs/architecture/data-model.md";
const DESCRIPTION =
  "A booking app for a small chain of barber shops: customers book a barber and a time slot, barbers see their day, the owner sees no-shows per shop. SMS reminders the day before.";

let server: ServerProcess;
let dataDir: string;
/** The watch link of the party the first test completes through the review screen (the later ones read it). */
let completed: string | null = null;

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dataDir = mkdtempSync(path.join(tmpdir(), "ip-walkthrough-"));
  server = new ServerProcess({ port: portOf("walkthrough"), env: { DATA_DIR: dataDir, OFFLINE_MODEL_TPS: "2000", OFFLINE_MODEL_FIRST_TOKEN_MS: "5" } });
  await server.start();
});

test.afterAll(async () => {
  await server?.signal("SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function newContext(browser: Browser, s: ServerProcess, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: sideServerUrl(s.opts.port), viewport, ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}) });
  // A remembered theme toggle would override the scheme being photographed.
  await context.addInitScript(() => {
    try {
      localStorage.removeItem("ip-theme");
    } catch {
      // storage may be unavailable (about:blank): nothing to clear
    }
  });
  return context;
}

/** The API as this browser (its guest cookie), so the parties it starts are the page's own. */
async function clientFor(s: ServerProcess, context: BrowserContext, page: Page): Promise<Client> {
  await page.goto("/");
  const c = new Client(s);
  c.cookie = (await context.cookies()).map((k) => `${k.name}=${k.value}`).join("; ");
  return c;
}

async function newParty(c: Client, description = DESCRIPTION): Promise<string> {
  const { status, body } = await c.json<{ id: string }>("/api/parties", { method: "POST", body: JSON.stringify({ title: "Barber bookings", description, flags: ["--party"] }) });
  expect(status).toBe(201);
  return body.id;
}

/** Screenshots of the page as it is at 1280 and 390 px in both schemes, and an axe audit in each scheme. */
async function capture(page: Page, name: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    for (const [size, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.getByTestId("input-panel").scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${name}-${size}-${scheme}.png`), fullPage: false });
      await page.getByTestId("input-panel").screenshot({ path: path.join(SHOTS, `${name}-${size}-${scheme}-panel.png`) });
      if (size === "phone") expect.soft(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} scrolls sideways at 390 px (${scheme})`).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize(DESKTOP);
    await audit(page, `${name} (${scheme} scheme)`);
  }
  await page.emulateMedia({ colorScheme: null });
}

interface ReviewStep {
  step: string;
  title: string;
  meaning: string;
  recommended: string;
  options: Array<{ key: string; label: string }>;
  commands?: Array<{ command: string; recommended: "allow" | "ask" }>;
}

test("the walkthrough is one review screen: the steps in order, each recommendation selected, one Confirm completes the party", async ({ browser }) => {
  const context = await newContext(browser, server, DESKTOP);
  const page = await context.newPage();
  const c = await clientFor(server, context, page);
  const id = await newParty(c);
  await driveUntil(c, id, (x) => x.pendingInput?.kind === "walkthrough");
  const { body: pending } = await c.json<{ id: string; details: { step: string; steps: ReviewStep[] } }>(`/api/parties/${id}/input`);
  expect(pending.details.step).toBe("review");
  const expected = pending.details.steps;
  expect(expected.map((s) => s.step)).toEqual(["architecture", "permissions", "coverage", "iteration", "next"]);

  await page.goto(`/parties/${id}`);
  const party = new PartyPage(page);
  const panel = await party.waitForInput("walkthrough");
  const steps = panel.getByTestId("review-step");
  await expect(steps).toHaveCount(5);
  expect(await steps.evaluateAll((els) => els.map((e) => e.getAttribute("data-step")))).toEqual(expected.map((s) => s.step));
  for (const [i, s] of expected.entries()) {
    const step = steps.nth(i);
    await expect(step.locator("legend").first()).toHaveText(s.title);
    await expect(step.getByTestId("review-meaning")).toHaveText(`What this means: ${s.meaning}`);
    // The recommended choice is the one selected, and it says so.
    const checked = step.locator('[data-testid="review-option"][data-checked="true"]');
    await expect(checked).toHaveCount(1);
    await expect(checked).toHaveAttribute("data-key", s.recommended);
    await expect(checked.getByTestId("review-recommended")).toHaveText("Recommended");
    await expect(step.locator('input[type="radio"]:checked')).toHaveValue(s.recommended);
  }
  // One Confirm for all of it; the first step's choice has the focus.
  await expect(panel.getByTestId("input-submit")).toHaveCount(1);
  await expect(panel.getByTestId("input-submit")).toHaveText("Confirm");
  await expect(steps.first().locator('input[type="radio"]:checked')).toBeFocused();

  await capture(page, "08-walkthrough-review");

  // A bad answer through the API is refused naming the field, and changes nothing.
  const bad = await c.json<{ error: { code: string; fields: Record<string, string> } }>(`/api/parties/${id}/input`, {
    method: "POST",
    body: JSON.stringify({ requestId: pending.id, selection: "1", text: JSON.stringify({ iteration: { choice: "2", config: { implementation: 50, testing: 5, circuit_breaker: 3 } } }) }),
  });
  expect(bad.status).toBe(422);
  expect(bad.body.error.fields).toEqual({ "text.iteration.config.implementation": "must be at most 20" });
  const notJson = await c.json<{ error: { fields: Record<string, string> } }>(`/api/parties/${id}/input`, { method: "POST", body: JSON.stringify({ requestId: pending.id, selection: "1", text: "skip the permissions" }) });
  expect(notJson.status).toBe(422);
  expect(Object.keys(notJson.body.error.fields)).toEqual(["text"]);
  const { body: still } = await c.json<PartySummary & { pendingInput: { id: string } }>(`/api/parties/${id}`);
  expect(still).toMatchObject({ status: "awaiting_input", pendingInput: { id: pending.id } });
  await expect(panel).toHaveAttribute("data-state", "editing");

  // Choices that differ: every command reviewed (the first one refused), custom limits, a question.
  let posts = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith(`/api/parties/${id}/input`)) posts++;
  });
  const permissions = steps.nth(1);
  await permissions.locator('[data-testid="review-option"][data-key="2"]').click();
  const commands = permissions.getByTestId("review-command");
  await expect(commands).toHaveCount(expected[1].commands!.length);
  const first = expected[1].commands![0];
  expect(first.recommended).toBe("allow");
  await commands.first().getByLabel("Ask first").check();
  const iteration = steps.nth(3);
  await iteration.locator('[data-testid="review-option"][data-key="2"]').click();
  const implementation = iteration.locator('[data-testid="review-limit"][data-name="implementation"]');
  await implementation.fill("30");
  await panel.getByTestId("input-submit").click();
  // Checked before sending: the field says why, and has the focus.
  await expect(iteration.getByTestId("review-error")).toHaveText("A whole number from 1 to 20.");
  await expect(implementation).toBeFocused();
  await expect(panel).toHaveAttribute("data-state", "editing");
  expect(posts).toBe(0);
  await implementation.fill("8");
  await expect(iteration.getByTestId("review-error")).toHaveCount(0);
  // A note folds away until asked for.
  await expect(steps.nth(4).getByTestId("review-note")).toBeHidden();
  await steps.nth(4).getByTestId("review-note-toggle").click();
  await steps.nth(4).getByTestId("review-note").fill("Which feature should come first?");
  await party.send(panel);
  expect(posts).toBe(1);

  await expect(page.getByTestId("party-dashboard")).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  await expect(page.getByTestId("end-banner")).toHaveAttribute("data-status", "completed");
  // Each step says what it did, in order; the answer is shown as the Confirm, not as its encoding.
  const notes = page.getByTestId("note").filter({ hasText: /^Step \d/ });
  await expect(notes).toHaveCount(5);
  expect(await notes.allTextContents()).toEqual([
    expect.stringMatching(/^Step 2 — Architecture & stack review: Walked through the architecture\./),
    expect.stringMatching(/^Step 2\.5 — Permission audit: \d+ command\(s\) allowed, \d+ to ask first, recorded in the skill report\./),
    expect.stringMatching(/^Step 3 — Test coverage gaps: Showed \d+ critical path/),
    "Step 3.5 — Iteration configuration: Iteration limits set: implementation 8, testing 5, circuit breaker 3.",
    expect.stringMatching(/^Step 4 — What next\?: Next: a new feature/),
  ]);
  const answered = page.locator(`[data-testid="feed-input"][data-request-id="${pending.id}"]`);
  await expect(answered).toContainText("[1] Confirm");
  await expect(answered).not.toContainText("{");
  // The orchestrator answered the question asked in the review.
  await expect(page.locator('[data-testid="message"][data-label="REPLY"]').first()).toBeVisible();
  const { body: state } = await c.json<{ discover: { walkthrough: Record<string, { record?: unknown; decisions?: Array<{ command: string; allowed: boolean }>; audit?: string }> } }>(`/api/parties/${id}/state.json`);
  expect(state.discover.walkthrough.permissions).toMatchObject({ choice: "Review each", audit: "reviewed" });
  expect(state.discover.walkthrough.permissions.decisions![0]).toEqual({ command: first.command, allowed: false });
  expect(state.discover.walkthrough.iteration).toMatchObject({ customized: true, config: { implementation: 8, testing: 5, circuit_breaker: 3 } });
  const { body: summary } = await c.json<PartySummary>(`/api/parties/${id}`);
  completed = summary.watchUrl;
  await context.close();
});

test("on a 390 px phone, picking an artifact scrolls to it", async ({ browser }) => {
  test.skip(!completed, "needs the party the review completed");
  const context = await newContext(browser, server, PHONE);
  const page = await context.newPage();
  await page.goto(`${completed}#artifacts`);
  await expect(page.getByTestId("artifact-list")).toBeVisible();
  for (const p of ["docs/architecture/architecture-overview.md", "docs/project-brief.md"]) {
    // The file list fills the screen; the file shown is below it, out of sight.
    const item = page.locator(`[data-testid="artifact-item"][data-path="${p}"] button`);
    await item.evaluate((el) => el.scrollIntoView({ block: "start", behavior: "instant" }));
    const view = page.getByTestId("artifact-view");
    await expect(page.locator("#artifact-title")).not.toBeInViewport();
    await item.click();
    await expect(view).toHaveAttribute("data-path", p);
    const title = page.locator("#artifact-title");
    await expect(title).toBeInViewport();
    await expect(title).toBeFocused();
    // Below the sticky phase bar, not under it.
    const bar = (await page.getByTestId("phase-bar").boundingBox())!;
    expect((await title.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
  }
  await context.close();
});

/** Relative luminance contrast of two CSS colours (rgb() / rgba() as computed). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? ["0", "0", "0"]).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test("the data model's ER diagram stays legible in the dark scheme", async ({ browser }) => {
  test.skip(!completed, "needs the party the review completed");
  for (const viewport of [DESKTOP, PHONE]) {
    const context = await newContext(browser, server, viewport);
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${completed}#artifacts`);
    const view = await selectArtifact(page, DATA_MODEL);
    const diagram = view.locator('[data-testid="mermaid-diagram"][data-state="ready"][data-theme="dark"]').first();
    await expect(diagram).toBeVisible({ timeout: 30_000 });
    // Every entity name and attribute as drawn: its size on screen and its contrast with the box behind it.
    const labels = await erLabels(diagram);
    expect(labels.length).toBeGreaterThan(3);
    for (const l of labels) {
      expect.soft(l.px, `"${l.text}" is drawn at ${l.px.toFixed(1)} px at ${viewport.width} px wide`).toBeGreaterThanOrEqual(12);
      expect.soft(contrast(l.color, l.background), `"${l.text}": ${l.color} on ${l.background}`).toBeGreaterThanOrEqual(4.5);
    }
    await diagram.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `09-er-diagram-${viewport.width}-dark.png`), fullPage: false });
    // Legible by scrolling its own box sideways (by keyboard too), never the page.
    if (viewport === PHONE) expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await audit(page, `the data model's ER diagram at ${viewport.width} px, dark`);
    await context.close();
  }
});

/** The ER diagram's text labels: the text, its on-screen font size, its colour and the fill of the shape it sits on. */
async function erLabels(diagram: Locator): Promise<Array<{ text: string; px: number; color: string; background: string }>> {
  return diagram.evaluate((fig) => {
    const svg = fig.querySelector("svg")!;
    const out: Array<{ text: string; px: number; color: string; background: string }> = [];
    const shapes = [...svg.querySelectorAll<SVGGraphicsElement>("rect, path, polygon")];
    const fillUnder = (r: DOMRect) => {
      // The smallest filled shape that contains the label's centre: the box it is drawn on.
      const cx = r.x + r.width / 2;
      const cy = r.y + r.height / 2;
      let best: { area: number; fill: string } | null = null;
      for (const s of shapes) {
        const b = s.getBoundingClientRect();
        const fill = getComputedStyle(s).fill;
        if (!fill || fill === "none" || /rgba\([^)]*,\s*0\)$/.test(fill)) continue;
        if (cx < b.left || cx > b.right || cy < b.top || cy > b.bottom) continue;
        const area = b.width * b.height;
        if (!best || area < best.area) best = { area, fill };
      }
      return best?.fill ?? getComputedStyle(fig.closest("article") ?? document.body).backgroundColor;
    };
    // SVG text and HTML labels (foreignObject) alike: every leaf element with text.
    for (const el of svg.querySelectorAll<HTMLElement | SVGElement>("text, tspan, foreignObject span, foreignObject p, foreignObject div")) {
      if ([...el.children].some((ch) => ch.textContent?.trim())) continue;
      const text = el.textContent?.trim() ?? "";
      if (!text) continue;
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      const cs = getComputedStyle(el);
      const color = el instanceof SVGElement && el.tagName !== "foreignObject" ? cs.fill : cs.color;
      // The font size as drawn: the computed size times the SVG's scale on screen.
      const ctm = (el instanceof SVGGraphicsElement ? el : (el.closest("foreignObject") as SVGGraphicsElement | null))?.getScreenCTM();
      const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 1;
      out.push({ text, px: parseFloat(cs.fontSize) * scale, color, background: fillUnder(r) });
    }
    return out;
  });
}

test("Jump to latest never covers the person's turn, at 1280 and 390 px", async ({ browser }) => {
  // A slow model, so the team is still writing while the page is scrolled away from it.
  const slowDir = mkdtempSync(path.join(tmpdir(), "ip-walkthrough-slow-"));
  const slow = new ServerProcess({ port: portOf("walkthroughSlow"), env: { DATA_DIR: slowDir, OFFLINE_MODEL_TPS: "40", OFFLINE_MODEL_FIRST_TOKEN_MS: "300" } });
  await slow.start();
  try {
    const context = await newContext(browser, slow, { width: 1280, height: 720 });
    const page = await context.newPage();
    const c = await clientFor(slow, context, page);
    // The party waits for its mode while the page opens: what the team writes next is news to it.
    const { body } = await c.json<{ id: string }>("/api/parties", { method: "POST", body: JSON.stringify({ title: "Barber bookings", description: DESCRIPTION }) });
    const id = body.id;
    await driveUntil(c, id, (x) => x.pendingInput?.kind === "mode");
    await page.goto(`/parties/${id}`);
    await new PartyPage(page).waitForInput("mode");
    await driveUntil(c, id, (x) => x.status === "in_progress" || x.pendingInput?.kind === "vision_questions");
    // Away from the end while the questions are written: the button offers the end (once
    // the conversation reaches below the window, scrolling up stops following it).
    await expect(page.locator('[data-testid="message"][data-status="streaming"]').first()).toBeVisible({ timeout: 60_000 });
    const jump = page.getByTestId("jump-to-latest");
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(jump).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 90_000 });
    // The questions arrive; the button stays (the newest is still below).
    const panel = await new PartyPage(page).waitForInput("vision_questions");
    await expect(jump).toBeVisible();

    for (const viewport of [{ width: 1280, height: 720 }, PHONE]) {
      await page.setViewportSize(viewport);
      const p = (await panel.boundingBox())!;
      const top = await page.evaluate(() => window.scrollY);
      // Between the question and the conversation: the phase list and the tabs.
      const gap = (await page.getByTestId("feed-body").boundingBox())!.y - (p.y + p.height);
      // Wherever the panel is on screen — filling it, its end in the middle, its end just
      // above the bottom edge, the conversation's start just on screen below it — the
      // button is not over it; where both can be on screen together, they are seen so.
      let seenTogether = false;
      for (const panelEndAt of [viewport.height + 200, viewport.height * 0.5, viewport.height - 30, viewport.height - 120 - gap]) {
        await page.evaluate((y) => window.scrollTo(0, Math.max(0, y)), top + p.y + p.height - panelEndAt);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const [b, q] = [await jump.boundingBox(), (await panel.boundingBox())!];
        const onScreen = Boolean(b && b.y < viewport.height && b.y + b.height > 0);
        if (b && onScreen) {
          const overlaps = b.x < q.x + q.width && q.x < b.x + b.width && b.y < q.y + q.height && q.y < b.y + b.height;
          expect(overlaps, `at ${viewport.width} px the button (${JSON.stringify(b)}) covers the question (${JSON.stringify(q)})`).toBe(false);
          if (q.y + q.height > 0 && q.y < viewport.height) seenTogether = true;
        }
        if (panelEndAt === viewport.height * 0.5) await page.screenshot({ path: path.join(SHOTS, `10-jump-and-question-${viewport.width}.png`) });
      }
      if (gap < viewport.height - 150) expect(seenTogether, `at ${viewport.width} px the button and the question were never on screen together`).toBe(true);
    }
    // It still works: from beside the question to the newest message.
    const p = (await panel.boundingBox())!;
    await page.evaluate((y) => window.scrollBy(0, y), p.y + p.height - PHONE.height * 0.5);
    await jump.click();
    await expect(page.getByTestId("feed-end")).toBeInViewport();
    await expect(jump).toBeHidden();
    await c.json(`/api/parties/${id}/cancel`, { method: "POST", body: "{}" });
    await context.close();
  } finally {
    await slow.signal("SIGKILL");
    rmSync(slowDir, { recursive: true, force: true });
  }
});
