import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { currentUser } from "@/components/auth/current-user";
import { Alert } from "@/components/ui/alert";
import { WebhooksPanel } from "@/components/webhooks/webhooks-panel";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("webhooks"))("pageTitle") };
}

export default async function WebhooksPage() {
  const t = await getTranslations("webhooks");
  const user = await currentUser();
  if (!user) {
    return (
      <div className="mx-auto max-w-3xl p-6">
        <Alert tone="info" title={t("signInFirst")}>
          {t("signInText")}
        </Alert>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-6 p-6">
      <div>
        <Link href="/account" className="text-xs text-zinc-400 hover:text-zinc-200">
          {t("backToAccount")}
        </Link>
        <h1 className="mt-1 text-xl font-semibold">{t("heading")}</h1>
        <p className="mt-1 text-sm text-zinc-400">
          {t.rich("intro", { name: (chunks) => <span translate="no">{chunks}</span> })}
        </p>
      </div>
      <WebhooksPanel isAdmin={user.role === "admin"} />
    </div>
  );
}
