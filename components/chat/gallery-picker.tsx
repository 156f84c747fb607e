"use client";

import { Play } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { mediaKindOf } from "@/lib/chat/limits";
import type { GalleryItem, GalleryMedia, GalleryPage } from "@/lib/gallery/types";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { inputClass } from "@/components/ui/field";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { apiFetch } from "@/components/api-client";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useDebounced } from "@/components/ui/use-debounced";

export type GalleryPick = {
  mediaId: string;
  /** The gallery item (task) the file belongs to. */
  itemId: string;
  name: string;
  url: string;
  kind: "image" | "video";
  size: number;
};

const PAGE = 48;

async function fetchStored(
  type: "image" | "video",
  q: string,
): Promise<{ item: GalleryItem; media: GalleryMedia }[]> {
  const search = q ? `&q=${encodeURIComponent(q)}` : "";
  const response = await apiFetch(`/api/gallery?type=${type}&status=completed&limit=${PAGE}${search}`);
  const page = (await response.json()) as GalleryPage;
  return page.items.flatMap((item) =>
    item.media
      .filter(
        (m) =>
          m.status === "stored" &&
          m.role === "result" &&
          m.contentType &&
          /^(image|video)\//.test(m.contentType),
      )
      .map((media) => ({ item, media })),
  );
}

/** Stored gallery results to attach (the gallery list API, newest first). */
export function GalleryPicker({
  open,
  onPick,
  onClose,
  title,
  initialType = "image",
}: {
  open: boolean;
  onPick: (pick: GalleryPick) => void;
  onClose: () => void;
  title?: string;
  initialType?: "image" | "video";
}) {
  const t = useTranslations("chat.picker");
  const errorMessage = useErrorMessage();
  const dialog = useModalDialog(open, onClose);
  const [type, setType] = useState<"image" | "video">(initialType);
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), 250);
  const query = useQuery({
    queryKey: ["chat", "gallery-picker", type, q],
    queryFn: () => fetchStored(type, q),
    enabled: open,
  });

  return (
    <dialog
      {...dialog}
      data-testid="gallery-picker"
      className="m-auto w-full max-w-3xl rounded-xl border border-zinc-700 bg-zinc-900 p-0 text-zinc-100 shadow-2xl backdrop:bg-black/70"
    >
      <div className="flex items-center gap-2 border-b border-zinc-800 px-5 py-3">
        <h2 className="text-base font-semibold">{title ?? t("title")}</h2>
        <input
          type="search"
          aria-label={t("searchLabel")}
          data-testid="gallery-picker-search"
          placeholder={t("searchPlaceholder")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={`${inputClass} mr-auto ml-3 w-56 py-1.5`}
        />
        {(["image", "video"] as const).map((kind) => (
          <Button
            key={kind}
            size="sm"
            variant={type === kind ? "primary" : "secondary"}
            onClick={() => setType(kind)}
            aria-pressed={type === kind}
          >
            {t(kind === "image" ? "images" : "videos")}
          </Button>
        ))}
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t("close")}
        </Button>
      </div>
      <div className="max-h-[60vh] min-h-48 overflow-y-auto p-4">
        {query.isPending && (
          <div className="flex justify-center py-10">
            <Spinner label={t("loading")} />
          </div>
        )}
        {query.isError && (
          <p className="py-10 text-center text-sm text-red-300">
            {t("loadFailed", { message: errorMessage(query.error) })}
          </p>
        )}
        {query.data?.length === 0 && (
          <p className="py-10 text-center text-sm text-zinc-400">
            {q ? t("noMatch", { type, q }) : t("none", { type })}
          </p>
        )}
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
          {query.data?.map(({ item, media }) => {
            const kind = mediaKindOf(media.contentType ?? "");
            const name = item.prompt.replace(/\s+/g, " ").trim().slice(0, 60) || item.model;
            return (
              <li key={media.id}>
                <button
                  type="button"
                  data-testid="gallery-pick"
                  title={item.prompt}
                  onClick={() => {
                    onPick({
                      mediaId: media.id,
                      itemId: item.id,
                      name,
                      url: media.url,
                      kind,
                      size: media.size ?? 0,
                    });
                    onClose();
                  }}
                  className={clsx(
                    "group block w-full overflow-hidden rounded-lg border border-zinc-700 bg-zinc-950 text-left",
                    "hover:border-sky-500 focus-visible:border-sky-500",
                  )}
                >
                  {/* eslint-disable-next-line @next/next/no-img-element -- studio-served thumbnails */}
                  <img
                    src={media.thumbnailUrl ?? media.url}
                    alt={name}
                    loading="lazy"
                    className="aspect-square w-full object-cover"
                  />
                  <span className="flex items-center gap-1 truncate px-2 py-1 text-[11px] text-zinc-400">
                    {kind === "video" && <Play aria-label={t("video")} className="size-3 shrink-0" />}
                    <span className="truncate" data-user-text>
                      {name}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </dialog>
  );
}
