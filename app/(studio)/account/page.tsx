import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PasswordForm } from "@/components/account/password-form";
import { TokensPanel } from "@/components/account/tokens-panel";
import { currentUser } from "@/components/auth/current-user";
import { Alert } from "@/components/ui/alert";
import { env } from "@/lib/env";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account"))("pageTitle") };
}

export default async function AccountPage() {
  const [user, t] = await Promise.all([currentUser(), getTranslations("account")]);
  if (!user || user.via === "local") {
    return (
      <div className="mx-auto max-w-3xl p-6">
        <Alert tone="info" title={t("offTitle")}>
          {t("offText")}
        </Alert>
      </div>
    );
  }
  const base = env().publicBaseUrl ?? `http://${(await headers()).get("host") ?? "127.0.0.1"}`;
  return (
    <div className="mx-auto max-w-4xl space-y-10 p-6">
      <div>
        <h1 className="text-xl font-semibold">{t("heading")}</h1>
        <p className="mt-1 text-sm text-zinc-400">
          <span translate="no">{user.email}</span> · {t("role", { role: user.role })}
        </p>
      </div>
      <section className="space-y-3">
        <h2 className="text-sm font-semibold text-zinc-300">{t("password")}</h2>
        <PasswordForm />
      </section>
      <section className="space-y-3">
        <h2 className="text-sm font-semibold text-zinc-300">{t("tokens")}</h2>
        <p className="text-sm text-zinc-400">
          {t.rich("tokensIntro", { code: (chunks) => <code translate="no">{chunks}</code> })}
        </p>
        <TokensPanel mirrorUrl={`${base}/api/v2/model-center/tasks`} />
      </section>
      <section className="space-y-3">
        <h2 className="text-sm font-semibold text-zinc-300">{t("webhooks")}</h2>
        <p className="text-sm text-zinc-400">
          {t.rich("webhooksText", {
            link: (chunks) => (
              <Link href="/account/webhooks" className="text-sky-400 underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
      </section>
    </div>
  );
}
