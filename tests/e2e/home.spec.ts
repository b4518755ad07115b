import { expect, test } from "@playwright/test";

test("the home page loads and issues a guest identity", async ({ page, context }) => {
  const res = await page.goto("/");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === "ip_guest");
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");
});
