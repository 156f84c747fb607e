import { useTranslations } from "next-intl";
import type { AssetView } from "@/lib/assets/types";

/** The stored preview in the element its type plays in; a placeholder naming the kind otherwise. */
export function AssetPreview({ asset, className }: { asset: AssetView; className?: string }) {
  const t = useTranslations("assets");
  const box = `flex items-center justify-center overflow-hidden rounded-md bg-zinc-950 ${className ?? ""}`;
  const type = asset.previewType ?? "";
  const label = t("previewOf", { label: asset.label });
  if (!asset.previewUrl) {
    return (
      <div className={`${box} text-xs text-zinc-400`} data-testid="asset-preview-none">
        {t("noPreview", { kind: asset.kind })}
      </div>
    );
  }
  if (type.startsWith("image/")) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- a stored file served by the studio, not a static asset
      <img src={asset.previewUrl} alt={label} className={`${box} object-contain`} loading="lazy" />
    );
  }
  if (type.startsWith("video/")) {
    return (
      <video src={asset.previewUrl} className={box} preload="metadata" controls muted aria-label={label} />
    );
  }
  return (
    <div className={`${box} p-2`}>
      <audio src={asset.previewUrl} controls preload="none" className="w-full" aria-label={label} />
    </div>
  );
}
