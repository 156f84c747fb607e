import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { PasswordForm } from "@/components/account/password-form";
import { TokensPanel } from "@/components/account/tokens-panel";
import { currentUser } from "@/components/auth/current-user";
import { Alert } from "@/components/ui/alert";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Account · Model Studio" };

export default async function AccountPage() {
  const user = await currentUser();
  if (!user || user.via === "local") {
    return (
      <div className="mx-auto max-w-3xl p-6">
        <Alert tone="info" title="Accounts are off">
          This studio runs with AUTH=off on loopback: there is no password or API token to manage.
        </Alert>
      </div>
    );
  }
  const base = env().publicBaseUrl ?? `http://${(await headers()).get("host") ?? "127.0.0.1"}`;
  return (
    <div className="mx-auto max-w-4xl space-y-10 p-6">
      <div>
        <h1 className="text-xl font-semibold">Your account</h1>
        <p className="mt-1 text-sm text-zinc-400">
          {user.email} · {user.role}
        </p>
      </div>
      <section className="space-y-3">
        <h2 className="text-sm font-semibold text-zinc-300">Password</h2>
        <PasswordForm />
      </section>
      <section className="space-y-3">
        <h2 className="text-sm font-semibold text-zinc-300">API tokens</h2>
        <p className="text-sm text-zinc-400">
          A token acts as you on every /api route, the mirrors of the upstream API included, so a client
          written for the upstream works with the studio&apos;s address and a token instead of the key.
        </p>
        <TokensPanel mirrorUrl={`${base}/api/v2/model-center/tasks`} />
      </section>
      <section className="space-y-3">
        <h2 className="text-sm font-semibold text-zinc-300">Webhooks</h2>
        <p className="text-sm text-zinc-400">
          Signed events to your own URLs when tasks finish or are stored and batches complete:{" "}
          <Link href="/account/webhooks" className="text-sky-400 underline">
            manage webhooks
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
