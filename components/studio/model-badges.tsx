"use client";

import { useTranslations } from "next-intl";
import type { ModelDef } from "@/lib/catalog";
import { Badge } from "@/components/ui/badge";

/** Kind, asset-library and availability badges shared by the picker and the model header. */
export function ModelBadges({ model }: { model: ModelDef }) {
  const t = useTranslations("picker");
  return (
    <span className="flex flex-wrap items-center gap-1">
      <Badge tone={model.kind === "video" ? "info" : "success"}>
        {t(model.kind === "video" ? "kindVideo" : "kindImage")}
      </Badge>
      {model.assetLibrary && (
        <span title={t("assetLibraryTitle")}>
          <Badge>{t("assetLibrary")}</Badge>
        </span>
      )}
      {!model.documented && <Badge tone="warning">{t("undocumented")}</Badge>}
      {model.unavailableReason && (
        <Badge tone="danger">
          {t("unavailable")} · {/* the spec's reason code, as the upstream names it */}
          <span data-spec-text>{model.unavailableReason}</span>
        </Badge>
      )}
    </span>
  );
}
