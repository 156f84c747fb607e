import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuditLog } from "@/components/audit/audit-log";
import { currentUser } from "@/components/auth/current-user";
import { Alert } from "@/components/ui/alert";
import { env } from "@/lib/env";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("audit"))("pageTitle") };
}

export default async function AuditPage() {
  const t = await getTranslations("audit");
  const user = await currentUser();
  if (user?.role !== "admin") {
    return (
      <div className="mx-auto max-w-3xl p-6">
        <Alert tone="danger" title={t("adminsOnly")}>
          {t("adminsOnlyText")}
        </Alert>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-6">
      <div className="flex items-baseline justify-between gap-4">
        <h1 className="text-xl font-semibold">{t("heading")}</h1>
        <Link href="/admin" className="text-sm text-sky-400 hover:underline">
          {t("usersLink")}
        </Link>
      </div>
      <p className="text-sm text-zinc-400">
        {t.rich("intro", {
          days: env().auditRetentionDays,
          env: (chunks) => <code translate="no">{chunks}</code>,
        })}
      </p>
      <AuditLog />
    </div>
  );
}
