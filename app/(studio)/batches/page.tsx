import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BatchList } from "@/components/batches/batch-list";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("batches"))("listPageTitle") };
}

export default function BatchesPage() {
  return <BatchList />;
}
