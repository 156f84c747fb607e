import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BatchView } from "@/components/batches/batch-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("batches"))("pageTitle") };
}

export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <BatchView id={id} />;
}
