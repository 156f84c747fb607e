import type { Metadata } from "next";
import Link from "next/link";
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

export const metadata: Metadata = { title: "Admin · Model Studio" };

export default async function AdminPage() {
  const user = await currentUser();
  if (user?.role !== "admin") {
    return (
      <div className="mx-auto max-w-3xl p-6">
        <Alert tone="danger" title="Admins only">
          Only an admin of this studio can manage users.
        </Alert>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl space-y-8 p-6">
      <div className="flex items-baseline justify-between gap-4">
        <h1 className="text-xl font-semibold">Users</h1>
        <Link href="/admin/audit" className="text-sm text-sky-400 hover:underline">
          Audit log
        </Link>
      </div>
      {!env().auth.enabled && (
        <Alert tone="info">
          Accounts are off (AUTH=off on loopback): these accounts are used once the studio runs with AUTH=on.
        </Alert>
      )}
      {!env().auth.enabled && (
        <section className="space-y-3">
          <h2 className="text-sm font-semibold text-zinc-300">Budget while accounts are off</h2>
          <p className="text-sm text-zinc-400">
            Everyone who reaches this studio acts as one local user; its spend is limited here.
          </p>
          <BudgetForm
            userId={LOCAL_OWNER}
            label="the local user"
            budget={await budgetOf(db(), LOCAL_OWNER)}
          />
        </section>
      )}
      <ReauthProvider required={env().auth.enabled}>
        <section className="space-y-3">
          <h2 className="text-sm font-semibold text-zinc-300">Add a user</h2>
          <NewUserForm />
        </section>
        <section className="space-y-3">
          <h2 className="text-sm font-semibold text-zinc-300">Accounts</h2>
          <UsersTable currentUserId={user.id} />
        </section>
      </ReauthProvider>
    </div>
  );
}
