import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CollectionList } from "@/components/collections/collection-list";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("collections"))("listPageTitle") };
}

export default function CollectionsPage() {
  return <CollectionList />;
}
