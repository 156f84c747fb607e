"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { chooseReferenceUrl } from "@/lib/gallery/reference-url";
import type { GalleryItemDetail, GalleryMediaDetail, ReferenceTarget } from "@/lib/gallery/types";
import { deleteItem } from "./api";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { dropCachedItems } from "./use-gallery-queries";

const linkClass =
  "inline-flex h-8 items-center justify-center gap-1.5 rounded-md border border-zinc-700 bg-zinc-900 px-2.5 text-xs font-medium text-zinc-100 hover:bg-zinc-800";

const kindOf = (m: GalleryMediaDetail, taskKind: string): "image" | "video" =>
  m.contentType?.startsWith("image/")
    ? "image"
    : m.contentType?.startsWith("video/")
      ? "video"
      : taskKind === "image"
        ? "image"
        : "video";

/** Remix, use as reference, download and delete for the open item. */
export function ReuseActions({ item, onDeleted }: { item: GalleryItemDetail; onDeleted: () => void }) {
  const client = useQueryClient();
  const [referencing, setReferencing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const primary = item.media.find((m) => m.role === "result" && m.status === "stored");

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteItem(item.id);
      setConfirming(false);
      dropCachedItems(client, new Set([item.id]));
      onDeleted();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section aria-label="Actions" className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <a href={`/?remix=${encodeURIComponent(item.id)}`} className={linkClass} data-testid="remix-link">
          ↻ Remix
        </a>
        <Button
          size="sm"
          onClick={() => setReferencing((v) => !v)}
          aria-expanded={referencing}
          disabled={item.media.length === 0}
          data-testid="use-as-reference"
        >
          Use as reference…
        </Button>
        {primary && (
          <a href={primary.downloadUrl} className={linkClass} data-testid="detail-download">
            ⬇ Download
          </a>
        )}
        <Button size="sm" variant="danger" onClick={() => setConfirming(true)} data-testid="detail-delete">
          Delete…
        </Button>
      </div>
      {referencing && <ReferencePicker item={item} />}
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this item?"
        confirmLabel="Delete"
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={remove}
      >
        The task, its {item.media.length} stored file{item.media.length === 1 ? "" : "s"} and thumbnails are
        removed from this studio for good.
      </ConfirmDialog>
    </section>
  );
}

/** Models and fields that take this media, grouped by model; a choice opens the studio with it. */
function ReferencePicker({ item }: { item: GalleryItemDetail }) {
  const usable = item.media.filter((m) => m.status === "stored" || m.source.state !== "expired");
  const [mediaId, setMediaId] = useState(usable[0]?.id ?? "");
  const media = usable.find((m) => m.id === mediaId);
  const kind = media ? kindOf(media, item.kind) : null;
  const reference = media ? chooseReferenceUrl(media, window.location.origin) : null;
  const groups = new Map<string, ReferenceTarget[]>();
  for (const t of kind ? item.referenceTargets[kind] : [])
    groups.set(t.modelId, [...(groups.get(t.modelId) ?? []), t]);
  const byModel = [...groups.values()];

  if (!media || !reference) {
    return (
      <p className="text-sm text-zinc-400">
        No file of this item can be used: none is stored and the upstream URLs have expired.
      </p>
    );
  }
  return (
    <div
      className="space-y-3 rounded-lg border border-zinc-800 bg-zinc-900/60 p-3"
      data-testid="reference-picker"
    >
      {usable.length > 1 && (
        <div className="flex gap-2 text-xs">
          {usable.map((m) => (
            <label key={m.id} className="flex items-center gap-1">
              <input
                type="radio"
                name="reference-media"
                checked={m.id === mediaId}
                onChange={() => setMediaId(m.id)}
              />
              {m.role === "last_frame" ? "Last frame" : m.role === "result" ? "Result" : "Extra"} (
              {kindOf(m, item.kind)})
            </label>
          ))}
        </div>
      )}
      <p className="break-all text-[11px] text-zinc-500">
        {reference.source === "upstream" ? "Original upstream URL: " : "Studio URL: "}
        <span className="font-mono">{reference.url}</span>
      </p>
      {reference.warning && (
        <p
          className="rounded border border-amber-500/40 bg-amber-500/10 p-2 text-xs text-amber-100"
          data-testid="reference-warning"
        >
          {reference.warning}
        </p>
      )}
      {byModel.length === 0 ? (
        <p className="text-sm text-zinc-400">No available model takes a {kind} as input.</p>
      ) : (
        <ul className="max-h-64 space-y-2 overflow-y-auto pr-1">
          {byModel.map((targets) => (
            <li key={targets[0].modelId}>
              <p className="text-xs text-zinc-400">
                <span className="font-mono text-zinc-200">{targets[0].modelId}</span> · {targets[0].group}
              </p>
              <div className="mt-1 flex flex-wrap gap-1.5">
                {targets.map((t) => (
                  <a
                    key={t.field}
                    href={`/?${new URLSearchParams({ model: t.modelId, ref: reference.url, field: t.field })}`}
                    className="rounded-full border border-zinc-700 px-2.5 py-0.5 text-xs text-sky-300 hover:border-sky-400"
                    data-testid="reference-target"
                  >
                    {t.fieldLabel}
                    {t.maxItems > 1 ? ` (up to ${t.maxItems})` : ""}
                  </a>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
