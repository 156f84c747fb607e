"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { GalleryItem } from "@/lib/gallery/types";
import { deleteItem } from "./api";
import { dropCachedItems } from "./use-gallery-queries";

/**
 * "Delete this item?" for one item (the item view's Delete… button, the Delete key in the grid and
 * the item view), open while `item` is set.
 */
export function DeleteItemDialog({
  item,
  onCancel,
  onDeleted,
}: {
  item: Pick<GalleryItem, "id" | "media"> | null;
  onCancel: () => void;
  onDeleted: (id: string) => void;
}) {
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => deleteItem(id),
    onSuccess: ({ deleted }, id) => {
      dropCachedItems(client, new Set([id]), new Set(deleted));
      onDeleted(id);
    },
  });
  const files = item?.media.length ?? 0;

  return (
    <ConfirmDialog
      open={item !== null}
      title="Delete this item?"
      confirmLabel="Delete"
      busy={remove.isPending}
      onCancel={() => {
        remove.reset();
        onCancel();
      }}
      onConfirm={() => item && remove.mutate(item.id)}
    >
      The task, its {files} stored file{files === 1 ? "" : "s"} and thumbnails are removed from this studio
      for good.
      {remove.error && (
        <p role="alert" className="mt-2 text-red-300">
          {remove.error.message}
        </p>
      )}
    </ConfirmDialog>
  );
}
