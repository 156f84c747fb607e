"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useIssueMessage } from "@/components/i18n/use-issue-message";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import type { CollectionSummary } from "@/lib/collections";
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "@/lib/collections/labels";
import { useUpdateCollection } from "./use-collection-queries";

/** The collection's name and description; editors rename and describe it in place. */
export function CollectionTitle({
  collection,
  canEdit,
}: {
  collection: CollectionSummary;
  canEdit: boolean;
}) {
  const update = useUpdateCollection(collection.id);
  const t = useTranslations("collections");
  const errorMessage = useIssueMessage().error;
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(collection.name);
  const [description, setDescription] = useState(collection.description);

  if (editing) {
    return (
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate({ name, description }, { onSuccess: () => setEditing(false) });
        }}
      >
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-label={t("name")}
          maxLength={MAX_NAME_LENGTH}
          className={`${inputClass} w-64`}
        />
        <input
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          aria-label={t("description")}
          placeholder={t("description")}
          maxLength={MAX_DESCRIPTION_LENGTH}
          className={`${inputClass} min-w-0 flex-1`}
        />
        <Button type="submit" size="sm" variant="primary" disabled={update.isPending}>
          {t("save")}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
          {t("cancel")}
        </Button>
        {update.error && <span className="text-sm text-red-300">{errorMessage(update.error)}</span>}
      </form>
    );
  }
  return (
    <div>
      <p className="text-xs text-zinc-400">
        <Link href="/collections" className="hover:underline">
          {t("heading")}
        </Link>
        {collection.power !== "owner" &&
          ` · ${t("sharedBy", { owner: collection.ownerName ?? t("anAdmin"), role: t(`role.${collection.power}`) })}`}
      </p>
      <div className="flex items-baseline gap-3">
        <h1
          className="truncate text-xl font-semibold tracking-tight"
          data-testid="collection-name"
          data-user-text
        >
          {collection.name}
        </h1>
        <span className="text-sm text-zinc-400" data-testid="collection-count">
          {t("items", { count: collection.itemCount })}
        </span>
        {canEdit && (
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
            {t("rename")}
          </Button>
        )}
      </div>
      {collection.description && (
        <p className="text-sm text-zinc-400" data-user-text>
          {collection.description}
        </p>
      )}
    </div>
  );
}
