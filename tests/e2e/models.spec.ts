// The Models page and the kickoff's model choice, as a person uses them: a local Ollama
// found by itself, a provider connected by key (a wrong key refused in plain words, the
// right one tested and saved), a kickoff on it with one agent on the local model, and
// each agent's model on the team cards. Its own server, pointed at two model servers the
// spec starts: one like Ollama, one OpenAI-compatible that checks its key. Screenshots at
// 1280 and 390 px in both schemes go to test-results/screens/.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startScriptedOpenAIServer, type ScriptedServer } from "../../lib/ai/testing/scripted-openai-server";
import { ServerProcess } from "../support/server";
import { audit } from "./support/axe";
import { sideServerUrl } from "./support/party-page";
import { portOf } from "../support/ports";

test.setTimeout(6 * 60_000);
test.use({ actionTimeout: 30_000 });

const KEY = "sk-e2e-correct-horse-battery-staple-4b2d";
const SHOTS = path.join("test-results", "screens");
const SIZES = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;

let server: ServerProcess;
let dataDir: string;
let ollama: ScriptedServer;
let provider: ScriptedServer;

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  ollama = await startScriptedOpenAIServer({ flavour: "ollama", models: ["llama3.2:latest"], tokensPerSecond: 300, ports: [0] });
  provider = await startScriptedOpenAIServer({ apiKey: KEY, models: ["scripted-llm", "scripted-llm-mini"], tokensPerSecond: 300, ports: [0] });
  dataDir = mkdtempSync(path.join(tmpdir(), "ip-models-"));
  server = new ServerProcess({
    port: portOf("models"),
    env: {
      DATA_DIR: dataDir,
      OFFLINE_MODEL_TPS: "2000",
      OFFLINE_MODEL_FIRST_TOKEN_MS: "5",
      OLLAMA_BASE_URL: ollama.url.replace(/\/v1$/, ""),
      LMSTUDIO_BASE_URL: "off",
      // The provider the person connects runs on this machine's loopback: allowed here.
      ALLOW_PRIVATE_MODEL_URLS: "true",
    },
  });
  await server.start();
});

test.afterAll(async () => {
  await server?.signal("SIGKILL");
  await ollama?.close();
  await provider?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: sideServerUrl(server.opts.port), viewport: SIZES.desktop });
  await context.addInitScript(() => {
    try {
      localStorage.removeItem("ip-theme");
    } catch {
      // storage may be unavailable (about:blank)
    }
  });
  return context.newPage();
}

/** The page in both sizes and schemes, with the axe audit of each scheme and no sideways scroll on the phone. */
async function capture(page: Page, name: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(SHOTS, `models-${name}-${size}-${scheme}.png`), fullPage: true });
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

test("connect a provider, test it, run a kickoff on it and see each agent's model", async ({ browser }) => {
  const page = await newPage(browser);

  // The kickoff form links to the Models page.
  await page.goto("/");
  await expect(page.getByTestId("team-model")).toBeEnabled();
  await page.getByTestId("manage-models").click();
  await expect(page).toHaveURL(/\/models$/);

  // The local Ollama was found by itself.
  await expect(page.getByTestId("local-ollama")).toHaveAttribute("data-found", "true");
  await expect(page.getByTestId("detected-model")).toHaveText(["llama3.2:latest · Ollama on the server"]);
  await expect(page.getByTestId("connections-empty")).toBeVisible();
  await capture(page, "01-empty");

  // A wrong key: refused in plain words, nothing saved.
  const form = page.getByTestId("add-connection");
  await form.getByTestId("provider-openai-compatible").click();
  await form.getByTestId("connection-base-url").fill(provider.url);
  await form.getByTestId("connection-api-key").fill("sk-e2e-wrong-key-000000000000");
  await form.getByTestId("connection-name").fill("Team gateway");
  await form.getByTestId("save-connection").click();
  await expect(form.getByTestId("connection-error")).toHaveText("The key was refused.");
  await expect(page.getByTestId("connections-empty")).toBeVisible();
  await capture(page, "02-key-refused");

  // The right key: tested, saved, listed with only its last four characters.
  await form.getByTestId("connection-api-key").fill(KEY);
  await form.getByTestId("save-connection").click();
  await expect(form.getByTestId("connection-added")).toContainText("Connected “Team gateway”: 2 models, first token in");
  const item = page.getByTestId("connection");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("key ending 4b2d");
  await expect(page.locator("body")).not.toContainText(KEY.slice(0, -4));
  await expect(form.getByTestId("connection-api-key")).toHaveValue("");

  // Test it again from the list.
  await item.getByTestId("test-connection").click();
  await expect(item.getByTestId("test-result")).toHaveAttribute("data-ok", "true");
  await expect(item.getByTestId("test-result")).toContainText(/Works: 2 models, first token in \d+ ms/);
  await capture(page, "03-connected");
  const connectionId = (await item.getAttribute("data-connection"))!;

  // A kickoff on it, with Nadia on the local Ollama model.
  await page.goto("/");
  await page.getByLabel("Describe your project").fill("A booking app for a network of independent climbing gyms: members reserve time slots and gyms manage capacity.");
  const team = page.getByTestId("team-model");
  await team.selectOption(`openai-compatible@${connectionId}:scripted-llm`);
  await page.getByTestId("agent-models").locator("summary").click();
  await page.getByTestId("agent-model-nadia").selectOption("ollama:llama3.2:latest");
  await expect(page.getByTestId("agent-models").locator("summary")).toContainText("(1 set)");
  await capture(page, "04-kickoff-choice");
  await page.getByTestId("start-kickoff").click();
  await expect(page).toHaveURL(/\/parties\//, { timeout: 30_000 });

  await expect(page.locator('[data-testid="agent-card"][data-agent="nadia"]')).toHaveCount(1, { timeout: 60_000 });
  await expect(page.locator('[data-testid="agent-card"][data-agent="nadia"] [data-testid="agent-model"]')).toHaveText("Model: llama3.2:latest · Ollama on the server");
  await expect(page.locator('[data-testid="agent-card"][data-agent="oscar"] [data-testid="agent-model"]')).toHaveText("Model: scripted-llm · OpenAI-compatible, own connection");
  await expect(page.locator('[data-testid="agent-card"][data-agent="tessa"] [data-testid="agent-model"]')).toHaveText("Model: scripted-llm · OpenAI-compatible, own connection");
  // Nobody runs on the built-in model, so there is no notice about it.
  await expect(page.getByTestId("builtin-model-notice")).toHaveCount(0);
  // The team's calls went to the two servers, each with its own model name.
  await expect.poll(() => provider.requests.some((q) => q.body.model === "scripted-llm")).toBe(true);
  await expect.poll(() => ollama.requests.some((q) => q.body.model === "llama3.2:latest")).toBe(true);
  await capture(page, "05-dashboard");

  const id = page.url().split("/").pop()!.split("?")[0];
  expect((await page.request.post(`/api/parties/${id}/cancel`)).status()).toBe(202);
  await page.context().close();
});

test("a kickoff on the built-in model says so on the dashboard, with the way to a real one", async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto("/");
  await page.getByLabel("Describe your project").fill("A shared shopping list for flatmates with recurring items and split costs.");
  await expect(page.getByTestId("team-model")).toHaveValue("offline");
  await page.getByTestId("start-kickoff").click();
  await expect(page).toHaveURL(/\/parties\//, { timeout: 30_000 });
  await expect(page.locator('[data-testid="agent-card"][data-agent="nadia"] [data-testid="agent-model"]')).toHaveText("Model: Built-in demo model", { timeout: 60_000 });
  const notice = page.getByTestId("builtin-model-notice");
  await expect(notice).toHaveText("Written by the built-in demo model — connect a real model");
  await notice.getByRole("link", { name: "connect a real model" }).click();
  await expect(page).toHaveURL(/\/models$/);
  await page.context().close();
});
