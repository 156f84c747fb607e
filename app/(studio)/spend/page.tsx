import type { Metadata } from "next";
import { currentUser } from "@/components/auth/current-user";
import { SpendView } from "@/components/spend/spend-view";

export const metadata: Metadata = { title: "Spend · Model Studio" };

export default async function SpendPage() {
  const user = await currentUser();
  if (!user) return null;
  return <SpendView self={{ id: user.id, label: user.email }} isAdmin={user.role === "admin"} />;
}
