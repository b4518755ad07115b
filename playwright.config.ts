import { readFileSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { BASE_PORT as PORT } from "./tests/support/ports";

// Debian's chromium: Playwright's own browser download cannot run on these machines.
// E2E_PORT moves every port the run uses (tests/support/ports.ts).
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".data/e2e";
// Canaries: tests/e2e/security.spec.ts proves they never reach the client bundle. The
// build is made with them (.ci/run builds with the same file before the browser tests).
const CANARY_KEYS = JSON.parse(readFileSync("tests/support/canary-keys.json", "utf8")) as Record<string, string>;

export default defineConfig({
  testDir: "tests/e2e",
  // E2E_OUTPUT_DIR and E2E_JSON: where a run keeps its traces and its JSON report.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results/e2e",
  // Every spec that starts servers has ports and data directories of its own, so
  // E2E_WORKERS=2 runs two files at once (the crash test keeps its 40 kills beside another
  // spec: crash.spec.ts); .ci/run does. One worker by default.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  // Two cores build, serve and drive the browser at once: 5 s flakes on a busy machine.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"], ["json", { outputFile: process.env.E2E_JSON ?? "test-results/e2e.json" }]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // The app stops its spinners, pulses and typing dots for people who ask for less
    // motion (app/globals.css). Every page here asks: a page that never stops animating
    // keeps chromium's compositor (software rendering, no GPU) drawing frames for nothing.
    // E2E_REDUCED_MOTION=0 runs the suite with motion.
    reducedMotion: process.env.E2E_REDUCED_MOTION === "0" ? "no-preference" : "reduce",
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
  // The takeovers of two and three instances (tagged @alone) are timed against a lease:
  // beside other specs on two busy cores they overran it. On two workers (.ci/run) the
  // order of these projects keeps them beside the crash test only: a worker takes the
  // first file its project's limit allows, so the takeovers run one after the other
  // (`workers: 1`) while the other worker runs the crash test, which outlasts both (6-7
  // minutes against 4-5); the takeovers' worker then goes on with `chromium`, the rest,
  // beside the crash test. The crash test, one server restarted 40 times, uses under a
  // core. With one worker, as by default, every test runs alone anyway.
  projects: [
    { name: "alone", grep: /@alone/, workers: 1, use: { ...devices["Desktop Chrome"] } },
    { name: "crash", testMatch: /crash\.spec\.ts$/, use: { ...devices["Desktop Chrome"] } },
    { name: "chromium", grepInvert: /@alone/, testIgnore: /crash\.spec\.ts$/, use: { ...devices["Desktop Chrome"] } },
  ],
  webServer: {
    // The production build, as `npm start` serves it: built only when the sources (or the
    // canary keys below) changed since the last build, so one build serves every spec and
    // every run (CI builds it before the browser tests). The specs' own servers run it too.
    command: `rm -rf ${DATA_DIR} && node scripts/start.mjs -p ${PORT}`,
    url: `http://127.0.0.1:${PORT}`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    env: {
      DATA_DIR,
      OFFLINE_MODEL_TPS: process.env.OFFLINE_MODEL_TPS ?? "400",
      OFFLINE_MODEL_FIRST_TOKEN_MS: process.env.OFFLINE_MODEL_FIRST_TOKEN_MS ?? "20",
      NEXT_TELEMETRY_DISABLED: "1",
      ...CANARY_KEYS,
    },
  },
});
