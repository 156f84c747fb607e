import type { Metadata } from "next";
import { SequenceList } from "@/components/sequences/sequence-list";

export const metadata: Metadata = { title: "Sequences · Model Studio" };

export default function SequencesPage() {
  return <SequenceList />;
}
