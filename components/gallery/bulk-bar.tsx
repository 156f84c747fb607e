"use client";

import { Heart } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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
          {count} selected
        </span>
        <Button size="sm" variant="ghost" onClick={onSelectAll} disabled={count === loadedCount}>
          Select all {loadedCount.toLocaleString()} loaded
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear
        </Button>
        <span className="mx-1 h-6 w-px bg-zinc-700" aria-hidden />
        <Button size="sm" onClick={() => bulk.mutate({ action: "favorite", ids })} disabled={bulk.isPending}>
          <Heart aria-hidden className="size-3.5" /> Favorite
        </Button>
        <Button
          size="sm"
          onClick={() => bulk.mutate({ action: "unfavorite", ids })}
          disabled={bulk.isPending}
        >
          Unfavorite
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
              placeholder="tag"
              aria-label="Tag for selected items"
              list="bulk-tag-suggestions"
              maxLength={40}
              data-testid="bulk-tag-input"
              className={`${inputClass} h-8 py-1`}
            />
          </div>
          <TagSuggestions id="bulk-tag-suggestions" query={tag} />
          <Button size="sm" type="submit" disabled={!tag.trim() || bulk.isPending}>
            Add tag
          </Button>
          <Button size="sm" onClick={() => tagAction("removeTag")} disabled={!tag.trim() || bulk.isPending}>
            Remove tag
          </Button>
        </form>
        <span className="mx-1 h-6 w-px bg-zinc-700" aria-hidden />
        <Button
          size="sm"
          onClick={() => onCompare(ids)}
          disabled={count < 2 || count > 4}
          title={count < 2 || count > 4 ? "Select 2 to 4 items to compare" : undefined}
          data-testid="bulk-compare"
        >
          Compare
        </Button>
        {onCollect && (
          <Button size="sm" onClick={() => onCollect(ids)} data-testid="bulk-collect">
            Add to collection…
          </Button>
        )}
        {extra}
        {/* A real form post: the browser streams the archive to disk as the server writes it. */}
        <form method="post" action="/api/gallery/zip" className="contents">
          {ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <Button size="sm" type="submit" data-testid="bulk-download">
            Download zip
          </Button>
        </form>
        <Button size="sm" variant="danger" onClick={() => setConfirming(true)} data-testid="bulk-delete">
          Delete…
        </Button>
        {bulk.error && (
          <span role="alert" className="ml-2 text-sm text-red-300">
            {bulk.error.message}
          </span>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${count} item${count === 1 ? "" : "s"}?`}
        confirmLabel={`Delete ${count}`}
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
        The tasks, their stored files and thumbnails are removed from this studio for good. Results whose
        upstream URLs have expired cannot be downloaded again.
      </ConfirmDialog>
    </div>
  );
}
