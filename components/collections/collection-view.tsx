"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRouter, useSearchParams } from "next/navigation";
import { lazy, Suspense, useMemo, useState } from "react";
import { GalleryView } from "@/components/gallery/gallery-view";
import { ItemSourceProvider, type ItemSource } from "@/components/gallery/item-source";
import { useIssueMessage } from "@/components/i18n/use-issue-message";
import { studioReviewApi } from "@/components/review/api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { inputClass } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import type { ApprovalStatus } from "@/lib/approvals/schema";
import { APPROVAL_ORDER } from "@/lib/collections/labels";
import type { CollectionItemView } from "@/lib/collections";
import { zipUrl } from "./api";
import { ApprovalMark, ApprovalProgress } from "./approval-progress";
import { CollectionTitle } from "./collection-title";
import { useCollectionOrder } from "./use-collection-order";
import {
  collectionKeys,
  useCollectionQuery,
  useDeleteCollection,
  useRemoveItems,
  useUpdateCollection,
} from "./use-collection-queries";

const URL_KEYS = ["approval"] as const;

// Not in the page's first load (page weight, README): what opens on a click.
const ApprovalControl = lazy(() =>
  import("@/components/review/approval-control").then((m) => ({ default: m.ApprovalControl })),
);
// The share links of this collection: the shares helper's component (components/shares).
const ShareLinksButton = lazy(() =>
  import("@/components/shares/share-links-button").then((m) => ({ default: m.ShareLinksButton })),
);
const MembersDialog = lazy(() => import("./members-dialog").then((m) => ({ default: m.MembersDialog })));

/**
 * One collection: the gallery's grid, filters, keys, detail view and compare on its items
 * (item-source.tsx), in its order; editors drag or press [ ] to reorder. Above: its name, approval
 * progress and filter, members, zips and share links.
 */
export function CollectionView({ id }: { id: string }) {
  const collection = useCollectionQuery(id);
  const t = useTranslations("collections");
  const errorMessage = useIssueMessage().error;
  const searchParams = useSearchParams();
  const raw = searchParams.get("approval");
  const approval = (APPROVAL_ORDER as readonly string[]).includes(raw ?? "")
    ? (raw as ApprovalStatus)
    : undefined;
  const power = collection.data?.power;
  const canEdit = power === "owner" || power === "editor";
  const order = useCollectionOrder(id);
  const client = useQueryClient();
  const remove = useRemoveItems(id);
  const update = useUpdateCollection(id);

  const source = useMemo<ItemSource>(
    () => ({
      collectionId: id,
      approval,
      foreign: power !== "owner",
      decorate: (item) => <ApprovalMark status={(item as CollectionItemView).approval ?? "pending"} />,
      reorder: canEdit ? order.reorder : undefined,
      extra: (item) => (
        <Suspense fallback={null}>
          <ApprovalControl
            api={studioReviewApi}
            collectionId={id}
            taskId={item.id}
            onChange={() => {
              void client.invalidateQueries({ queryKey: collectionKeys.one(id) });
              void client.invalidateQueries({
                predicate: (q) =>
                  q.queryKey[0] === "gallery" &&
                  String(q.queryKey.at(-1) ?? "").startsWith(`collection:${id}:`),
              });
            }}
          />
        </Suspense>
      ),
    }),
    [id, approval, power, canEdit, order.reorder, client],
  );

  if (collection.isError) {
    return (
      <div className="mx-auto max-w-screen-md p-6">
        <Alert tone="danger" title={t("openFailed")} live>
          {errorMessage(collection.error)}{" "}
          <Link href="/collections" className="text-sky-300 hover:underline">
            {t("all")}
          </Link>
        </Alert>
      </div>
    );
  }
  if (!collection.data) {
    return (
      <div className="flex h-64 items-center justify-center">
        <Spinner label={t("loading")} />
      </div>
    );
  }
  const c = collection.data;
  const setApproval = (value: string) => {
    const params = new URLSearchParams(window.location.search);
    if (value) params.set("approval", value);
    else params.delete("approval");
    params.delete("item");
    window.history.replaceState(null, "", `${window.location.pathname}?${params}`);
  };

  return (
    <ItemSourceProvider value={source}>
      <GalleryView
        urlKeys={URL_KEYS}
        header={
          <div className="min-w-0 flex-1 space-y-3" data-testid="collection-header">
            <CollectionTitle collection={c} canEdit={canEdit} />
            <div className="flex flex-wrap items-center gap-3">
              <ApprovalProgress progress={c.progress} className="w-64" />
              <select
                value={approval ?? ""}
                onChange={(event) => setApproval(event.target.value)}
                aria-label={t("approvalFilter")}
                data-testid="approval-filter"
                className={`${inputClass} h-8 w-48 py-1`}
              >
                <option value="">{t("anyApproval")}</option>
                {APPROVAL_ORDER.map((s) => (
                  <option key={s} value={s}>
                    {t(`approval.${s}`)}
                  </option>
                ))}
              </select>
              <CollectionActions id={id} canManage={power === "owner"} />
              {order.error && (
                <span role="alert" className="text-sm text-red-300">
                  {t("notMoved", { message: errorMessage(order.error) })}
                </span>
              )}
            </div>
          </div>
        }
        empty={
          <>
            <p className="text-zinc-300">{t("emptyCollection")}</p>
            <Link href="/gallery" className="text-sm text-sky-300 hover:underline">
              {t("addFromGallery")}
            </Link>
          </>
        }
        bulkExtra={(ids, clear) =>
          canEdit ? (
            <>
              <Button
                size="sm"
                onClick={() => remove.mutate(ids, { onSuccess: clear })}
                disabled={remove.isPending}
                data-testid="bulk-remove-from-collection"
              >
                {t("removeItems")}
              </Button>
              {ids.length === 1 && (
                <Button
                  size="sm"
                  onClick={() => update.mutate({ coverTaskId: ids[0] })}
                  data-testid="bulk-set-cover"
                >
                  {t("setCover")}
                </Button>
              )}
            </>
          ) : null
        }
      />
    </ItemSourceProvider>
  );
}

function CollectionActions({ id, canManage }: { id: string; canManage: boolean }) {
  const [members, setMembers] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteCollection();
  const router = useRouter();
  const t = useTranslations("collections");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={() => setMembers(true)} data-testid="members-open">
        {t("members")}
      </Button>
      <a
        href={zipUrl(id)}
        className="inline-flex h-8 items-center rounded-md border border-zinc-700 px-2.5 text-xs hover:bg-zinc-800"
        download
      >
        {t("zip")}
      </a>
      <a
        href={zipUrl(id, true)}
        className="inline-flex h-8 items-center rounded-md border border-zinc-700 px-2.5 text-xs hover:bg-zinc-800"
        download
        data-testid="zip-approved"
      >
        {t("zipApproved")}
      </a>
      {/* Shares helper's slot: the collection's share links (manage power: the owner). */}
      {canManage && (
        <Suspense fallback={null}>
          <ShareLinksButton collectionId={id} />
        </Suspense>
      )}
      {canManage && (
        <Button size="sm" variant="ghost" onClick={() => setDeleting(true)}>
          {t("delete")}
        </Button>
      )}
      <MembersDialog
        collectionId={id}
        canManage={canManage}
        open={members}
        onClose={() => setMembers(false)}
      />
      <ConfirmDialog
        open={deleting}
        title={t("deleteTitle")}
        confirmLabel={t("deleteConfirm")}
        busy={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => remove.mutate(id, { onSuccess: () => router.push("/collections") })}
      >
        {t("deleteText")}
      </ConfirmDialog>
    </div>
  );
}
