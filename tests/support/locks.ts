// Playwright test locks (tests that hold the same one never run at the same time; see
// playwright.config.ts for why the suite runs on two workers).

/**
 * The tests whose servers load the machine most and whose figures are timed against a
 * lease (three instances behind a proxy, the two-instance takeover): one at a time,
 * though each may run beside a lighter spec.
 */
export const HEAVY_SERVERS = "heavy-servers";

/**
 * Playwright's built-in lock for a test that runs with nothing beside it: it starts only
 * when no other test runs, and holds every other test back until it ends. First in the
 * run, it costs nothing but its own time.
 */
export const ALONE = "-exclusive-";
