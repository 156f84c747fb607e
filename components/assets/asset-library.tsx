"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ASSET_KINDS, type AssetKind } from "@/lib/assets/kinds";
import { useAssetsQuery } from "./api";
import { AssetCard } from "./asset-card";
import { RecordAssetForm } from "./record-asset-form";

// Only operators who set ASSET_UPLOAD_URL see it, and only after choosing it: kept out of the first load.
const UploadAssetForm = lazy(() =>
  import("./upload-asset-form").then((m) => ({ default: m.UploadAssetForm })),
);

/** The /assets page: how ids get here, the add form(s) and the list. */
export function AssetLibrary({ uploadConfigured }: { uploadConfigured: boolean }) {
  const [mode, setMode] = useState<"record" | "upload">("record");
  const [kind, setKind] = useState<AssetKind | undefined>(undefined);
  const assets = useAssetsQuery(kind);
  const t = useTranslations("assets");
  const errorMessage = useErrorMessage();

  return (
    <div className="mx-auto max-w-6xl space-y-6 p-6">
      <header className="space-y-2">
        <h1 className="text-xl font-semibold text-zinc-100">{t("heading")}</h1>
        <p className="text-sm text-zinc-400">
          {t.rich("intro", {
            code: (chunks) => (
              <code className="font-mono" translate="no">
                {chunks}
              </code>
            ),
          })}
        </p>
        {!uploadConfigured && (
          <Alert tone="info" testId="upload-elsewhere">
            {t("uploadElsewhere")}
          </Alert>
        )}
      </header>

      <section aria-labelledby="add-asset" className="space-y-3 rounded-lg border border-zinc-800 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="add-asset" className="text-base font-semibold text-zinc-100">
            {t("addHeading")}
          </h2>
          {uploadConfigured && (
            <div role="group" aria-label={t("howToAdd")} className="flex gap-1">
              <Button
                size="sm"
                variant={mode === "record" ? "primary" : "secondary"}
                aria-pressed={mode === "record"}
                onClick={() => setMode("record")}
              >
                {t("recordMode")}
              </Button>
              <Button
                size="sm"
                variant={mode === "upload" ? "primary" : "secondary"}
                aria-pressed={mode === "upload"}
                onClick={() => setMode("upload")}
              >
                {t("upload")}
              </Button>
            </div>
          )}
        </div>
        {mode === "upload" && uploadConfigured ? (
          <Suspense fallback={<Spinner label={t("loadingUpload")} />}>
            <UploadAssetForm />
          </Suspense>
        ) : (
          <RecordAssetForm />
        )}
      </section>

      <section aria-labelledby="your-assets" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="your-assets" className="text-base font-semibold text-zinc-100">
            {t("yourAssets")}
          </h2>
          <select
            aria-label={t("showKind")}
            value={kind ?? ""}
            onChange={(event) => setKind((event.target.value || undefined) as AssetKind | undefined)}
            className="rounded-md border border-zinc-700 bg-zinc-900 px-2 py-1 text-sm text-zinc-100"
          >
            <option value="">{t("allKinds")}</option>
            {ASSET_KINDS.map((k) => (
              <option key={k} value={k}>
                {t("kind", { kind: k })}
              </option>
            ))}
          </select>
        </div>
        {assets.isPending ? (
          <Spinner label={t("loading")} />
        ) : assets.isError ? (
          <Alert tone="danger">{errorMessage(assets.error)}</Alert>
        ) : assets.data.length === 0 ? (
          <p className="text-sm text-zinc-400" data-testid="assets-empty">
            {t("empty")}
          </p>
        ) : (
          <ul data-testid="asset-list" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {assets.data.map((asset) => (
              <AssetCard key={asset.id} asset={asset} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
