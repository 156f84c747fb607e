import type { Metadata } from "next";
import { SequenceView } from "@/components/sequences/sequence-view";

export const metadata: Metadata = { title: "Sequence · Model Studio" };

export default async function SequencePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SequenceView id={id} />;
}
