import type { Metadata } from "next";
import { BatchList } from "@/components/batches/batch-list";

export const metadata: Metadata = { title: "Batches · Model Studio" };

export default function BatchesPage() {
  return <BatchList />;
}
