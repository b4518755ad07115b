// Steering and iterating in the dashboard: the person speaks to one agent while the team
// waits on its questions and reads the answer; a second browser becomes an owner through
// the owner link and answers the next question; the walkthrough's choices act; after the
// end, the data model is revised and its two versions compared; next steps are buttons
// that act. A party whose data modeler fails for good says so in a banner, and "Write it
// now" writes the document.
import { expect, test, type Browser } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client, driveUntil, ServerProcess } from "../support/server";
import { audit } from "./support/axe";
import { selectArtifact } from "./support/party-page";
import { portOf } from "../support/ports";

test.setTimeout(6 * 60_000);

const DATA_MODEL = "docs/architecture/data-model.md";
const DESCRIPTION =
  "An app for a neighbourhood tool library: members borrow drills, ladders and sewing machines, volunteers check items in and out, and overdue reminders go out by email. No payments.";

const dirs: string[] = [];
let started = 0;
test.afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function server(env: Record<string, string> = {}): ServerProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ip-steer-"));
  dirs.push(dataDir);
  return new ServerProcess({ port: portOf("steering", started++), env: { DATA_DIR: dataDir, OFFLINE_MODEL_TPS: "2000", OFFLINE_MODEL_FIRST_TOKEN_MS: "5", ...env } });
}

/** A party created with the page's own cookie, so the page is its owner; the client answers through the API. */
async function ownParty(browser: Browser, s: ServerProcess) {
  const context = await browser.newContext({ baseURL: s.url });
  // The page's party streams, to see when it has stopped listening (closed by the page or by the server).
  await context.addInitScript(() => {
    const streams: EventSource[] = [];
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        if (/\/api\/parties\/[^/]+\/events/.test(String(url))) streams.push(this);
      }
    };
    (window as unknown as { __openPartyStreams: () => number }).__openPartyStreams = () => streams.filter((e) => e.readyState !== Native.CLOSED).length;
  });
  const page = await context.newPage();
  await page.goto("/");
  const c = new Client(s);
  c.cookie = (await context.cookies()).map((k) => `${k.name}=${k.value}`).join("; ");
  const { body } = await c.json<{ id: string }>("/api/parties", { method: "POST", body: JSON.stringify({ title: "Tool library", description: DESCRIPTION, flags: ["--party"] }) });
  await page.goto(`/parties/${body.id}`);
  await expect(page.getByTestId("party-dashboard")).toBeVisible();
  return { context, page, c, id: body.id };
}

test("speak to one agent, continue on another device, revise and compare versions, next steps act", async ({ browser }) => {
  const s = server();
  try {
    await s.start();
    const { context, page, c, id } = await ownParty(browser, s);

    // 1. The council waits on its questions: ask one of its agents something.
    await driveUntil(c, id, (x) => x.pendingInput?.kind === "vision_questions");
    const composer = page.getByTestId("room-composer");
    await expect(composer).toBeVisible();
    const to = composer.getByTestId("room-to");
    const agent = await to.locator("option").nth(1).getAttribute("value");
    expect(agent).toBeTruthy();
    await to.selectOption(agent!);
    const text = page.getByTestId("room-text");
    // C, from outside any text field, goes to the box (the questions have no [C] option).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("c");
    await expect(text).toBeFocused();
    await expect(text).toHaveValue("");
    // Empty text: said inline, nothing sent.
    await text.press("Enter");
    await expect(page.getByTestId("room-error")).toHaveText("Write a message first.");
    await text.fill("Would SQLite be enough here? We only run one small server.");
    await expect(page.getByTestId("room-error")).toHaveCount(0);
    await text.press("Enter");
    const mine = page.locator('[data-testid="message"][data-sender="user"]');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText("Would SQLite be enough here?");
    await expect(text).toHaveValue("");
    const myId = await mine.getAttribute("data-message-id");
    await audit(page, "the room composer and the person's own message");

    // 2. Another browser opens the owner link and answers the council from there.
    await page.getByTestId("owner-link-panel").locator("summary").click();
    const ownerUrl = await page.getByTestId("owner-url").inputValue();
    await audit(page, "the owner link panel");
    const phone = await browser.newContext({ baseURL: s.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const other = await phone.newPage();
    await other.goto(ownerUrl);
    // Opening the link only asks; the confirmation (a POST from that page) makes the owner.
    await expect(other).toHaveURL(new RegExp(`/parties/${id}/join\\?token=`));
    await audit(other, "the owner link's confirmation page");
    await other.getByTestId("join-confirm").click();
    await expect(other).toHaveURL(new RegExp(`/parties/${id}$`));
    await expect(other.getByTestId("party-dashboard")).toHaveAttribute("data-readonly", "false");
    await audit(other, "the party on a phone opened through the owner link");
    const answer = other.locator('[data-testid="input-panel"][data-state="editing"]');
    await answer.getByTestId("input-text").first().fill("Members are neighbours of all ages; about 300 items; volunteers staff two evenings a week. Success: 80% of loans returned on time.");
    await answer.getByTestId("input-submit").click();
    await expect(page.locator(`[data-testid="feed-input"][data-answered="true"]`).first()).toBeVisible({ timeout: 30_000 });

    // The agent asked answers the person, about what was asked.
    const reply = page.locator(`[data-testid="message"][data-sender="${agent}"][data-recipient="user"]`).filter({ hasText: /SQLite/i });
    await expect(reply.first()).toBeVisible({ timeout: 60_000 });
    expect(await reply.first().getAttribute("data-reply-to")).toContain(myId!);

    // 3. To the end; then revise the data model and compare its versions.
    await driveUntil(c, id, (x) => x.status === "completed");
    await expect(page.getByTestId("party-dashboard")).toHaveAttribute("data-status", "completed");
    // After the party a remark is still taken: it becomes a revision of the documents it concerns, and the reply says what changed.
    await expect(page.getByTestId("room-to-team")).toContainText("your remark revises the documents it concerns");
    // A finished party's page stops listening once the stream has been quiet for a while
    // (use-party-stream.ts): a remark sent after that must bring it back, or the person
    // never sees their own message nor the reply.
    await expect.poll(() => page.evaluate(() => (window as unknown as { __openPartyStreams: () => number }).__openPartyStreams()), { timeout: 30_000 }).toBe(0);
    await text.fill("Our tone of voice is friendly and local.");
    await text.press("Enter");
    const sent = page.getByTestId("room-composer").getByRole("status");
    await expect(sent).toContainText(/becomes a revision of .*Project Brief/);
    await expect(sent).not.toContainText(/POST|\/api\//);
    const remark = page.locator('[data-testid="message"][data-sender="user"]').last();
    await expect(remark.getByTestId("message-carried")).toHaveAttribute("data-where", "revision");
    const remarkId = await remark.getAttribute("data-message-id");
    const answered = page.locator(`[data-testid="message"][data-recipient="user"][data-reply-to*="${remarkId}"]`);
    await expect(answered).toContainText(/Project Brief \(version 2\)/, { timeout: 90_000 });
    // The walkthrough's "Apply recommended" acted: it says so, and the skill report is at its second version.
    await expect(page.getByTestId("note").filter({ hasText: /Step 2\.5 — Permission audit: .*recorded in the skill report/ })).toHaveCount(1);
    await page.getByTestId("tab-artifacts").click();
    await expect(page.locator('[data-testid="artifact-item"][data-path="docs/isdlc/skill-customization-report.md"]')).toContainText(/· v[2-9]/);
    await selectArtifact(page, DATA_MODEL);
    await page.getByTestId("revise-open").click();
    await expect(page.getByTestId("revise-text")).toBeFocused();
    await page.getByTestId("revise-text").fill("Add an index on every foreign key, and say how long deleted members' data is kept.");
    await audit(page, "the revise form");
    await page.getByTestId("revise-send").click();
    await expect(page.getByTestId("revision-last")).toContainText("Last revision: v2", { timeout: 90_000 });
    await expect(page.getByTestId("version-picker")).toHaveValue("2");
    await page.getByTestId("version-compare").selectOption("1");
    const diff = page.getByTestId("version-diff");
    await expect(diff).toContainText("From v1 to v2");
    expect(await diff.getByTestId("diff-added").count()).toBeGreaterThan(0);
    await audit(page, "the diff between two versions");
    await page.getByTestId("version-compare").selectOption("");
    await page.getByTestId("version-picker").selectOption("1");
    await expect(page.getByTestId("artifact-body")).toHaveAttribute("data-version", "1");
    // The API serves both versions; the latest is the default.
    const v1 = await (await c.req(`/api/parties/${id}/artifacts/${DATA_MODEL}?version=1`)).text();
    const latest = await (await c.req(`/api/parties/${id}/artifacts/${DATA_MODEL}`)).text();
    expect(latest).not.toBe(v1);

    // 4. Next steps are buttons: "Review the artifacts" opens them, and every button names its action.
    await page.getByTestId("tab-live").click();
    const steps = page.getByTestId("next-step");
    expect(await steps.count()).toBeGreaterThan(0);
    const openArtifacts = steps.filter({ hasText: /^Review the artifacts$/ });
    if (await openArtifacts.count()) {
      await openArtifacts.first().click();
      await expect(page.getByTestId("tab-artifacts")).toHaveAttribute("aria-selected", "true");
    }
    await phone.close();
    await context.close();
  } finally {
    await s.signal("SIGKILL");
  }
});

test("an agent that fails for good: a banner says which document is missing, and Write it now writes it", async ({ browser }) => {
  const s = server({ OFFLINE_MODEL_FAULTS: "throw:data_modeler:2" });
  try {
    await s.start();
    const { context, page, c, id } = await ownParty(browser, s);
    await driveUntil(c, id, (x) => x.status === "completed");
    const banner = page.getByTestId("missing-artifacts");
    await expect(banner).toContainText("The data model could not be written: Data Model Designer failed twice");
    // The completion banner does not say "ready" over it: it names the document as an open end.
    const end = page.getByTestId("end-banner");
    await expect(end).toHaveAttribute("data-open-ends", "true");
    await expect(end.locator(`[data-testid="end-missing"][data-path="${DATA_MODEL}"]`)).toHaveText("Data Model was never written.");
    await audit(page, "the missing-document banner");
    await expect(page.locator(`[data-testid="artifact-item"][data-path="${DATA_MODEL}"]`)).toHaveCount(0);
    const { body } = await c.json<{ missingArtifacts: string[] }>(`/api/parties/${id}`);
    expect(body.missingArtifacts).toEqual([DATA_MODEL]);
    // The fault was the agent's, not the document's: on a server without it, Write it now succeeds.
    await s.signal("SIGTERM");
    delete s.opts.env.OFFLINE_MODEL_FAULTS;
    await s.start();
    await page.reload();
    await expect(banner).toBeVisible();
    await banner.getByTestId("write-missing").click();
    await expect(page.getByTestId("missing-artifacts")).toHaveCount(0, { timeout: 90_000 });
    await expect(end.getByTestId("end-missing")).toHaveCount(0);
    await page.getByTestId("tab-artifacts").click();
    const view = await selectArtifact(page, DATA_MODEL);
    await expect(view).toContainText("Data Model");
    expect((await c.json<{ missingArtifacts: string[] }>(`/api/parties/${id}`)).body.missingArtifacts).toEqual([]);
    await context.close();
  } finally {
    await s.signal("SIGKILL");
  }
});
