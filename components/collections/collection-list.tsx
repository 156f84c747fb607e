"use client";

import { Image as ImageIcon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useIssueMessage } from "@/components/i18n/use-issue-message";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { MAX_NAME_LENGTH } from "@/lib/collections/labels";
import { ApprovalProgress } from "./approval-progress";
import { useCollectionsQuery, useCreateCollection } from "./use-collection-queries";

/** The collections page: the viewer's own and those shared with them, with a form for a new one. */
export function CollectionList() {
  const list = useCollectionsQuery();
  const create = useCreateCollection();
  const router = useRouter();
  const [name, setName] = useState("");
  const t = useTranslations("collections");
  const errorMessage = useIssueMessage().error;

  return (
    <div className="mx-auto max-w-screen-2xl space-y-5 px-4 pb-16 pt-6">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-xl font-semibold tracking-tight">{t("heading")}</h1>
        <form
          className="flex items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return;
            create.mutate({ name }, { onSuccess: (c) => router.push(`/collections/${c.id}`) });
          }}
        >
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder={t("newName")}
            aria-label={t("newName")}
            maxLength={MAX_NAME_LENGTH}
            className={`${inputClass} w-64`}
          />
          <Button type="submit" variant="primary" disabled={!name.trim() || create.isPending}>
            {t("create")}
          </Button>
        </form>
      </div>
      {create.error && (
        <Alert tone="danger" title={t("notCreated")} live>
          {errorMessage(create.error)}
        </Alert>
      )}
      {list.isError ? (
        <Alert tone="danger" title={t("listFailed")} live>
          {errorMessage(list.error)}
        </Alert>
      ) : list.isPending ? (
        <div className="flex h-64 items-center justify-center">
          <Spinner label={t("loadingList")} />
        </div>
      ) : list.data.length === 0 ? (
        <div className="flex h-64 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-zinc-800 text-center">
          <p className="text-zinc-300">{t("empty")}</p>
          <p className="text-sm text-zinc-400">
            {t.rich("emptyHint", {
              link: (chunks) => (
                <Link href="/gallery" className="text-sky-300 hover:underline">
                  {chunks}
                </Link>
              ),
              kbd: (chunks) => <kbd>{chunks}</kbd>,
            })}
          </p>
        </div>
      ) : (
        <ul
          className="grid grid-cols-[repeat(auto-fill,minmax(240px,1fr))] gap-4"
          data-testid="collection-list"
        >
          {list.data.map((c) => (
            <li key={c.id}>
              <Link
                href={`/collections/${c.id}`}
                data-testid="collection-card"
                className="group block overflow-hidden rounded-lg border border-zinc-800 bg-zinc-900 hover:border-zinc-600"
              >
                <div className="aspect-[4/3] bg-zinc-950">
                  {c.coverThumbnailUrl ? (
                    // eslint-disable-next-line @next/next/no-img-element -- stored thumbnails are small webp
                    <img src={c.coverThumbnailUrl} alt="" loading="lazy" className="size-full object-cover" />
                  ) : (
                    <div className="flex size-full items-center justify-center text-zinc-600">
                      <ImageIcon aria-hidden className="size-7" />
                    </div>
                  )}
                </div>
                <div className="space-y-2 p-3">
                  <div className="flex items-center gap-2">
                    <span className="truncate text-sm font-medium text-zinc-100" data-user-text>
                      {c.name}
                    </span>
                    {c.power !== "owner" && (
                      <Badge tone="info" className="ml-auto shrink-0">
                        {t(`role.${c.power}`)} · {c.ownerName ?? t("shared")}
                      </Badge>
                    )}
                  </div>
                  <p className="text-xs text-zinc-400">{t("items", { count: c.itemCount })}</p>
                  <ApprovalProgress progress={c.progress} />
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
