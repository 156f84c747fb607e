import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { SsoButton } from "@/components/auth/sso-button";
import { Alert } from "@/components/ui/alert";
import { safeNext } from "@/lib/auth/page-gate";
import { env, type SsoConfig } from "@/lib/env";

export const metadata: Metadata = { title: "Sign in · Model Studio" };

/** What a refused single sign-on (/login?sso_error=…) tells the person, in their terms. */
function ssoErrorText(code: string, sso: SsoConfig | null): string {
  switch (code) {
    case "domain_not_allowed":
      return `Sign-in refused: your e-mail address is not in a domain allowed on this studio${
        sso?.allowedDomains.length ? ` (${sso.allowedDomains.join(", ")})` : ""
      }. Ask an admin of this studio if you should have access.`;
    case "no_email":
      return "Sign-in refused: the identity provider did not tell the studio your e-mail address (ask for the email scope).";
    case "unavailable":
      return "The identity provider could not be reached. Try again in a moment, or ask an admin of this studio.";
    case "account_disabled":
      return "This account is disabled. Ask an admin of this studio to enable it.";
    default:
      return "Single sign-on did not complete. Try again; if it keeps failing, ask an admin of this studio.";
  }
}

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string; sso_error?: string }>;
}) {
  const { auth } = env();
  if (!auth.enabled) {
    return (
      <AuthCard title="Accounts are off">
        <p className="text-sm text-zinc-400">
          This studio listens on loopback with AUTH=off: there is nothing to sign in to.
        </p>
      </AuthCard>
    );
  }
  const { next, sso_error: ssoError } = await searchParams;
  const target = safeNext(next ?? null);
  return (
    <AuthCard title="Sign in to Model Studio">
      <div className="space-y-4">
        {ssoError && (
          <Alert tone="danger" testId="sso-error">
            {ssoErrorText(ssoError, auth.sso)}
          </Alert>
        )}
        {auth.sso && <SsoButton providerName={auth.sso.providerName} next={target} />}
        {auth.sso && auth.passwordLogin && <p className="text-center text-xs text-zinc-500">or</p>}
        {auth.passwordLogin && <LoginForm next={target} />}
      </div>
    </AuthCard>
  );
}
