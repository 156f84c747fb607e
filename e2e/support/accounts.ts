import { expect, type Page } from "@playwright/test";

/**
 * The accounts studio's first admin, set up in the browser by e2e/accounts.spec.ts (and from the
 * environment in e2e/ownership.spec.ts's studio).
 */
export const ADMIN = { email: "admin@example.com", password: "admin password 123" };

export async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("user-menu")).toContainText(who.email);
}
