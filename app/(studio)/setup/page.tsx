import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { SetupForm } from "@/components/auth/setup-form";
import { env } from "@/lib/env";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auth"))("setupPageTitle") };
}

/** The first admin; proxy.ts sends every page here while no user exists, and away once one does. */
export default async function SetupPage() {
  const { auth } = env();
  if (!auth.enabled) notFound();
  const t = await getTranslations("auth");
  return (
    <AuthCard title={t("setupTitle")} intro={t("setupIntro")}>
      <SetupForm codeRequired={auth.setupCodeRequired} />
    </AuthCard>
  );
}
