import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { SsoButton } from "@/components/auth/sso-button";
import { Alert } from "@/components/ui/alert";
import { safeNext } from "@/lib/auth/page-gate";
import { env, type SsoConfig } from "@/lib/env";

type Translate = Awaited<ReturnType<typeof getTranslations<"auth">>>;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("loginPageTitle") };
}

/** What a refused single sign-on (/login?sso_error=…) tells the person, in their terms. */
function ssoErrorText(t: Translate, code: string, sso: SsoConfig | null): string {
  switch (code) {
    case "domain_not_allowed":
      return sso?.allowedDomains.length
        ? t("ssoDomainNotAllowedListed", { domains: sso.allowedDomains.join(", ") })
        : t("ssoDomainNotAllowed");
    case "no_email":
      return t("ssoNoEmail");
    case "unavailable":
      return t("ssoUnavailable");
    case "account_disabled":
      return t("ssoAccountDisabled");
    default:
      return t("ssoFailed");
  }
}

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string; sso_error?: string }>;
}) {
  const t = await getTranslations("auth");
  const { auth } = env();
  if (!auth.enabled) {
    return (
      <AuthCard title={t("accountsOffTitle")}>
        <p className="text-sm text-zinc-400">{t("accountsOffText")}</p>
      </AuthCard>
    );
  }
  const { next, sso_error: ssoError } = await searchParams;
  const target = safeNext(next ?? null);
  return (
    <AuthCard title={t("loginTitle")}>
      <div className="space-y-4">
        {ssoError && (
          <Alert tone="danger" testId="sso-error">
            {ssoErrorText(t, ssoError, auth.sso)}
          </Alert>
        )}
        {auth.sso && <SsoButton providerName={auth.sso.providerName} next={target} />}
        {auth.sso && auth.passwordLogin && <p className="text-center text-xs text-zinc-400">{t("ssoOr")}</p>}
        {auth.passwordLogin && <LoginForm next={target} />}
      </div>
    </AuthCard>
  );
}
