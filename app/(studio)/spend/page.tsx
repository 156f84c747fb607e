import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { currentUser } from "@/components/auth/current-user";
import { SpendView } from "@/components/spend/spend-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("spend"))("pageTitle") };
}

export default async function SpendPage() {
  const user = await currentUser();
  if (!user) return null;
  return <SpendView self={{ id: user.id, label: user.email }} isAdmin={user.role === "admin"} />;
}
