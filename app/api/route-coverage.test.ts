import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeAccess, routeCredential } from "@/lib/http/route";

/**
 * Every method of every API route is built with lib/http/route.ts, so none can skip resolving the
 * user. A new route file fails here until it is; a public one must be listed below on purpose.
 */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

// The built-in sandbox is the upstream's test double: it checks the upstream's bearer key itself.
const NOT_STUDIO_ROUTES = new Set(["sandbox/[...path]/route.ts"]);

const PUBLIC = new Set([
  "GET health/route.ts",
  "GET health/ready/route.ts",
  "GET health/live/route.ts",
  // The API description holds no secret (docs/decisions/openapi.md).
  "GET openapi.json/route.ts",
  "POST auth/login/route.ts",
  "POST auth/logout/route.ts",
  "GET auth/session/route.ts",
  "POST auth/setup/route.ts",
  // Single sign-on: the start (a form post) and the identity provider's redirect back.
  "POST auth/sso/route.ts",
  "GET auth/sso/callback/route.ts",
  // The interface language: the login page's switcher sets its cookie before anyone signs in; only
  // a signed-in session's choice is written to an account (lib/i18n/user-locale.ts).
  "PUT account/locale/route.ts",
  // A share link's guest API: the token is the credential (lib/shares/resolve.ts checks it first).
  "GET s/[token]/route.ts",
  "POST s/[token]/unlock/route.ts",
  "PUT s/[token]/guest/route.ts",
  "GET s/[token]/zip/route.ts",
  "GET s/[token]/media/[mediaId]/route.ts",
  "HEAD s/[token]/media/[mediaId]/route.ts",
  "GET s/[token]/media/[mediaId]/thumbnail/route.ts",
  "HEAD s/[token]/media/[mediaId]/thumbnail/route.ts",
  "GET s/[token]/items/[taskId]/comments/route.ts",
  "POST s/[token]/items/[taskId]/comments/route.ts",
  "GET s/[token]/items/[taskId]/approval/route.ts",
  "PUT s/[token]/items/[taskId]/approval/route.ts",
  "PATCH s/[token]/comments/[commentId]/route.ts",
  "DELETE s/[token]/comments/[commentId]/route.ts",
]);

/**
 * Account management — passwords, users, roles, disabling, tokens, webhook endpoints — is for a signed-in session
 * only: an API token must not mint credentials or lock its owner out (docs/decisions/accounts.md).
 * Every route under these folders must be built with `credential: "session"`, and no other route
 * is, so a new account route cannot forget it.
 */
const SESSION_ONLY_FOLDERS = ["account/", "admin/users/", "webhooks/"];
const SESSION_ONLY_EXPECTED = [
  "GET account/tokens/route.ts",
  "POST account/tokens/route.ts",
  "DELETE account/tokens/[id]/route.ts",
  "POST account/password/route.ts",
  "PUT account/locale/route.ts",
  "GET admin/users/route.ts",
  "POST admin/users/route.ts",
  "PATCH admin/users/[id]/route.ts",
  "DELETE admin/users/[id]/route.ts",
  "POST admin/users/[id]/password/route.ts",
  "PUT admin/users/[id]/budget/route.ts",
  // Webhook endpoints are standing channels for every event, with secrets (docs/decisions/webhooks.md).
  "GET webhooks/route.ts",
  "POST webhooks/route.ts",
  "GET webhooks/[id]/route.ts",
  "PATCH webhooks/[id]/route.ts",
  "DELETE webhooks/[id]/route.ts",
  "POST webhooks/[id]/rotate/route.ts",
  "POST webhooks/[id]/test/route.ts",
  "GET webhooks/[id]/deliveries/route.ts",
  "POST webhooks/deliveries/[id]/redeliver/route.ts",
];

const apiDir = import.meta.dirname;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [path.relative(apiDir, full)] : [];
  });
}

describe("API routes", () => {
  const files = routeFiles(apiDir).sort();

  it("are found (the walk itself works)", () => {
    expect(files).toContain("v2/model-center/tasks/route.ts");
    expect(files).toContain("llm/v1/models/[target]/route.ts");
    expect(files.length).toBeGreaterThan(25);
  });

  it.each(files.filter((f) => !NOT_STUDIO_ROUTES.has(f)))(
    "%s: every method goes through route()",
    async (file) => {
      const routeModule = (await import(/* @vite-ignore */ path.join(apiDir, file))) as Record<
        string,
        unknown
      >;
      const methods = METHODS.filter((m) => m in routeModule);
      expect(methods.length, `${file} exports no HTTP method`).toBeGreaterThan(0);
      for (const method of methods) {
        const access = routeAccess(routeModule[method]);
        expect(access, `${method} ${file} is not built with route() from lib/http/route.ts`).toBeDefined();
        const key = `${method} ${file}`;
        expect(access === "public", `${key}: public routes must be listed in PUBLIC, and only those`).toBe(
          PUBLIC.has(key),
        );
        const sessionOnly = SESSION_ONLY_FOLDERS.some((folder) => file.startsWith(folder));
        expect(
          routeCredential(routeModule[method]),
          `${key}: account management is for signed-in sessions only (credential: "session")`,
        ).toBe(sessionOnly ? "session" : "any");
      }
    },
  );

  it("the account-management routes are all there and all session-only", async () => {
    const found: string[] = [];
    for (const file of files.filter((f) => SESSION_ONLY_FOLDERS.some((folder) => f.startsWith(folder)))) {
      const routeModule = (await import(/* @vite-ignore */ path.join(apiDir, file))) as Record<
        string,
        unknown
      >;
      for (const method of METHODS.filter((m) => m in routeModule)) {
        if (routeCredential(routeModule[method]) === "session") found.push(`${method} ${file}`);
      }
    }
    expect(found.sort()).toEqual([...SESSION_ONLY_EXPECTED].sort());
  });
});
