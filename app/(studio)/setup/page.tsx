import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { SetupForm } from "@/components/auth/setup-form";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Set up · Model Studio" };

/** The first admin; proxy.ts sends every page here while no user exists, and away once one does. */
export default function SetupPage() {
  const { auth } = env();
  if (!auth.enabled) notFound();
  return (
    <AuthCard
      title="Set up the first admin"
      intro="No account exists yet. The admin you create here can then add members."
    >
      <SetupForm codeRequired={auth.setupCodeRequired} />
    </AuthCard>
  );
}
