import { defineConfig, devices } from "@playwright/test";

// Debian's chromium: Playwright's own browser download cannot run on these machines.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".data/e2e";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  // On CI one retry: a whole party on two busy cores has timing the suite cannot pin down
  // everywhere. A test that needs it is reported as flaky by name (scripts/ci-summary.mjs)
  // and its first failure's trace is kept; a test that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  // Two cores build, serve and drive the browser at once: 5 s flakes on a busy machine.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // The production build: what a person runs with `npm start`.
    command: `rm -rf ${DATA_DIR} && npm run build && npx next start -p ${PORT}`,
    url: `http://127.0.0.1:${PORT}`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    env: {
      DATA_DIR,
      OFFLINE_MODEL_TPS: process.env.OFFLINE_MODEL_TPS ?? "400",
      OFFLINE_MODEL_FIRST_TOKEN_MS: process.env.OFFLINE_MODEL_FIRST_TOKEN_MS ?? "20",
      NEXT_TELEMETRY_DISABLED: "1",
      // Canaries: tests/e2e/security.spec.ts proves they never reach the client bundle.
      OPENAI_API_KEY: "sk-canary-openai",
      ANTHROPIC_API_KEY: "sk-canary-anthropic",
    },
  },
});
