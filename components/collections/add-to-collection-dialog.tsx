"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useIssueMessage } from "@/components/i18n/use-issue-message";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { MAX_NAME_LENGTH } from "@/lib/collections/labels";
import { useAddItems, useCollectionsQuery, useCreateCollection } from "./use-collection-queries";

/**
 * "Add to collection" for the gallery's bulk bar, its A key, the detail view, compare and a batch:
 * pick one of the collections the viewer may edit, or name a new one (Enter makes it with the items).
 * A native modal <dialog>: the culling keys pause while it is open, Esc closes it.
 */
export function AddToCollectionDialog({ ids, onClose }: { ids: string[] | null; onClose: () => void }) {
  const open = ids !== null && ids.length > 0;
  const t = useTranslations("collections");
  const errorMessage = useIssueMessage().error;
  const dialogProps = useModalDialog(open, onClose);
  const collections = useCollectionsQuery(open);
  const add = useAddItems();
  const create = useCreateCollection();
  const [name, setName] = useState("");
  const [done, setDone] = useState<{ text: string; href: string } | null>(null);
  const count = ids?.length ?? 0;
  const editable = (collections.data ?? []).filter((c) => c.power === "owner" || c.power === "editor");
  const error = add.error ?? create.error;
  const busy = add.isPending || create.isPending;

  const close = () => {
    setDone(null);
    setName("");
    add.reset();
    create.reset();
    onClose();
  };
  const addTo = (id: string, label: string) =>
    add.mutate(
      { id, taskIds: ids ?? [] },
      {
        onSuccess: ({ added, alreadyIn }) =>
          setDone({
            text: alreadyIn ? t("addedSome", { added, label, alreadyIn }) : t("added", { added, label }),
            href: `/collections/${id}`,
          }),
      },
    );

  return (
    <dialog
      {...dialogProps}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      aria-labelledby="add-to-collection-title"
      data-testid="add-to-collection"
      className="m-auto w-full max-w-md rounded-xl border border-zinc-700 bg-zinc-900 p-0 text-zinc-100 shadow-2xl backdrop:bg-black/70"
    >
      {open && (
        <div className="space-y-4 p-5">
          <h2 id="add-to-collection-title" className="text-base font-semibold">
            {t("addTitle", { count })}
          </h2>
          {done ? (
            <p role="status" className="text-sm text-emerald-300" data-testid="add-to-collection-done">
              {done.text}{" "}
              <Link href={done.href} className="text-sky-300 hover:underline">
                {t("openIt")}
              </Link>
            </p>
          ) : (
            <>
              <form
                className="flex gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!name.trim()) return;
                  create.mutate(
                    { name, taskIds: ids ?? [] },
                    {
                      onSuccess: (c) =>
                        setDone({
                          text: t("made", { name: c.name, count: c.itemCount }),
                          href: `/collections/${c.id}`,
                        }),
                    },
                  );
                }}
              >
                <input
                  autoFocus
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  placeholder={t("newName")}
                  aria-label={t("newName")}
                  maxLength={MAX_NAME_LENGTH}
                  data-testid="new-collection-name"
                  className={inputClass}
                />
                <Button type="submit" variant="primary" disabled={!name.trim() || busy}>
                  {t("createShort")}
                </Button>
              </form>
              {collections.isPending ? (
                <Spinner label={t("loadingList")} />
              ) : editable.length > 0 ? (
                <ul className="max-h-64 space-y-1 overflow-y-auto" aria-label={t("yours")}>
                  {editable.map((c) => (
                    <li key={c.id}>
                      <button
                        type="button"
                        disabled={busy}
                        onClick={() => addTo(c.id, c.name)}
                        data-testid="add-to-existing"
                        className="flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm hover:bg-zinc-800 focus:bg-zinc-800 focus:outline-none"
                      >
                        <span className="truncate" data-user-text>
                          {c.name}
                        </span>
                        <span className="shrink-0 text-xs text-zinc-400">
                          {t("items", { count: c.itemCount })}
                          {c.power === "editor" ? ` · ${c.ownerName ?? t("shared")}` : ""}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-zinc-400">{t("noneYet")}</p>
              )}
            </>
          )}
          {error && (
            <p role="alert" className="text-sm text-red-300">
              {errorMessage(error)}
            </p>
          )}
        </div>
      )}
      <div className="flex justify-end border-t border-zinc-800 px-5 py-3">
        <Button onClick={close} autoFocus={Boolean(done)} data-testid="add-to-collection-close">
          {done ? t("done") : t("cancel")}
        </Button>
      </div>
    </dialog>
  );
}
