"use client";

import { Heart } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { TagSuggestions } from "./tag-suggestions";
import { useBulkMutation } from "./use-gallery-queries";

type Props = {
  selected: ReadonlySet<string>;
  loadedCount: number;
  onSelectAll: () => void;
  onClear: () => void;
  onDeleted: (ids: string[]) => void;
  onCompare: (ids: string[]) => void;
  /** Opens "add to collection" for the selection. */
  onCollect?: (ids: string[]) => void;
  /** The page's own actions on the selection (a collection's "remove from it"). */
  extra?: React.ReactNode;
};

/** Actions on the selected items; pinned to the bottom while a selection exists. */
export function BulkBar({
  selected,
  loadedCount,
  onSelectAll,
  onClear,
  onDeleted,
  onCompare,
  onCollect,
  extra,
}: Props) {
  const t = useTranslations("galleryBulk");
  const errorMessage = useErrorMessage();
  const bulk = useBulkMutation();
  const [tag, setTag] = useState("");
  const [confirming, setConfirming] = useState(false);
  const ids = [...selected];
  const count = ids.length;
  if (count === 0) return null;

  const tagAction = (action: "addTag" | "removeTag") => {
    if (!tag.trim()) return;
    bulk.mutate({ action, ids, tag }, { onSuccess: () => setTag("") });
  };

  return (
    <div
      data-testid="bulk-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-zinc-700 bg-zinc-900/95 shadow-2xl backdrop-blur"
    >
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-2 whitespace-nowrap px-4 py-3">
        <span className="mr-2 text-sm font-medium" data-testid="selected-count">
          {t("selected", { count })}
        </span>
        <Button size="sm" variant="ghost" onClick={onSelectAll} disabled={count === loadedCount}>
          {t("selectAll", { count: loadedCount })}
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear}>
          {t("clear")}
        </Button>
        <span className="mx-1 h-6 w-px bg-zinc-700" aria-hidden />
        <Button size="sm" onClick={() => bulk.mutate({ action: "favorite", ids })} disabled={bulk.isPending}>
          <Heart aria-hidden className="size-3.5" /> {t("favorite")}
        </Button>
        <Button
          size="sm"
          onClick={() => bulk.mutate({ action: "unfavorite", ids })}
          disabled={bulk.isPending}
        >
          {t("unfavorite")}
        </Button>
        <form
          className="flex items-center gap-1 whitespace-nowrap"
          onSubmit={(event) => {
            event.preventDefault();
            tagAction("addTag");
          }}
        >
          <div className="w-40">
            <input
              value={tag}
              onChange={(event) => setTag(event.target.value)}
              placeholder={t("tagPlaceholder")}
              aria-label={t("tagLabel")}
              list="bulk-tag-suggestions"
              maxLength={40}
              data-testid="bulk-tag-input"
              className={`${inputClass} h-8 py-1`}
            />
          </div>
          <TagSuggestions id="bulk-tag-suggestions" query={tag} />
          <Button size="sm" type="submit" disabled={!tag.trim() || bulk.isPending}>
            {t("addTag")}
          </Button>
          <Button size="sm" onClick={() => tagAction("removeTag")} disabled={!tag.trim() || bulk.isPending}>
            {t("removeTag")}
          </Button>
        </form>
        <span className="mx-1 h-6 w-px bg-zinc-700" aria-hidden />
        <Button
          size="sm"
          onClick={() => onCompare(ids)}
          disabled={count < 2 || count > 4}
          title={count < 2 || count > 4 ? t("compareHint") : undefined}
          data-testid="bulk-compare"
        >
          {t("compare")}
        </Button>
        {onCollect && (
          <Button size="sm" onClick={() => onCollect(ids)} data-testid="bulk-collect">
            {t("collect")}
          </Button>
        )}
        {extra}
        {/* A real form post: the browser streams the archive to disk as the server writes it. */}
        <form method="post" action="/api/gallery/zip" className="contents">
          {ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <Button size="sm" type="submit" data-testid="bulk-download">
            {t("download")}
          </Button>
        </form>
        <Button size="sm" variant="danger" onClick={() => setConfirming(true)} data-testid="bulk-delete">
          {t("delete")}
        </Button>
        {bulk.error && (
          <span role="alert" className="ml-2 text-sm text-red-300">
            {errorMessage(bulk.error)}
          </span>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("deleteTitle", { count })}
        confirmLabel={t("deleteConfirm", { count })}
        cancelLabel={t("cancel")}
        busyLabel={t("working")}
        busy={bulk.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          bulk.mutate(
            { action: "delete", ids },
            {
              onSuccess: () => {
                setConfirming(false);
                onDeleted(ids);
              },
            },
          )
        }
      >
        {t("deleteBody")}
      </ConfirmDialog>
    </div>
  );
}
