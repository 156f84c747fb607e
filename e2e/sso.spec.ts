import { expect, test, type Browser } from "@playwright/test";
import { ADMIN, signIn } from "./support/accounts";
import { startOidcProvider, type TestOidcProvider } from "./support/oidc-provider";
import { SSO_PORT } from "./support/ports";
import { freshDatabase, startStudio, waitUntilReady, type StudioProcess } from "./support/studio-start";

/**
 * Single sign-on end to end (issue 26 part 5): a studio of its own configured for a real OpenID
 * provider started here. A first sign-in creates the member; an e-mail outside the allowed domains
 * is refused with a message that says so and leaves no account; the role claim makes an admin;
 * the audit log holds each step.
 */
test.describe.configure({ mode: "serial" });

const port = SSO_PORT;
const studioUrl = `http://127.0.0.1:${port}`;
const PEOPLE = {
  ada: { email: "ada@example.com", name: "Ada Lovelace", groups: ["staff"] },
  eve: { email: "eve@elsewhere.org", name: "Eve", groups: ["studio-admins"] },
  boss: { email: "boss@example.com", name: "The Boss", groups: ["staff", "studio-admins"] },
};
let provider: TestOidcProvider;
let studio: StudioProcess;

test.beforeAll(async () => {
  provider = await startOidcProvider({
    clientId: "model-studio",
    clientSecret: "sso-test-client-secret",
    redirectUri: `${studioUrl}/api/auth/sso/callback`,
    people: PEOPLE,
  });
  studio = await startStudio({
    ...freshDatabase(`sso-${port}`),
    HOST: "127.0.0.1",
    PORT: String(port),
    AUTH: "on",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: "model-studio",
    OIDC_CLIENT_SECRET: "sso-test-client-secret",
    OIDC_PROVIDER_NAME: "Test IdP",
    OIDC_ALLOWED_DOMAINS: "example.com",
    OIDC_ROLE_CLAIM: "groups",
    OIDC_ADMIN_VALUES: "studio-admins",
  });
  await waitUntilReady(studio);
});

test.afterAll(async () => {
  await studio?.stop();
  await provider?.close();
});

/** Signs in through the provider's own form as `login`; answers the page where the studio sent us. */
async function ssoSignIn(browser: Browser, login: keyof typeof PEOPLE) {
  const context = await browser.newContext({ baseURL: studioUrl });
  // The provider's development pages load a web font; nothing here may leave the machine.
  await context.route(/fonts\.googleapis\.com/, (route) => route.abort());
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Test IdP" }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything");
  await page.locator('button[type="submit"]').click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`^${studioUrl}/`));
  return page;
}

test("a first sign-in with single sign-on creates the member", async ({ browser }) => {
  const page = await ssoSignIn(browser, "ada");
  await expect(page.getByTestId("user-menu")).toContainText("ada@example.com");
  const session = await (await page.request.get("/api/auth/session")).json();
  expect(session.user).toMatchObject({ email: "ada@example.com", name: "Ada Lovelace", role: "member" });
  expect((await page.request.get("/api/admin/users")).status()).toBe(403);
  await page.context().close();
});

test("an e-mail outside the allowed domains is refused with a clear message and gets no account", async ({
  browser,
}) => {
  const page = await ssoSignIn(browser, "eve");
  await expect(page).toHaveURL(/\/login\?sso_error=domain_not_allowed/);
  await expect(page.getByTestId("sso-error")).toContainText(
    "your e-mail address is not in a domain allowed on this studio (example.com)",
  );
  const session = await (await page.request.get("/api/auth/session")).json();
  expect(session.user).toBeNull();
  await page.context().close();
});

test("the role claim makes an admin", async ({ browser }) => {
  const page = await ssoSignIn(browser, "boss");
  await expect(page.getByTestId("user-menu")).toContainText("boss@example.com");
  const session = await (await page.request.get("/api/auth/session")).json();
  expect(session.user.role).toBe("admin");
  expect((await page.request.get("/api/admin/users")).status()).toBe(200);
  await page.context().close();
});

test("the audit log holds each step, on the admin page and in its export", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: studioUrl });
  const page = await context.newPage();
  await signIn(page, ADMIN);
  const users = (await (await page.request.get("/api/admin/users")).json()).users as { email: string }[];
  expect(users.map((u) => u.email).sort()).toEqual(["ada@example.com", ADMIN.email, "boss@example.com"]);

  type Entry = {
    action: string;
    outcome: string;
    actorEmail: string | null;
    detail: Record<string, unknown> | null;
    targetLabel: string | null;
  };
  const log = (await (await page.request.get("/api/admin/audit?limit=200")).json()).entries as Entry[];
  const find = (action: string, outcome: string, email: string) =>
    log.filter(
      (e) =>
        e.action === action && e.outcome === outcome && (e.actorEmail === email || e.targetLabel === email),
    );
  expect(find("user.create", "success", "ada@example.com")).toHaveLength(1);
  expect(find("auth.sso_sign_in", "success", "ada@example.com")).toHaveLength(1);
  expect(find("auth.sso_sign_in", "failure", "eve@elsewhere.org")[0].detail).toMatchObject({
    reason: "domain_not_allowed",
  });
  expect(find("user.create", "success", "eve@elsewhere.org")).toHaveLength(0);
  expect(find("user.create", "success", "boss@example.com")).toHaveLength(1);
  expect(find("user.role_change", "success", "boss@example.com")[0].detail).toMatchObject({
    from: "member",
    to: "admin",
  });
  expect(find("auth.sso_sign_in", "success", "boss@example.com")).toHaveLength(1);
  expect(find("auth.sign_in", "success", ADMIN.email).length).toBeGreaterThan(0);

  await page.goto("/admin/audit");
  await page.getByLabel("Action").selectOption("auth.sso_sign_in");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("audit-row")).toHaveCount(3);
  await expect(page.getByTestId("audit-row").filter({ hasText: "eve@elsewhere.org" })).toContainText(
    "refused",
  );
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = await (
    await download
  )
    .path()
    .then((file) => import("node:fs").then((fs) => fs.readFileSync(file, "utf8")));
  expect(csv.trim().split("\r\n")).toHaveLength(4);
  expect(csv).toContain("auth.sso_sign_in,failure,eve@elsewhere.org");
  await context.close();
});
