import type { Metadata } from "next";
import { BatchView } from "@/components/batches/batch-view";

export const metadata: Metadata = { title: "Batch · Model Studio" };

export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <BatchView id={id} />;
}
