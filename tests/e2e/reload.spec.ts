// A reload renders the party from a snapshot folded on the server: a finished party shows
// its team at once, and a live one shows its conversation before the stream brings
// anything and then keeps streaming from where the snapshot ended.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { markupOf } from "../support/page-visible";
import { DEFAULT_ANSWERS, ServerProcess, type LogEvent } from "../support/server";
import { baseUrlOverride, sideServerUrl } from "./support/party-page";
import { portOf } from "../support/ports";

test.use({ ...baseUrlOverride, actionTimeout: 30_000 });
test.setTimeout(10 * 60_000);

const DESCRIPTION = "A live multiplayer quiz for pub nights: a host runs rounds from a laptop, players answer on their phones, scores update in real time.";

interface Summary {
  status: string;
  pendingInput: { id: string; kind: string } | null;
}

/** A party created through the API with this browser's guest cookie (the page then opens as its owner). */
async function createParty(request: APIRequestContext, title: string): Promise<string> {
  expect((await request.post("/api/session")).status()).toBe(204);
  const r = await request.post("/api/parties", { data: { title, description: DESCRIPTION, mode: "party" } });
  expect(r.status(), await r.text()).toBe(201);
  return ((await r.json()) as { id: string }).id;
}

/** Answers every question with the defaults until `done` holds for the summary. */
async function driveUntil(request: APIRequestContext, id: string, done: (s: Summary) => boolean, timeoutMs: number): Promise<Summary> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = (await (await request.get(`/api/parties/${id}`)).json()) as Summary;
    if (done(s)) return s;
    if (["failed", "cancelled", "completed"].includes(s.status) || Date.now() > deadline) throw new Error(`party ${id} is ${s.status}, waiting on ${s.pendingInput?.kind ?? "nothing"}`);
    if (s.status === "awaiting_input" && s.pendingInput) {
      await request.post(`/api/parties/${id}/input`, { data: { requestId: s.pendingInput.id, ...(DEFAULT_ANSWERS[s.pendingInput.kind] ?? { selection: "1" }) } });
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The stored log as the owner reads it (a finished party's stream ends after party-end). */
async function readLog(request: APIRequestContext, id: string): Promise<LogEvent[]> {
  const text = await (await request.get(`/api/parties/${id}/events`, { timeout: 30_000 })).text();
  return text
    .split("\n\n")
    .filter((f) => /^id: /m.test(f))
    .map((f) => JSON.parse(f.split("\n").find((l) => l.startsWith("data: "))!.slice(6)) as LogEvent);
}

/** Records whether the loading skeleton was ever in the page (from the first parsed byte on). */
async function watchForSkeleton(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __sawSkeleton: boolean };
    w.__sawSkeleton = false;
    const check = () => {
      if (document.querySelector('[data-testid="dashboard-loading"]')) w.__sawSkeleton = true;
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  });
}
const sawSkeleton = (page: Page) => page.evaluate(() => (window as unknown as { __sawSkeleton: boolean }).__sawSkeleton);

test("a finished party shows its whole team on reload, from the server-rendered page alone", async ({ page }) => {
  const id = await createParty(page.request, "Quiz night (reload, finished)");
  await driveUntil(page.request, id, (s) => s.status === "completed", 300_000);
  const log = await readLog(page.request, id);
  const spoke = new Set(log.filter((e) => e.type === "message-end").map((e) => String(e.data.sender)));
  const names = [...new Set(log.filter((e) => e.type === "agent-spawn" && spoke.has(String(e.data.agent))).map((e) => String(e.data.name)))];
  expect(names.length).toBeGreaterThan(2);

  // The HTML itself names the team (not only the RSC payload beside it).
  const html = markupOf(await (await page.request.get(`/parties/${id}`)).text());
  for (const name of names) expect(html, name).toContain(name);

  await watchForSkeleton(page);
  await page.goto(`/parties/${id}`);
  const dashboard = page.getByTestId("party-dashboard");
  await expect(dashboard).toHaveAttribute("data-status", "completed");

  // Reloaded with the event stream refused: all it shows came from the server's snapshot.
  // (How fast is the bench's "reload" row; here only where it came from is checked.)
  await page.route(/\/api\/parties\/[^/]+\/events/, (route) => route.abort());
  const t0 = Date.now();
  await page.reload();
  await expect(page.getByTestId("team")).toBeVisible();
  for (const name of names) await expect(page.getByTestId("agent-card").filter({ hasText: name }).first()).toBeVisible();
  console.log(`reload of a finished party (${log.length} events): team shown after ${Date.now() - t0} ms`);
  expect(await sawSkeleton(page)).toBe(false);
  await expect(dashboard).toHaveAttribute("data-status", "completed");
  await expect(page.getByTestId("end-banner")).toHaveAttribute("data-status", "completed");
  await page.unroute(/\/api\/parties\/[^/]+\/events/);

  // The replay still plays the whole log: it fetches the events the snapshot folded.
  await page.getByTestId("replay-start").click();
  await expect(page.getByTestId("replay-controls")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("message").first()).toBeVisible({ timeout: 30_000 });
});

test("a live party reloaded mid-run shows its messages before any stream event, then keeps streaming", async ({ browser }) => {
  // Its own server with a slow model, so the party is surely still streaming across the
  // reload: at 60 tokens/s the debate goes on for about 19 s after its first message shows
  // (38 s at 30, which made the vision phase before it take 28 s instead of 14).
  const dataDir = mkdtempSync(path.join(tmpdir(), "ip-snapshot-"));
  const port = portOf("reload");
  const s = new ServerProcess({ port, env: { DATA_DIR: dataDir, OFFLINE_MODEL_TPS: "60", OFFLINE_MODEL_FIRST_TOKEN_MS: "50" } });
  try {
    await s.start();
    const context = await browser.newContext({ baseURL: sideServerUrl(port) });
    const page = await context.newPage();
    const id = await createParty(page.request, "Quiz night (reload, live)");
    // Answer the vision questions, then reload while the stack debate streams.
    const asked = await driveUntil(page.request, id, (x) => x.pendingInput?.kind === "vision_questions", 240_000);
    const answered = await page.request.post(`/api/parties/${id}/input`, { data: { requestId: asked.pendingInput!.id, ...DEFAULT_ANSWERS.vision_questions } });
    expect(answered.status(), await answered.text()).toBeLessThan(300);
    await watchForSkeleton(page);
    await page.goto(`/parties/${id}`);
    const debating = page.locator('[data-testid="message"][data-status="streaming"][data-phase="2"]');
    await expect(debating.first()).toBeVisible({ timeout: 240_000 });
    const before = await page.locator('[data-testid="message"][data-status="done"]').evaluateAll((els) => els.map((e) => e.getAttribute("data-message-id")!));
    expect(before.length).toBeGreaterThan(0);

    // Hold the event stream: whatever the reloaded page shows until it is let through came from the server.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/api\/parties\/[^/]+\/events/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: "domcontentloaded" });
    const dashboard = page.getByTestId("party-dashboard");
    await expect(dashboard).toBeVisible({ timeout: 5_000 });
    for (const m of before) await expect(page.locator(`[data-testid="message"][data-message-id="${m}"]`)).toHaveAttribute("data-status", "done", { timeout: 5_000 });
    expect(await sawSkeleton(page)).toBe(false);
    const textAt = () => page.getByTestId("message").evaluateAll((els) => els.reduce((n, e) => n + Number(e.getAttribute("data-text-length") ?? 0), 0));
    const shown = await textAt();

    // Let the stream through: it resumes after the snapshot and the conversation grows.
    // (The route stays: with the hold released it lets every request through.)
    release();
    await expect(page.getByTestId("connection")).toHaveAttribute("data-state", "live", { timeout: 30_000 });
    await expect.poll(textAt, { timeout: 60_000 }).toBeGreaterThan(shown);
    const ids = await page.getByTestId("message").evaluateAll((els) => els.map((e) => e.getAttribute("data-message-id")));
    expect(new Set(ids).size).toBe(ids.length);
    await context.close();
  } finally {
    await s.signal("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
