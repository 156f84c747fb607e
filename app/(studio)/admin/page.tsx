import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { NewUserForm } from "@/components/admin/new-user-form";
import { ReauthProvider } from "@/components/admin/reauth";
import { UsersTable } from "@/components/admin/users-table";
import { currentUser } from "@/components/auth/current-user";
import { Alert } from "@/components/ui/alert";
import { BudgetForm } from "@/components/admin/budget-form";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { budgetOf } from "@/lib/spend/budgets";
import { LOCAL_OWNER } from "@/lib/spend/owner";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin"))("pageTitle") };
}

export default async function AdminPage() {
  const t = await getTranslations("admin");
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
    <div className="mx-auto max-w-5xl space-y-8 p-6">
      <div className="flex items-baseline justify-between gap-4">
        <h1 className="text-xl font-semibold">{t("usersHeading")}</h1>
        <Link href="/admin/audit" className="text-sm text-sky-400 hover:underline">
          {t("auditLink")}
        </Link>
      </div>
      {!env().auth.enabled && (
        <Alert tone="info">
          {t.rich("accountsOff", { code: (chunks) => <code translate="no">{chunks}</code> })}
        </Alert>
      )}
      {!env().auth.enabled && (
        <section className="space-y-3">
          <h2 className="text-sm font-semibold text-zinc-300">{t("localBudgetHeading")}</h2>
          <p className="text-sm text-zinc-400">{t("localBudgetText")}</p>
          <BudgetForm
            userId={LOCAL_OWNER}
            label={t("localUser")}
            budget={await budgetOf(db(), LOCAL_OWNER)}
          />
        </section>
      )}
      <ReauthProvider required={env().auth.enabled}>
        <section className="space-y-3">
          <h2 className="text-sm font-semibold text-zinc-300">{t("addUser")}</h2>
          <NewUserForm />
        </section>
        <section className="space-y-3">
          <h2 className="text-sm font-semibold text-zinc-300">{t("accounts")}</h2>
          <UsersTable currentUserId={user.id} />
        </section>
      </ReauthProvider>
    </div>
  );
}
