import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { APIError, isAPIError } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { audit } from "../audit/record";
import type { SsoConfig } from "../env";
import { StudioError } from "../errors";
import { clientAddress } from "./client-address";
import type { AuthContext } from "./context";
import { safeNext } from "./page-gate";

/**
 * OpenID Connect sign-in through better-auth's generic OAuth plugin (discovery, PKCE, state,
 * nonce and ID-token verification against the issuer's keys are its job). The studio adds what
 * an operator configures: which e-mail domains may sign in, and the admin role from a claim. Both
 * are decided on the claims the plugin hands to mapProfileToUser; the decision travels back to the
 * callback route through an AsyncLocalStorage, because better-auth's callback answers a redirect,
 * not the claims.
 */
export const SSO_PROVIDER_ID = "oidc";
export const SSO_CALLBACK_PATH = "/api/auth/sso/callback";

/** Codes the login page explains (?sso_error=…); anything else is shown as a generic failure. */
export const SSO_ERRORS = {
  domain_not_allowed: "domain_not_allowed",
  no_email: "no_email",
  disabled: "account_disabled",
  failed: "sso_failed",
  unavailable: "unavailable",
} as const;

type Attempt = { email?: string; subject?: string; role?: "admin" | "member" | null; refusal?: string };
// One per process, on globalThis: the auth context (and the plugin's closure) is shared by every
// route bundle through globalThis (lib/auth/context.ts), while each bundle has its own copy of
// this module, so a module-level store would not be the one the callback route runs in.
const ATTEMPTS = Symbol.for("model-studio.sso-attempts");
const attempts = ((globalThis as Record<symbol, unknown>)[ATTEMPTS] ??=
  new AsyncLocalStorage<Attempt>()) as AsyncLocalStorage<Attempt>;

/** The plugin for createAuth (lib/auth/better-auth.ts) when OIDC_ISSUER is set. */
export function ssoPlugin(config: SsoConfig, baseUrl: string) {
  return genericOAuth({
    config: [
      {
        providerId: SSO_PROVIDER_ID,
        name: config.providerName,
        discoveryUrl: `${config.issuer}/.well-known/openid-configuration`,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        scopes: config.scopes,
        pkce: true,
        redirectURI: `${baseUrl}${SSO_CALLBACK_PATH}`,
        // The studio keeps only who signed in, not the provider's tokens (never read again).
        mapProfileToUser: (profile: Record<string, unknown>) => decide(config, profile),
      },
    ],
  });
}

function decide(config: SsoConfig, profile: Record<string, unknown>) {
  const attempt = attempts.getStore() ?? {};
  const email = typeof profile.email === "string" ? profile.email.trim().toLowerCase() : "";
  attempt.email = email || undefined;
  attempt.subject = typeof profile.sub === "string" ? profile.sub : undefined;
  if (!email) {
    attempt.refusal = SSO_ERRORS.no_email;
    throw new APIError("FORBIDDEN", { code: SSO_ERRORS.no_email, message: "The provider sent no e-mail." });
  }
  const domain = email.slice(email.lastIndexOf("@") + 1);
  if (config.allowedDomains.length && !config.allowedDomains.includes(domain)) {
    attempt.refusal = SSO_ERRORS.domain_not_allowed;
    throw new APIError("FORBIDDEN", {
      code: SSO_ERRORS.domain_not_allowed,
      message: `${domain} is not a domain allowed to sign in here.`,
    });
  }
  attempt.role = config.roleClaim
    ? roleFromClaim(claimAt(profile, config.roleClaim), config.adminValues)
    : null;
  const name = typeof profile.name === "string" && profile.name.trim() ? profile.name.trim() : email;
  return { name, email };
}

/** A claim by name, or by a dotted path into nested objects (Keycloak's realm_access.roles). */
export function claimAt(profile: Record<string, unknown>, name: string): unknown {
  if (name in profile) return profile[name];
  let value: unknown = profile;
  for (const part of name.split(".")) {
    if (!value || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** admin when any value of the claim (a string, a list, or space/comma-separated) is an admin value. */
export function roleFromClaim(claim: unknown, adminValues: string[]): "admin" | "member" {
  const values = Array.isArray(claim)
    ? claim.map(String)
    : typeof claim === "string"
      ? claim.split(/[\s,]+/)
      : claim === undefined || claim === null
        ? []
        : [String(claim)];
  return values.some((v) => adminValues.includes(v)) ? "admin" : "member";
}

/** Begins a sign-in: the provider's authorization URL and the cookies that bind its state. */
export async function startSso(
  ctx: AuthContext,
  baseUrl: string,
  next: string | null,
  headers: Headers,
): Promise<{ url: string; setCookies: string[] }> {
  if (!ctx.config.sso) throw new StudioError("not_found", "Single sign-on is not configured on this studio.");
  try {
    const { headers: out, response } = await ctx.auth.api.signInSocial({
      body: {
        provider: SSO_PROVIDER_ID,
        callbackURL: `${baseUrl}${safeNext(next)}`,
        errorCallbackURL: `${baseUrl}/login`,
      },
      headers,
      returnHeaders: true,
    });
    if (response.url) return { url: response.url, setCookies: out.getSetCookie() };
  } catch (error) {
    // Discovery failed (the provider is down or OIDC_ISSUER is wrong): better-auth has no provider.
    if (!isAPIError(error)) throw error;
    console.error(`single sign-on could not start: ${error.message}`);
  }
  return { url: `${baseUrl}/login?sso_error=${SSO_ERRORS.unavailable}`, setCookies: [] };
}

/**
 * Ends a sign-in at the callback: better-auth checks the state, exchanges the code, verifies the ID
 * token, finds or creates the user and sets the session cookie; then the role from the claim is
 * applied and the outcome recorded in the audit log. Answers where the browser goes next.
 */
export async function finishSso(
  ctx: AuthContext,
  baseUrl: string,
  request: Request,
): Promise<{ location: string; setCookies: string[] }> {
  if (!ctx.config.sso) throw new StudioError("not_found", "Single sign-on is not configured on this studio.");
  const attempt: Attempt = {};
  const started = new Date(ctx.now() - 1000);
  const address = clientAddress(request.headers, ctx.config.trustedProxies);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const response = await attempts.run(attempt, () =>
    ctx.auth.api.callbackOAuth({
      params: { id: SSO_PROVIDER_ID },
      query,
      headers: request.headers,
      asResponse: true,
    }),
  );
  const setCookies = response.headers.getSetCookie();
  const location = response.headers.get("location");
  const target = location ? new URL(location, baseUrl) : null;
  const error =
    attempt.refusal ??
    (response.status >= 400 || !target ? SSO_ERRORS.failed : target.searchParams.get("error"));
  const user =
    !error && attempt.email ? await ctx.db.user.findUnique({ where: { email: attempt.email } }) : null;
  if (error || !user) {
    const code =
      error === "banned" || error === "BANNED_USER" ? SSO_ERRORS.disabled : (error ?? SSO_ERRORS.failed);
    // A refusal of someone the provider vouched for is recorded; a stray or replayed callback (no
    // valid state, so no identity) is not a sign-in attempt and must not let anyone fill the log.
    if (attempt.email || attempt.refusal)
      await audit(ctx.db, {
        action: "auth.sso_sign_in",
        outcome: "failure",
        actor: { id: null, email: attempt.email ?? null },
        address,
        detail: { reason: code, subject: attempt.subject ?? null },
      });
    // Only the state cookie's clearing goes along: whatever happened, a refusal signs nobody in.
    const isSession = (cookie: string) => /session_(token|data)=/.test(cookie.split(";")[0]);
    for (const cookie of setCookies.filter(isSession)) {
      const value = decodeURIComponent(cookie.split(";")[0].split("=").slice(1).join("="));
      if (value) await ctx.db.session.deleteMany({ where: { token: value.split(".")[0] } });
    }
    const kept = setCookies.filter((cookie) => !isSession(cookie));
    return { location: `${baseUrl}/login?sso_error=${encodeURIComponent(code)}`, setCookies: kept };
  }
  const created = user.createdAt >= started;
  const actor = { id: user.id, email: user.email };
  if (created) {
    await audit(ctx.db, {
      action: "user.create",
      actor,
      address,
      target: { type: "user", id: user.id, label: user.email },
      detail: { via: "sso", role: user.role },
    });
  }
  if (attempt.role && attempt.role !== user.role && (await mayChangeRole(ctx, user.id, attempt.role))) {
    await ctx.db.user.update({ where: { id: user.id }, data: { role: attempt.role } });
    await audit(ctx.db, {
      action: "user.role_change",
      actor,
      address,
      target: { type: "user", id: user.id, label: user.email },
      detail: { from: user.role, to: attempt.role, via: "sso claim" },
    });
  }
  await audit(ctx.db, {
    action: "auth.sso_sign_in",
    actor,
    address,
    detail: { subject: attempt.subject ?? null, newUser: created },
  });
  return { location: target!.toString(), setCookies };
}

/** The claim may not demote the last enabled admin: the studio would have no admin left. */
async function mayChangeRole(ctx: AuthContext, userId: string, role: "admin" | "member"): Promise<boolean> {
  if (role === "admin") return true;
  const others = await ctx.db.user.count({ where: { role: "admin", banned: false, id: { not: userId } } });
  return others > 0;
}
