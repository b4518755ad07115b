// What a person sees, as pictures: every screen of one party at 1280×900 and 390×844, in
// the light and the dark scheme, saved under test-results/screens/ (CI keeps them as
// artifacts), with the axe audit of each in both schemes and a check that nothing
// scrolls the page sideways on the phone. Its own server with a fast offline model.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ServerProcess } from "../support/server";
import { audit } from "./support/axe";
import { PartyPage, selectArtifact, sideServerUrl, startKickoff } from "./support/party-page";
import { portOf } from "../support/ports";

test.setTimeout(15 * 60_000);
test.use({ actionTimeout: 30_000 });

const SHOTS = path.join("test-results", "screens");
const SIZES = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;
const SCHEMES = ["light", "dark"] as const;

const GARDEN_ANSWERS =
  "Members are about 60 households in one town; coordinators are three volunteers. Success is every plot booked " +
  "without a spreadsheet by spring. We run it on one small server with PostgreSQL, and one volunteer knows Python.";

let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dataDir = mkdtempSync(path.join(tmpdir(), "ip-screens-"));
  server = new ServerProcess({ port: portOf("screens"), env: { DATA_DIR: dataDir, OFFLINE_MODEL_TPS: "2000", OFFLINE_MODEL_FIRST_TOKEN_MS: "5" } });
  await server.start();
});

test.afterAll(async () => {
  await server?.signal("SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The page as it is now, in each size and scheme: a screenshot (the first screen; the
 * whole page for short ones), the axe audit,
 * and on the phone no sideways scroll. The scheme is the browser's preference; the
 * page's own toggle (if set) is cleared so the preference applies.
 */
async function capture(page: Page, name: string, fullPage = false): Promise<void> {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      // Layout and Mermaid re-render after a resize or a scheme change.
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${size}-${scheme}.png`), fullPage });
      if (size === "phone") {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect.soft(overflow, `${name} scrolls sideways by ${overflow}px at 390 px (${scheme})`).toBeLessThanOrEqual(0);
      }
    }
    await page.setViewportSize(SIZES.desktop);
    await audit(page, `${name} (${scheme} scheme)`);
  }
  await page.emulateMedia({ colorScheme: null });
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: sideServerUrl(server.opts.port), viewport: SIZES.desktop });
  // A remembered toggle would override the preference being photographed.
  await context.addInitScript(() => {
    try {
      localStorage.removeItem("ip-theme");
    } catch {
      // storage may be unavailable (about:blank): nothing to clear
    }
  });
  return context.newPage();
}

test("every screen of a party, 1280 and 390 px, light and dark", async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto("/");
  await expect(page.getByTestId("recent-empty")).toBeVisible();
  await capture(page, "01-home-empty", true);

  const party: PartyPage = await startKickoff(page, {
    title: "Garden plots",
    description: "A shared calendar for a community garden: members book plots and tools, coordinators approve requests, and everyone gets a weekly digest email. Volunteers run it on a small budget.",
  });
  const questions = await party.waitForInput("vision_questions");
  await capture(page, "02-vision-questions");
  await questions.getByTestId("input-text").fill(GARDEN_ANSWERS);
  await party.send(questions);

  const stack = await party.waitForInput("stack_approval");
  await capture(page, "03-stack-approval");
  await party.answer(stack);

  await party.runToEnd();
  await expect(party.finished).toBeVisible();
  await capture(page, "04-finished-conversation");

  await page.getByTestId("tab-artifacts").click();
  await selectArtifact(page, "docs/project-brief.md");
  await capture(page, "05-artifact-brief");
  await selectArtifact(page, "docs/architecture/data-model.md");
  await capture(page, "06-artifact-data-model");

  await page.goto("/");
  await expect(page.getByTestId("recent-parties")).toBeVisible();
  await capture(page, "07-home-recent", true);
  await page.context().close();
});
