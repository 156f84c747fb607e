import type { Metadata } from "next";
import Link from "next/link";
import { AuditLog } from "@/components/audit/audit-log";
import { currentUser } from "@/components/auth/current-user";
import { Alert } from "@/components/ui/alert";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Audit log · Model Studio" };

export default async function AuditPage() {
  const user = await currentUser();
  if (user?.role !== "admin") {
    return (
      <div className="mx-auto max-w-3xl p-6">
        <Alert tone="danger" title="Admins only">
          Only an admin of this studio can read the audit log.
        </Alert>
      </div>
    );
  }
  const days = env().auditRetentionDays;
  return (
    <div className="mx-auto max-w-6xl space-y-6 p-6">
      <div className="flex items-baseline justify-between gap-4">
        <h1 className="text-xl font-semibold">Audit log</h1>
        <Link href="/admin" className="text-sm text-sky-400 hover:underline">
          Users
        </Link>
      </div>
      <p className="text-sm text-zinc-400">
        Who did what, when and from which address: sign-ins (refused ones too), API tokens, accounts, roles,
        budgets, share links, gallery deletes and webhook settings. Nobody can edit or delete an entry;{" "}
        {days > 0
          ? `entries older than ${days} days are removed (AUDIT_RETENTION_DAYS).`
          : "entries are kept forever (AUDIT_RETENTION_DAYS=0)."}
      </p>
      <AuditLog />
    </div>
  );
}
