import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { safeNext } from "@/lib/auth/page-gate";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Sign in · Model Studio" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  if (!env().auth.enabled) {
    return (
      <AuthCard title="Accounts are off">
        <p className="text-sm text-zinc-400">
          This studio listens on loopback with AUTH=off: there is nothing to sign in to.
        </p>
      </AuthCard>
    );
  }
  const { next } = await searchParams;
  return (
    <AuthCard title="Sign in to Model Studio">
      <LoginForm next={safeNext(next ?? null)} />
    </AuthCard>
  );
}
