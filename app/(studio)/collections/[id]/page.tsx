import type { Metadata } from "next";
import { Suspense } from "react";
import { CollectionView } from "@/components/collections/collection-view";
import { Spinner } from "@/components/ui/spinner";

export const metadata: Metadata = { title: "Collection · Model Studio" };

export default async function CollectionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // The view reads its filters from the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense
      fallback={
        <div className="flex h-64 items-center justify-center">
          <Spinner label="Loading collection" />
        </div>
      }
    >
      <CollectionView id={id} />
    </Suspense>
  );
}
