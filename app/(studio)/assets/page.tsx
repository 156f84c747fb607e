import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AssetLibrary } from "@/components/assets/asset-library";
import { env } from "@/lib/env";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("assets"))("pageTitle") };
}
// Whether uploads are offered is the running server's configuration, not the build's.
export const dynamic = "force-dynamic";

export default function AssetsPage() {
  return <AssetLibrary uploadConfigured={env().assetUploadUrl !== null} />;
}
