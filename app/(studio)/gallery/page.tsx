import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { GalleryView } from "@/components/gallery/gallery-view";
import { Spinner } from "@/components/ui/spinner";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("gallery");
  return { title: t("metaTitle") };
}

export default async function GalleryPage() {
  const t = await getTranslations("gallery");
  // The view reads its filters from the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense
      fallback={
        <div className="flex h-64 items-center justify-center">
          <Spinner label={t("loading")} />
        </div>
      }
    >
      <GalleryView />
    </Suspense>
  );
}
