"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/i18n/use-error-message";
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
  const t = useTranslations("galleryBulk");
  const errorMessage = useErrorMessage();
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
      title={t("deleteItemTitle")}
      confirmLabel={t("deleteItemConfirm")}
      cancelLabel={t("cancel")}
      busyLabel={t("working")}
      busy={remove.isPending}
      onCancel={() => {
        remove.reset();
        onCancel();
      }}
      onConfirm={() => item && remove.mutate(item.id)}
    >
      {t("deleteItemBody", { files })}
      {remove.error && (
        <p role="alert" className="mt-2 text-red-300">
          {errorMessage(remove.error)}
        </p>
      )}
    </ConfirmDialog>
  );
}
