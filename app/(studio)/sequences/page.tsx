import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SequenceList } from "@/components/sequences/sequence-list";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("sequences"))("listPageTitle") };
}

export default function SequencesPage() {
  return <SequenceList />;
}
