import type { Metadata } from "next";
import { Suspense } from "react";
import { GalleryView } from "@/components/gallery/gallery-view";
import { Spinner } from "@/components/ui/spinner";

export const metadata: Metadata = { title: "Gallery · Model Studio" };

export default function GalleryPage() {
  // The view reads its filters from the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense
      fallback={
        <div className="flex h-64 items-center justify-center">
          <Spinner label="Loading gallery" />
        </div>
      }
    >
      <GalleryView />
    </Suspense>
  );
}
