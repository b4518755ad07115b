// Playwright test locks (tests that hold the same one never run at the same time; see
// playwright.config.ts for why the suite runs on two workers).

/**
 * Playwright's built-in lock for a test that runs with nothing beside it: it starts only
 * when no other test runs, and nothing starts beside it until it ends. For the tests
 * whose outcome load moves: the crash test's kill count, the takeovers timed against a
 * lease (two instances, three instances).
 */
export const ALONE = "-exclusive-";
