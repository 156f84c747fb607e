import "server-only";
import { betterAuth } from "better-auth/minimal";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { admin } from "better-auth/plugins/admin";
import { sqlDialect, type Db } from "../db";
import type { AuthConfig } from "../env";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-policy";
import { sessionSecret } from "./secret";
import { ssoPlugin, SSO_PROVIDER_ID } from "./sso";

export type AuthSettings = Pick<AuthConfig, "secret" | "sessionDays" | "secureCookies"> & {
  /** OpenID Connect sign-in (lib/auth/sso.ts); absent or null: none. */
  sso?: AuthConfig["sso"];
  /** The studio's own address, for better-auth's links (none are sent: no e-mail flows). */
  baseUrl: string;
};

/**
 * better-auth, used through its server API only (no /api/auth/* handler is mounted: every studio
 * route goes through lib/http/route.ts). It hashes and verifies passwords (scrypt), creates,
 * refreshes and revokes database sessions and signs their cookie; its admin plugin adds roles and
 * refuses sessions to banned (disabled) users.
 */
export async function createAuth(db: Db, settings: AuthSettings) {
  return betterAuth({
    appName: "Model Studio",
    baseURL: settings.baseUrl,
    basePath: "/api/auth",
    secret: await sessionSecret(db, settings.secret),
    database: prismaAdapter(db, { provider: sqlDialect(db) }),
    emailAndPassword: {
      enabled: true,
      // Accounts are made by an admin, the CLI, ADMIN_EMAIL or the first-run setup page.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
    },
    session: {
      expiresIn: settings.sessionDays * 24 * 60 * 60,
      // Sliding expiry: a session used within its lifetime is extended, at most once a day.
      updateAge: 24 * 60 * 60,
    },
    advanced: {
      cookiePrefix: "studio",
      useSecureCookies: settings.secureCookies,
      // proxy.ts's guard refuses every cross-origin state-changing request before any route runs,
      // whoever is signed in; a second, differently configured origin list here could only disagree.
      disableCSRFCheck: true,
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    // A user the studio made (admin page, CLI) signs in with single sign-on under the same e-mail:
    // the operator's identity provider vouches for its addresses.
    account: { accountLinking: { enabled: true, trustedProviders: [SSO_PROVIDER_ID] } },
    telemetry: { enabled: false },
    plugins: [
      admin({ defaultRole: "member", adminRoles: ["admin"], bannedUserMessage: DISABLED_MESSAGE }),
      ...(settings.sso ? [ssoPlugin(settings.sso, settings.baseUrl)] : []),
    ],
  });
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

export const DISABLED_MESSAGE = "This account is disabled. Ask an admin of this studio to enable it.";
