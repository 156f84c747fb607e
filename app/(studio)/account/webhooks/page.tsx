import type { Metadata } from "next";
import Link from "next/link";
import { currentUser } from "@/components/auth/current-user";
import { Alert } from "@/components/ui/alert";
import { WebhooksPanel } from "@/components/webhooks/webhooks-panel";

export const metadata: Metadata = { title: "Webhooks · Model Studio" };

export default async function WebhooksPage() {
  const user = await currentUser();
  if (!user) {
    return (
      <div className="mx-auto max-w-3xl p-6">
        <Alert tone="info" title="Sign in first">
          Webhooks are managed from a signed-in session.
        </Alert>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-6 p-6">
      <div>
        <Link href="/account" className="text-xs text-zinc-400 hover:text-zinc-200">
          ← Your account
        </Link>
        <h1 className="mt-1 text-xl font-semibold">Webhooks</h1>
        <p className="mt-1 text-sm text-zinc-400">
          The studio posts events (a task completed, failed or stored; a batch completed) to your URLs, signed
          per the Standard Webhooks spec. A failed delivery is retried over 31 hours; an endpoint that keeps
          failing for 5 days is disabled, with the reason shown here.
        </p>
      </div>
      <WebhooksPanel isAdmin={user.role === "admin"} />
    </div>
  );
}
