import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SequenceView } from "@/components/sequences/sequence-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("sequences"))("pageTitle") };
}

export default async function SequencePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SequenceView id={id} />;
}
