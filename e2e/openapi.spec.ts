import { expect, test } from "@playwright/test";

/**
 * The API reference at /docs/api renders the OpenAPI document inside the studio's page CSP (nonce +
 * strict-dynamic): no Content-Security-Policy violation, no page error, and the per-model bodies
 * are there to read.
 */
test("the API reference loads without CSP errors and shows the document", async ({ page, request }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));

  const response = await page.goto("/docs/api");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("strict-dynamic");
  await expect(page.getByRole("heading", { name: "Model Studio API", level: 1 })).toBeVisible();
  await expect(page.locator("code", { hasText: "/api/v2/model-center/tasks" }).first()).toBeVisible();

  const model = page.locator("details", { hasText: "sd_2.5_ORelay" }).first();
  await model.locator("summary").click();
  await expect(model.getByText("duration", { exact: false }).first()).toBeVisible();
  await page.getByRole("link", { name: "API", exact: true }).waitFor();

  const document = await request.get("/api/openapi.json");
  expect(document.status()).toBe(200);
  expect((await document.json()).openapi).toBe("3.1.0");
  // Let late console reports (a blocked script would be reported on load) arrive before judging.
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});
