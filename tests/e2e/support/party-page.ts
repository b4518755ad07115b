// Page object for the party dashboard: answers whatever the team asks until the party
// ends, and reads what the dashboard shows through its data-testid hooks.
import { expect, type Locator, type Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { readFile } from "node:fs/promises";

export const VISION_ANSWERS =
  "Patients are adults in the EU booking same-day appointments; nurses triage a queue of about 200 requests a day. " +
  "Success is median time from request to nurse decision under 10 minutes. We use TypeScript and PostgreSQL today, " +
  "must keep health data in the EU, and have one small team of four developers.";

export type Answerer = (panel: Locator, kind: string, page: Page) => Promise<boolean>;

/** Selects an artifact in the list; returns its view once it shows that file. */
export async function selectArtifact(page: Page, p: string): Promise<Locator> {
  await page.locator(`[data-testid="artifact-item"][data-path="${p}"] button`).click();
  const view = page.getByTestId("artifact-view");
  await expect(view).toHaveAttribute("data-path", p);
  return view;
}

export class PartyPage {
  constructor(readonly page: Page) {}

  get dashboard(): Locator {
    return this.page.getByTestId("party-dashboard");
  }

  /** An input panel that is waiting for this browser's answer. */
  get openInput(): Locator {
    return this.page.locator('[data-testid="input-panel"][data-state="editing"]');
  }

  get finished(): Locator {
    return this.page.locator('[data-testid="party-dashboard"]:is([data-status="completed"],[data-status="failed"],[data-status="cancelled"])');
  }

  messages(): Locator {
    return this.page.getByTestId("message");
  }

  async partyId(): Promise<string> {
    const id = await this.dashboard.getAttribute("data-party-id");
    expect(id).toBeTruthy();
    return id!;
  }

  async waitForInput(kind?: string, timeout = 180_000): Promise<Locator> {
    const panel = kind ? this.page.locator(`[data-testid="input-panel"][data-state="editing"][data-kind="${kind}"]`) : this.openInput;
    await expect(panel).toBeVisible({ timeout });
    return panel;
  }

  /** Picks an option by its key and sends, the way a keyboard user would. */
  async choose(panel: Locator, key: string, text?: string): Promise<void> {
    await panel.locator(`[data-testid="input-option"][data-key="${key}"]`).click();
    if (text !== undefined) await panel.getByTestId("input-text").fill(text);
    await this.send(panel);
  }

  async send(panel: Locator): Promise<void> {
    const id = await panel.getAttribute("data-request-id");
    await panel.getByTestId("input-submit").click();
    await expect(this.page.locator(`[data-testid="input-panel"][data-request-id="${id}"]`)).toHaveCount(0, { timeout: 60_000 });
  }

  /** The default answer for each kind: the happy path through the whole flow. */
  async answer(panel: Locator): Promise<void> {
    const kind = (await panel.getAttribute("data-kind")) ?? "";
    if (kind === "mode") return this.choose(panel, "1");
    if (kind === "vision_questions") {
      await panel.getByTestId("input-text").fill(VISION_ANSWERS);
      return this.send(panel);
    }
    if (kind === "stack_approval") return this.choose(panel, "Y");
    // The walkthrough's review: every step's recommendation is already selected; one Confirm.
    if (kind === "walkthrough" && (await panel.getByTestId("walkthrough-review").count()) > 0) return this.send(panel);
    const options = panel.getByTestId("input-option");
    if ((await options.count()) > 0) {
      const key = (await options.first().getAttribute("data-key"))!;
      return this.choose(panel, key);
    }
    await panel.getByTestId("input-text").fill("Looks right to me.");
    return this.send(panel);
  }

  /**
   * Answers every request until the party ends. `custom` may handle a request itself
   * (return true) — e.g. to test one kind in detail.
   */
  async runToEnd(custom?: Answerer, timeout = 600_000): Promise<string> {
    const deadline = Date.now() + timeout;
    const kinds: string[] = [];
    for (;;) {
      await expect(this.openInput.or(this.finished).first()).toBeVisible({ timeout: Math.max(1_000, deadline - Date.now()) });
      if (await this.finished.isVisible()) break;
      const panel = this.openInput.first();
      const kind = (await panel.getAttribute("data-kind")) ?? "";
      kinds.push(kind);
      if (!(custom && (await custom(panel, kind, this.page)))) await this.answer(panel);
    }
    return kinds.join(",");
  }

  /** Clicks "Download all (.zip)" and returns the zip's file names. */
  async downloadBundle(): Promise<string[]> {
    await this.page.getByTestId("tab-artifacts").click();
    const [download] = await Promise.all([this.page.waitForEvent("download"), this.page.getByTestId("download-all").click()]);
    const path = await download.path();
    const files = unzipSync(new Uint8Array(await readFile(path)));
    return Object.keys(files).sort();
  }
}

export async function startKickoff(page: Page, opts: { title: string; description: string; mode?: "1" | "2" }): Promise<PartyPage> {
  await page.goto("/");
  await page.getByLabel("Project title").fill(opts.title);
  await page.getByLabel("Describe your project").fill(opts.description);
  if (opts.mode) {
    await page.getByLabel("Describe your project").press("Tab");
    await page.keyboard.press(opts.mode);
  }
  await page.getByTestId("start-kickoff").click();
  return openedParty(page);
}

/**
 * After submitting the kickoff form: the dashboard, or a failure that says what the
 * server answered (instead of a bare navigation timeout).
 */
export async function openedParty(page: Page): Promise<PartyPage> {
  const refused = page.getByTestId("form-error");
  const party = new PartyPage(page);
  await expect(refused.or(party.dashboard)).toBeVisible({ timeout: 30_000 });
  if (await refused.isVisible()) throw new Error(`the kickoff was refused: ${await refused.textContent()}`);
  await expect(page).toHaveURL(/\/parties\/[\w-]+$/);
  return party;
}

/** The browser's own view of the stored log: every stored message-delta of one message. */
export async function storedMessageText(page: Page, partyId: string, messageId: string): Promise<string> {
  return page.evaluate(
    ({ partyId, messageId }) =>
      new Promise<string>((resolve, reject) => {
        const es = new EventSource(`/api/parties/${partyId}/events`);
        let text = "";
        const timer = setTimeout(() => {
          es.close();
          reject(new Error("timed out reading the log"));
        }, 30_000);
        es.addEventListener("message-delta", (ev) => {
          const e = JSON.parse((ev as MessageEvent<string>).data);
          if (typeof e.seq !== "number" || e.data.messageId !== messageId) return;
          if (e.data.offset <= text.length) text = text.slice(0, e.data.offset) + e.data.text;
        });
        es.addEventListener("message-discard", (ev) => {
          const e = JSON.parse((ev as MessageEvent<string>).data);
          if (e.data.messageId === messageId) text = "";
        });
        es.addEventListener("message-end", (ev) => {
          const e = JSON.parse((ev as MessageEvent<string>).data);
          if (e.data.messageId !== messageId) return;
          clearTimeout(timer);
          es.close();
          resolve(text);
        });
      }),
    { partyId, messageId },
  );
}

/** Test-only knob: E2E_BASE_URL=http://localhost:PORT when the server's origin check needs it. */
export const baseUrlOverride = process.env.E2E_BASE_URL ? { baseURL: process.env.E2E_BASE_URL } : {};

/** Base URL for a test's own server (ServerProcess), on the same host as the main one. */
export function sideServerUrl(port: number): string {
  const host = new URL(process.env.E2E_BASE_URL ?? "http://127.0.0.1").hostname;
  return `http://${host}:${port}`;
}
