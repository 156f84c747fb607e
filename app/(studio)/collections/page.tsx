import type { Metadata } from "next";
import { CollectionList } from "@/components/collections/collection-list";

export const metadata: Metadata = { title: "Collections · Model Studio" };

export default function CollectionsPage() {
  return <CollectionList />;
}
