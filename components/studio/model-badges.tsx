import type { ModelDef } from "@/lib/catalog";
import { Badge } from "@/components/ui/badge";

/** Kind, asset-library and availability badges shared by the picker and the model header. */
export function ModelBadges({ model }: { model: ModelDef }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      <Badge tone={model.kind === "video" ? "info" : "success"}>{model.kind}</Badge>
      {model.assetLibrary && (
        <span title="Media fields also accept assetId:// references from the asset library">
          <Badge>asset library</Badge>
        </span>
      )}
      {!model.documented && <Badge tone="warning">undocumented params</Badge>}
      {model.unavailableReason && <Badge tone="danger">unavailable · {model.unavailableReason}</Badge>}
    </span>
  );
}
