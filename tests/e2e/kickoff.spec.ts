import { expect, test } from "@playwright/test";
import { baseUrlOverride, openedParty } from "./support/party-page";

test.use({ ...baseUrlOverride, actionTimeout: 30_000 });

const MUTUAL = "Error: --party and --classic are mutually exclusive. Use one or the other.";

test("the mode menu works from the keyboard alone", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("recent-parties")).toBeVisible();
  const party = page.getByRole("radio", { name: /Party Mode/ });
  const classic = page.getByRole("radio", { name: /Classic Mode/ });
  await expect(page.getByTestId("mode-option-party")).toContainText("Recommended");
  await expect(party).toBeChecked();

  await page.getByLabel("Describe your project").fill("An internal tool for on-call engineers to keep runbooks next to the alerts they fire for.");
  await expect(page.getByTestId("description-counter")).toContainText("/ 8,000");
  await expect(page.getByTestId("title-counter")).toContainText("0 / 120");

  // Tab from the description lands in the radio group; 2 and 1 pick, arrows move.
  await page.getByLabel("Describe your project").press("Tab");
  await expect(party).toBeFocused();
  await page.keyboard.press("2");
  await expect(classic).toBeChecked();
  await expect(classic).toBeFocused();
  await page.keyboard.press("1");
  await expect(party).toBeChecked();
  await page.keyboard.press("ArrowRight");
  await expect(classic).toBeChecked();
  // Typing digits into the description must not switch the mode.
  await page.getByLabel("Describe your project").press("End");
  await page.getByLabel("Describe your project").pressSequentially(" 1");
  await expect(classic).toBeChecked();

  await classic.focus();
  await page.keyboard.press("Enter");
  await openedParty(page);
  await expect(page.getByTestId("mode-badge")).toHaveAttribute("data-mode", "classic");
  await expect(page.getByTestId("phase")).toHaveCount(8);

  // Leave no work running behind the test.
  const id = page.url().split("/").pop()!;
  expect((await page.request.post(`/api/parties/${id}/cancel`)).status()).toBe(202);
  await expect(page.getByTestId("status-badge").first()).toHaveAttribute("data-status", "cancelled", { timeout: 30_000 });
  await expect(page.getByTestId("end-banner")).toHaveAttribute("data-status", "cancelled");
});

test("both flags show the spec's error, on the page and from the API", async ({ page }) => {
  await page.goto("/discover?new&party&classic");
  await expect(page.getByTestId("flag-error")).toHaveText(MUTUAL);
  await expect(page.getByTestId("flag-error")).toHaveAttribute("role", "alert");
  await expect(page.getByTestId("kickoff-form")).toHaveCount(0);

  const res = await page.request.post("/api/parties", { data: { description: "A project that asks for both modes at once.", flags: ["--new", "--party", "--classic"] } });
  expect(res.status()).toBe(400);
  expect((await res.json()).error.message).toBe(MUTUAL);
});

test("/discover?new&party skips the menu; bad input is explained inline and nothing is created", async ({ page }) => {
  await page.goto("/discover?new&party");
  await expect(page.getByTestId("mode-menu")).toHaveCount(0);
  await expect(page.getByTestId("fixed-mode")).toContainText("Party Mode");
  await expect(page.getByTestId("discover-command")).toHaveText("/discover --new --party");

  let posts = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/parties")) posts++;
  });
  await page.getByTestId("start-kickoff").click();
  await expect(page.getByTestId("description-error")).toBeVisible();
  await expect(page.getByLabel("Describe your project")).toBeFocused();
  await page.getByLabel("Describe your project").fill("too short");
  await page.getByTestId("start-kickoff").click();
  await expect(page.getByTestId("description-error")).toContainText("At least 10 characters");
  expect(posts).toBe(0);
  await expect(page).toHaveURL(/\/discover/);
});

test("a party that does not exist (or is not yours) is a clear not-found page", async ({ page }) => {
  await page.goto("/parties/does-not-exist");
  await expect(page.getByTestId("dashboard-error")).toContainText("Party not found");
});
