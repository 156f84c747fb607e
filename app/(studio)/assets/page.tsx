import type { Metadata } from "next";
import { AssetLibrary } from "@/components/assets/asset-library";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Assets · Model Studio" };
// Whether uploads are offered is the running server's configuration, not the build's.
export const dynamic = "force-dynamic";

export default function AssetsPage() {
  return <AssetLibrary uploadConfigured={env().assetUploadUrl !== null} />;
}
