"use client";

import { Download, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useStatusLabel } from "@/components/i18n/use-status-label";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { unmetLimit } from "@/lib/gallery/reference-limits";
import { ContinueButton } from "./continue-button";
import { useRoleLabel } from "./media-viewer";
import type { GalleryItemDetail, ReferenceTarget } from "@/lib/gallery/types";
import { useReferenceOptionsQuery } from "./use-gallery-queries";

const linkClass =
  "inline-flex h-8 items-center justify-center gap-1.5 rounded-md border border-zinc-700 bg-zinc-900 px-2.5 text-xs font-medium text-zinc-100 hover:bg-zinc-800";

/** Remix, use as reference, download and delete (`onDelete` asks first) for the open item. */
export function ReuseActions({ item, onDelete }: { item: GalleryItemDetail; onDelete: () => void }) {
  const t = useTranslations("galleryDetail");
  const [referencing, setReferencing] = useState(false);
  const primary = item.media.find((m) => m.role === "result" && m.status === "stored");

  return (
    <section aria-label={t("actions")} className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <a href={`/?remix=${encodeURIComponent(item.id)}`} className={linkClass} data-testid="remix-link">
          <RefreshCw aria-hidden className="size-3.5" /> {t("remix")}
        </a>
        <Button
          size="sm"
          onClick={() => setReferencing((v) => !v)}
          aria-expanded={referencing}
          disabled={item.media.length === 0}
          data-testid="use-as-reference"
        >
          {t("useAsReference")}
        </Button>
        <ContinueButton item={item} />
        {primary && (
          <a href={primary.downloadUrl} className={linkClass} data-testid="detail-download">
            <Download aria-hidden className="size-3.5" /> {t("download")}
          </a>
        )}
        <Button size="sm" variant="danger" onClick={onDelete} data-testid="detail-delete">
          {t("delete")}
        </Button>
      </div>
      {referencing && <ReferencePicker item={item} />}
    </section>
  );
}

const sourceKey = { upstream: "sourceUpstream", studio: "sourceStudio" } as const;

/**
 * Which file, which URL (the server says which ones the upstream can fetch, best first) and which
 * model field; a field opens the studio with that URL in it.
 */
function ReferencePicker({ item }: { item: GalleryItemDetail }) {
  const t = useTranslations("galleryDetail");
  const errorMessage = useErrorMessage();
  const statusLabel = useStatusLabel();
  const roleLabel = useRoleLabel();
  const options = useReferenceOptionsQuery(item.id);
  const usable = (options.data ?? []).filter((m) => m.candidates.length > 0);
  const [mediaId, setMediaId] = useState<string | null>(null);
  const [chosenUrl, setChosenUrl] = useState<string | null>(null);
  const idBase = useId();
  const media = usable.find((m) => m.mediaId === mediaId) ?? usable[0];
  const reference = media?.candidates.find((c) => c.url === chosenUrl) ?? media?.candidates[0];
  const groups = new Map<string, ReferenceTarget[]>();
  for (const target of media ? item.referenceTargets[media.kind] : [])
    groups.set(target.modelId, [...(groups.get(target.modelId) ?? []), target]);
  const byModel = [...groups.values()];
  const stored = item.media.find((m) => m.id === media?.mediaId);

  if (options.isPending) {
    return (
      <p className="flex items-center gap-2 text-xs text-zinc-400">
        <Spinner label={t("checkingLabel")} /> {t("checking")}
      </p>
    );
  }
  if (options.isError) {
    return (
      <p role="alert" className="text-sm text-red-300">
        {errorMessage(options.error)}
      </p>
    );
  }
  if (!media || !reference) {
    return (
      <p className="text-sm text-zinc-400" data-testid="reference-none">
        {t("referenceNone")}
      </p>
    );
  }
  return (
    <div
      className="space-y-3 rounded-lg border border-zinc-800 bg-zinc-900/60 p-3"
      data-testid="reference-picker"
    >
      {usable.length > 1 && (
        <fieldset className="flex gap-3 text-xs">
          <legend className="sr-only">{t("referenceFile")}</legend>
          {usable.map((m) => (
            <label key={m.mediaId} className="flex items-center gap-1">
              <input
                type="radio"
                name="reference-media"
                checked={m.mediaId === media.mediaId}
                onChange={() => {
                  setMediaId(m.mediaId);
                  setChosenUrl(null);
                }}
              />
              {t("referenceRole", { role: roleLabel(m.role), kind: statusLabel(m.kind) })}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="space-y-1.5">
        <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-zinc-400">
          {t("urlToSend")}
        </legend>
        {media.candidates.map((c) => (
          <label
            key={c.url}
            className="flex items-start gap-2 text-xs"
            data-testid="reference-candidate"
            data-source={c.source}
          >
            <input
              type="radio"
              name="reference-url"
              className="mt-0.5"
              checked={c.url === reference.url}
              onChange={() => setChosenUrl(c.url)}
            />
            <span className="min-w-0">
              <span className="font-medium text-zinc-200">{t(sourceKey[c.source])}</span>
              {c.warning && <span className="text-amber-300">{t("mayNotReach")}</span>}
              <span className="block break-all font-mono text-[11px] text-zinc-400" translate="no">
                {c.url}
              </span>
              <span className="block text-[11px] text-zinc-400">{c.note}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {reference.warning && (
        <p
          className="rounded border border-amber-500/40 bg-amber-500/10 p-2 text-xs text-amber-100"
          data-testid="reference-warning"
        >
          {reference.warning}
        </p>
      )}
      {byModel.length === 0 ? (
        <p className="text-sm text-zinc-400">{t("noTarget", { kind: media.kind })}</p>
      ) : (
        <ul className="max-h-64 space-y-2 overflow-y-auto pr-1">
          {byModel.map((targets) => (
            <li key={targets[0].modelId}>
              <p className="text-xs text-zinc-400" data-spec-text>
                <span className="font-mono text-zinc-200">{targets[0].modelId}</span> · {targets[0].group}
              </p>
              <div className="mt-1 flex flex-wrap gap-1.5">
                {targets.map((target) => {
                  const label =
                    target.maxItems > 1
                      ? t("upTo", { label: target.fieldLabel, count: target.maxItems })
                      : target.fieldLabel;
                  const unmet = stored ? unmetLimit(target.limits, stored) : null;
                  // A field this file cannot meet stays listed (the user learns why), but not as a link.
                  return unmet ? (
                    <span
                      key={target.field}
                      role="link"
                      aria-disabled="true"
                      aria-describedby={`${idBase}-${target.modelId}-${target.field}`}
                      title={unmet}
                      className="cursor-not-allowed rounded-full border border-zinc-800 px-2.5 py-0.5 text-xs text-zinc-400"
                      data-testid="reference-target"
                      data-model={target.modelId}
                      data-field={target.field}
                      data-disabled="true"
                    >
                      {label}
                      <span
                        id={`${idBase}-${target.modelId}-${target.field}`}
                        className="block text-[11px] text-amber-300/80"
                        data-testid="reference-unmet"
                      >
                        {unmet}
                      </span>
                    </span>
                  ) : (
                    <a
                      key={target.field}
                      href={`/?${new URLSearchParams({ model: target.modelId, ref: reference.url, field: target.field })}`}
                      className="rounded-full border border-zinc-700 px-2.5 py-0.5 text-xs text-sky-300 hover:border-sky-400"
                      data-testid="reference-target"
                      data-model={target.modelId}
                      data-field={target.field}
                    >
                      {label}
                    </a>
                  );
                })}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
