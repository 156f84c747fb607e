import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { PasswordForm } from "@/components/shares/guest/password-form";
import { ShareView } from "@/components/shares/guest/share-view";
import { db } from "@/lib/db";
import { sharePageState } from "@/lib/shares/page-state";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Shared for review",
  robots: { index: false, follow: false, nocache: true },
  referrer: "no-referrer",
};

/**
 * A share link's page (issue 21): no account, no studio navigation (app/(studio) holds the shell),
 * not indexed, not framed (proxy.ts headers). Revoked and expired links are answered by proxy.ts
 * with 404/410 before this renders.
 */
export default async function SharePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const state = await sharePageState(db(), token, await headers());
  if (state.kind === "gone") {
    if (state.status === 404) notFound();
    return (
      <main className="grid min-h-screen place-items-center p-8 text-center">
        <h1 className="text-lg font-semibold" data-testid="share-gone">
          {state.message.replace(/\.$/, "")}
        </h1>
      </main>
    );
  }
  if (state.kind === "locked") return <PasswordForm token={token} />;
  return <ShareView token={token} />;
}
