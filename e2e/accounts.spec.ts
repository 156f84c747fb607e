import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN, signIn } from "./support/accounts";
import { sandboxRequests } from "./support/sandbox-log";

/**
 * A studio with accounts on (AUTH=on, the "accounts" project's own server): the first admin is set
 * up in the browser, members are made on the admin page, a personal token drives the mirror API
 * from a plain HTTP client, and the request guard still refuses another origin's page even when
 * the browser carries a valid session.
 */
test.describe.configure({ mode: "serial" });

const MEMBER = { email: "member@example.com", password: "member password 123" };

/** Changes to other accounts ask for the admin's own password (lib/auth/reauth.ts). */
async function confirmWithPassword(page: Page, title: string | RegExp) {
  const dialog = page.getByTestId("reauth-dialog");
  await expect(dialog).toContainText(title);
  await dialog.getByLabel("Your password").fill(ADMIN.password);
  await dialog.getByTestId("reauth-confirm").click();
  await expect(dialog).toBeHidden();
}

async function memberPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, MEMBER);
  return page;
}

test("the first admin is set up on /setup, which is then gone", async ({ page }) => {
  await page.goto("/gallery");
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Name").fill("Ada Admin");
  await page.getByLabel("Password", { exact: true }).fill("too short");
  await page.getByLabel("Password again").fill("too short");
  await page.getByRole("button", { name: "Create admin account" }).click();
  await expect(page.getByTestId("error-password")).toHaveText("must be at least 10 characters");

  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByLabel("Password again").fill(ADMIN.password);
  await page.getByRole("button", { name: "Create admin account" }).click();
  await expect(page).toHaveURL(/:\d+\/(\?.*)?$/); // the studio (it adds ?model=)
  await expect(page.getByTestId("user-menu")).toContainText(ADMIN.email);

  await page.goto("/setup");
  await expect(page).not.toHaveURL(/\/setup/);
  const again = await page.request.post("/api/auth/setup", {
    data: { email: "x@example.com", password: "x password 123" },
  });
  expect(again.status()).toBe(404);
});

test("logout ends the session; login brings the user back where they were going", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get("/api/tasks")).status()).toBe(401);

  await page.goto("/gallery?type=image");
  await expect(page).toHaveURL(/\/login\?next=%2Fgallery%3Ftype%3Dimage$/);
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Password").fill("wrong password!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("login-error")).toHaveText("Wrong e-mail or password.");
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/gallery\?type=image$/);
  await expect(page.getByTestId("user-menu")).toContainText(ADMIN.email);
});

test("an admin creates a member, who signs in without admin rights", async ({ page, browser, baseURL }) => {
  await signIn(page, ADMIN);
  await page.getByRole("link", { name: "Admin" }).click();
  await page.getByLabel("E-mail").fill(MEMBER.email);
  await page.getByLabel("Name").fill("Max Member");
  await page.getByLabel("Initial password").fill(MEMBER.password);
  await page.getByRole("button", { name: "Create user" }).click();
  // Cancelling the password prompt creates nothing; a wrong password is refused.
  await expect(page.getByTestId("reauth-dialog")).toContainText(
    `Create a member account for ${MEMBER.email}?`,
  );
  await page.getByTestId("reauth-dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.locator(`[data-testid=user-row][data-email="${MEMBER.email}"]`)).toHaveCount(0);
  await page.getByRole("button", { name: "Create user" }).click();
  await page.getByTestId("reauth-dialog").getByLabel("Your password").fill("not my password");
  await page.getByTestId("reauth-confirm").click();
  await expect(page.getByTestId("new-user-error")).toHaveText(
    "That is not your current password: nothing was created.",
  );
  await page.getByRole("button", { name: "Create user" }).click();
  await confirmWithPassword(page, `Create a member account for ${MEMBER.email}?`);
  const row = page.locator(`[data-testid=user-row][data-email="${MEMBER.email}"]`);
  await expect(row).toContainText("Max Member");
  await expect(row).toContainText("active");

  const member = await memberPage(browser, baseURL!);
  await expect(member.getByTestId("user-menu").getByRole("link", { name: "Admin" })).toHaveCount(0);
  const refused = await member.request.get("/api/admin/users");
  expect([refused.status(), (await refused.json()).error.code]).toEqual([403, "forbidden"]);
  await member.goto("/admin");
  await expect(member.getByText("Only an admin of this studio can manage users.")).toBeVisible();
  await member.context().close();
});

test("a member's token drives the mirror API from a plain HTTP client; without it, 401", async ({
  browser,
  baseURL,
  request,
}) => {
  const member = await memberPage(browser, baseURL!);
  await member.getByRole("link", { name: "Account" }).click();
  await member.getByLabel("Name").fill("script");
  await member.getByLabel("Expires after (days)").fill("30");
  await member.getByRole("button", { name: "Create token" }).click();
  const token = (await member.getByTestId("new-token-value").textContent())!.trim();
  expect(token).toMatch(/^mst_/);
  await expect(member.getByTestId("token-row").first()).toContainText("script");
  await member.reload();
  await expect(member.getByText(token)).toHaveCount(0); // shown once

  const prompt = `token run ${Date.now()}`;
  const submit = (authorization?: string) =>
    fetch(`${baseURL}/api/v2/model-center/tasks`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(authorization && { Authorization: authorization }) },
      body: JSON.stringify({ model: "sd_2.5_ORelay", prompt, duration: 5 }),
    });
  const noToken = await submit();
  expect(noToken.status).toBe(401);
  const upstreamKey = await submit("Bearer sandbox-key");
  expect([
    upstreamKey.status,
    ((await upstreamKey.json()) as { error: { message: string } }).error.message,
  ]).toEqual([401, expect.stringContaining("the upstream's key is not accepted here")]);
  expect(
    (await sandboxRequests(request, "/v2/model-center/tasks")).filter((r) =>
      JSON.stringify(r.body).includes(prompt),
    ),
  ).toEqual([]);

  const ok = await submit(`Bearer ${token}`);
  expect(ok.status).toBe(200);
  // The token works for the API, never to manage the account (issue 18).
  const mint = await fetch(`${baseURL}/api/account/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: "another" }),
  });
  expect(mint.status).toBe(403);
  const task = (await ok.json()) as { id: string; status: string };
  expect(task.id).toBeTruthy();
  const received = (await sandboxRequests(request, "/v2/model-center/tasks")).filter((r) =>
    JSON.stringify(r.body).includes(prompt),
  );
  expect(received).toHaveLength(1);

  const query = await fetch(`${baseURL}/api/v2/model-center/tasks/${task.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect([query.status, ((await query.json()) as { id: string }).id]).toEqual([200, task.id]);

  await member.getByRole("button", { name: "Revoke" }).first().click();
  await expect(member.getByTestId("token-row").first()).toContainText("revoked");
  expect((await submit(`Bearer ${token}`)).status).toBe(401);
  await member.context().close();
});

test("another origin's page cannot submit even though the browser sends a valid session cookie", async ({
  browser,
  baseURL,
  request,
}) => {
  // Another port on 127.0.0.1 is the same *site*: SameSite=Lax does not stop the cookie here.
  const word = `cross ${Date.now()}`;
  const attacker = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end(`<script>
      fetch(${JSON.stringify(`${baseURL}/api/v2/model-center/tasks`)}, {
        method: "POST", mode: "no-cors", credentials: "include",
        headers: { "Content-Type": "text/plain" },
        body: JSON.stringify({ model: "sd_2.5_ORelay", prompt: ${JSON.stringify(word)} }),
      }).finally(() => { window.done = true; });
    </script>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  try {
    const member = await memberPage(browser, baseURL!);
    const refused = member.waitForResponse((r) => r.url().endsWith("/api/v2/model-center/tasks"));
    await member.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
    await member.waitForFunction(() => (window as unknown as { done?: boolean }).done === true);
    const response = await refused;
    expect(response.status()).toBe(403);
    expect((await sandboxRequests(request)).filter((r) => JSON.stringify(r.body).includes(word))).toEqual([]);

    // The same with the cookie from a plain client that claims another origin.
    const cookie = (await member.context().cookies()).find((c) => c.name === "studio.session_token")!;
    const forged = await fetch(`${baseURL}/api/v2/model-center/tasks`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: "https://evil.example",
        Cookie: `${cookie.name}=${cookie.value}`,
      },
      body: JSON.stringify({ model: "sd_2.5_ORelay", prompt: word }),
    });
    expect([forged.status, ((await forged.json()) as { error: { code: string } }).error.code]).toEqual([
      403,
      "cross_origin",
    ]);
    expect((await sandboxRequests(request)).filter((r) => JSON.stringify(r.body).includes(word))).toEqual([]);
    // The cookie itself is valid: without a foreign Origin the same request goes through.
    const own = await fetch(`${baseURL}/api/v2/model-center/tasks`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: `${cookie.name}=${cookie.value}` },
      body: JSON.stringify({ model: "sd_2.5_ORelay", prompt: `${word} own`, duration: 5 }),
    });
    expect(own.status).toBe(200);
    await member.context().close();
  } finally {
    await new Promise<void>((resolve) => attacker.close(() => resolve()));
  }
});

test("login attempts are limited per account and address: the sixth answers 429 with when to retry", async ({
  page,
}) => {
  const target = { email: "limited@example.com", password: "limited password 1" };
  await signIn(page, ADMIN);
  const created = await page.request.post("/api/admin/users", {
    data: { ...target, role: "member", adminPassword: ADMIN.password },
  });
  expect(created.status()).toBe(201);

  const attempt = (password: string) =>
    fetch(new URL("/api/auth/login", page.url()), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: target.email, password }),
    });
  for (let i = 0; i < 5; i++) expect((await attempt(`wrong guess ${i}`)).status).toBe(401);
  const limited = await attempt(target.password);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(800);
  expect(((await limited.json()) as { error: { message: string } }).error.message).toBe(
    "Too many login attempts for this account from your address. Try again in 15 minutes.",
  );

  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const other = await context.newPage();
  await other.goto("/login");
  await other.getByLabel("E-mail").fill(target.email);
  await other.getByLabel("Password").fill(target.password);
  await other.getByRole("button", { name: "Sign in" }).click();
  await expect(other.getByTestId("login-error")).toHaveText(
    "Too many login attempts for this account from your address. Try again in 15 minutes.",
  );
  await context.close();
});

test("a password reset revokes the member's tokens; disabling ends their session and refuses their tokens; deleting asks first", async ({
  page,
  browser,
  baseURL,
}) => {
  const newToken = async (member: Page) =>
    (
      (await (await member.request.post("/api/account/tokens", { data: { name: "cli" } })).json()) as {
        token: string;
      }
    ).token;
  const old = await newToken(await memberPage(browser, baseURL!));

  await signIn(page, ADMIN);
  await page.goto("/admin");
  const row = page.locator(`[data-testid=user-row][data-email="${MEMBER.email}"]`);
  await row.getByRole("button", { name: "Reset password" }).click();
  await row.getByLabel(`New password for ${MEMBER.email}`).fill(MEMBER.password);
  await row.getByRole("button", { name: "Set", exact: true }).click();
  await confirmWithPassword(page, `Set a new password for ${MEMBER.email}?`);
  await expect(page.getByTestId("admin-notice")).toHaveText(
    `New password set for ${MEMBER.email}; their sessions were ended and 1 API token revoked.`,
  );
  const revoked = await fetch(`${baseURL}/api/tasks`, { headers: { Authorization: `Bearer ${old}` } });
  expect(revoked.status).toBe(401);

  const member = await memberPage(browser, baseURL!);
  const token = await newToken(member);
  await row.getByRole("button", { name: "Disable" }).click();
  await confirmWithPassword(page, `Disable ${MEMBER.email}?`);
  await expect(row).toContainText("disabled");

  await member.reload();
  await expect(member).toHaveURL(/\/login/);
  const viaToken = await fetch(`${baseURL}/api/tasks`, { headers: { Authorization: `Bearer ${token}` } });
  expect([viaToken.status, ((await viaToken.json()) as { error: { code: string } }).error.code]).toEqual([
    403,
    "account_disabled",
  ]);
  await member.getByLabel("E-mail").fill(MEMBER.email);
  await member.getByLabel("Password").fill(MEMBER.password);
  await member.getByRole("button", { name: "Sign in" }).click();
  await expect(member.getByTestId("login-error")).toContainText("This account is disabled");

  await row.getByRole("button", { name: "Delete" }).click();
  await confirmWithPassword(page, `Delete ${MEMBER.email}?`);
  await expect(row).toHaveCount(0);
  await member.context().close();
});
