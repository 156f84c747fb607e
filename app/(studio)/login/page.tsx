import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { safeNext } from "@/lib/auth/page-gate";
import { env } from "@/lib/env";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("loginPageTitle") };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const t = await getTranslations("auth");
  if (!env().auth.enabled) {
    return (
      <AuthCard title={t("accountsOffTitle")}>
        <p className="text-sm text-zinc-400">{t("accountsOffText")}</p>
      </AuthCard>
    );
  }
  const { next } = await searchParams;
  return (
    <AuthCard title={t("loginTitle")}>
      <LoginForm next={safeNext(next ?? null)} />
    </AuthCard>
  );
}
