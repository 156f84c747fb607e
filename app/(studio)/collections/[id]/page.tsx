import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { CollectionView } from "@/components/collections/collection-view";
import { Spinner } from "@/components/ui/spinner";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("collections"))("pageTitle") };
}

export default async function CollectionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const t = await getTranslations("collections");
  // The view reads its filters from the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense
      fallback={
        <div className="flex h-64 items-center justify-center">
          <Spinner label={t("loading")} />
        </div>
      }
    >
      <CollectionView id={id} />
    </Suspense>
  );
}
