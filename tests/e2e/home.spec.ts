import { expect, test } from "@playwright/test";

test("the home page loads and issues a guest identity", async ({ page, context }) => {
  const res = await page.goto("/");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === "ip_guest");
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");
});

test("the colour scheme: follows the system, the toggle wins and is remembered across a reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  const html = page.locator("html");
  // No choice yet: the system's dark scheme, applied before first paint by the inline script.
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute("data-theme", "system");
  const toggle = page.getByRole("group", { name: "Colour scheme" });
  await toggle.getByRole("button", { name: "Light" }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await toggle.getByRole("button", { name: "Dark" }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(toggle.getByRole("button", { name: "Dark" })).toHaveAttribute("aria-pressed", "true");

  // Remembered: a reload under a light system stays dark.
  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute("data-theme", "dark");
  await expect(toggle.getByRole("button", { name: "Dark" })).toHaveAttribute("aria-pressed", "true");

  // Back to System: the light system wins again, also after a reload.
  await toggle.getByRole("button", { name: "System" }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute("data-theme", "system");
});
