"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import type { AssetKind } from "@/lib/assets/kinds";
import type { AssetView } from "@/lib/assets/types";
import { useAssetsQuery } from "./api";
import { AssetPreview } from "./asset-preview";
import { ReviewBadge } from "./review-badge";

/**
 * "Pick from asset library" for one media field of an asset-library model: lists the user's assets
 * of the field's kind and hands back `assetId://{assetId}`. The spec accepts an asset only after
 * review passed, so any other state stays pickable but says the task may fail review.
 */
export function AssetPicker({
  kind,
  fieldLabel,
  disabled,
  className,
  onPick,
}: {
  kind: AssetKind;
  fieldLabel: string;
  disabled?: boolean;
  className?: string;
  onPick: (reference: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const t = useTranslations("assetPicker");
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const dialogProps = useModalDialog(open, () => setOpen(false));
  const assets = useAssetsQuery(kind, open);
  const pick = (asset: AssetView) => {
    setOpen(false);
    onPick(asset.reference);
  };

  return (
    <>
      <Button
        size="sm"
        disabled={disabled}
        className={className}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {t("open")}
      </Button>
      <dialog
        {...dialogProps}
        aria-labelledby={titleId}
        data-testid="asset-picker"
        className="m-auto w-full max-w-2xl rounded-xl border border-zinc-700 bg-zinc-900 p-0 text-zinc-100 shadow-2xl backdrop:bg-black/70"
      >
        {open && (
          <div className="space-y-3 p-5">
            <div className="flex items-center justify-between gap-3">
              <h2 id={titleId} className="text-base font-semibold">
                {t("title", { field: fieldLabel, kind })}
              </h2>
              <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
                {t("close")}
              </Button>
            </div>
            {assets.isPending ? (
              <Spinner label={t("loading")} />
            ) : assets.isError ? (
              <Alert tone="danger">{errorMessage(assets.error)}</Alert>
            ) : assets.data.length === 0 ? (
              <p className="text-sm text-zinc-400">
                {t.rich("empty", {
                  kind,
                  link: (chunks) => (
                    <Link href="/assets" className="text-sky-400 underline">
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
            ) : (
              <ul className="max-h-[60vh] space-y-2 overflow-y-auto">
                {assets.data.map((asset) => (
                  <PickerRow key={asset.id} asset={asset} onPick={() => pick(asset)} />
                ))}
              </ul>
            )}
          </div>
        )}
      </dialog>
    </>
  );
}

function PickerRow({ asset, onPick }: { asset: AssetView; onPick: () => void }) {
  const passed = asset.reviewState === "passed";
  const t = useTranslations("assetPicker");
  const warningId = `asset-warning-${asset.id}`;
  return (
    <li
      data-testid="asset-option"
      data-asset-id={asset.assetId}
      className="flex items-center gap-3 rounded-lg border border-zinc-800 p-2"
    >
      <AssetPreview asset={asset} className="h-14 w-20 shrink-0" />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-center gap-2">
          <span className="truncate text-sm font-medium">{asset.label}</span>
          <ReviewBadge state={asset.reviewState} />
        </div>
        <p className="truncate font-mono text-xs text-zinc-400">{asset.reference}</p>
        {!passed && (
          <p id={warningId} className="text-xs text-amber-300">
            {t("notPassed", { state: asset.reviewState })}
          </p>
        )}
      </div>
      <Button
        size="sm"
        variant={passed ? "primary" : "secondary"}
        aria-describedby={passed ? undefined : warningId}
        aria-label={t(passed ? "useLabel" : "useAnywayLabel", { label: asset.label })}
        onClick={onPick}
      >
        {passed ? t("use") : t("useAnyway")}
      </Button>
    </li>
  );
}
