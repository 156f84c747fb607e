"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { useFailureMessage } from "@/components/i18n/use-failure-message";
import { fetchJson, jsonInit } from "@/components/api-client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { answerFailure } from "@/lib/failure-fields";
import type { ItemShown, SimilarItem } from "@/lib/vision/types";

const shownUrl = (id: string) => `/api/gallery/items/${encodeURIComponent(id)}/shown`;
const shownKey = (id: string) => ["gallery", "shown", id] as const;

/**
 * What the vision model saw in the item (issue 25): caption, tags and shots, or why there are none
 * (over budget, invalid answers); the owner edits caption and tags, describes it now, turns
 * describing of new results on, and finds similar items (shared caption words and tags).
 */
export function ShownPanel({ itemId, onOpen }: { itemId: string; onOpen: (id: string) => void }) {
  const t = useTranslations("galleryShown");
  const errorMessage = useErrorMessage();
  const sayFailure = useFailureMessage();
  const client = useQueryClient();
  const shown = useQuery({
    queryKey: shownKey(itemId),
    queryFn: () => fetchJson<ItemShown>(shownUrl(itemId)),
    refetchInterval: (query) => (query.state.data?.status === "pending" ? 1_500 : false),
  });
  const settings = useQuery({
    queryKey: ["vision", "settings"],
    queryFn: () => fetchJson<{ mine: boolean; everyone: boolean }>("/api/vision/settings"),
  });
  const setMine = useMutation({
    mutationFn: (mine: boolean) =>
      fetchJson<{ mine: boolean; everyone: boolean }>("/api/vision/settings", jsonInit("PUT", { mine })),
    onSuccess: (data) => client.setQueryData(["vision", "settings"], data),
  });
  const save = (data: ItemShown) => client.setQueryData(shownKey(itemId), data);
  const describe = useMutation({
    mutationFn: () => fetchJson<ItemShown>(shownUrl(itemId), { method: "POST" }),
    onSuccess: save,
  });
  const [editing, setEditing] = useState<{ caption: string; tags: string } | null>(null);
  const edit = useMutation({
    mutationFn: (value: { caption: string; tags: string[] }) =>
      fetchJson<ItemShown>(shownUrl(itemId), jsonInit("PUT", value)),
    onSuccess: (data) => {
      save(data);
      setEditing(null);
    },
  });
  const [similarOpen, setSimilarOpen] = useState(false);
  const similar = useQuery({
    queryKey: ["gallery", "similar", itemId],
    queryFn: () =>
      fetchJson<{ items: SimilarItem[] }>(`/api/gallery/items/${encodeURIComponent(itemId)}/similar`),
    enabled: similarOpen,
  });

  const data = shown.data;
  return (
    <section
      aria-label={t("label")}
      className="space-y-3 rounded-lg border border-zinc-800 bg-zinc-900/60 p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-zinc-200">{t("label")}</h3>
        {data && data.status !== "pending" && !editing && (
          <div className="flex gap-1.5">
            <Button size="sm" variant="ghost" onClick={() => describe.mutate()} disabled={describe.isPending}>
              {data.status === "none" ? t("describe") : t("describeAgain")}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setEditing({ caption: data.caption, tags: data.tags.join(", ") })}
            >
              {t("edit")}
            </Button>
          </div>
        )}
      </div>
      {shown.isPending && <p className="text-xs text-zinc-400">{t("loading")}</p>}
      {data?.status === "pending" && <p className="text-sm text-zinc-400">{t("describing")}</p>}
      {data?.status === "none" && !editing && <p className="text-sm text-zinc-400">{t("notDescribed")}</p>}
      {data && (data.status === "refused" || data.status === "failed") && data.reason && (
        <Alert tone={data.status === "refused" ? "warning" : "danger"} testId="shown-reason">
          {sayFailure(answerFailure(data, "reason"))}
        </Alert>
      )}
      {data?.status === "done" && !editing && (
        <div className="space-y-2">
          <p className="text-sm text-zinc-100" data-testid="shown-caption" data-user-text>
            {data.caption}
          </p>
          {data.tags.length > 0 && (
            <ul className="flex flex-wrap gap-1" aria-label={t("shownTags")} data-user-text>
              {data.tags.map((tag) => (
                <li key={tag} className="rounded bg-zinc-800 px-1.5 py-0.5 text-[11px] text-zinc-300">
                  {tag}
                </li>
              ))}
            </ul>
          )}
          {data.shots.length > 0 && (
            <ol
              className="list-decimal space-y-0.5 pl-5 text-xs text-zinc-400"
              aria-label={t("shots")}
              data-user-text
            >
              {data.shots.map((shot, i) => (
                <li key={i}>{shot}</li>
              ))}
            </ol>
          )}
          <p className="text-[11px] text-zinc-400">
            {data.edited
              ? t("editedByHand")
              : t("meta", {
                  model: data.model ?? t("visionModel"),
                  tokens: data.tokens ?? 0,
                  credits: data.credits,
                })}
          </p>
        </div>
      )}
      {editing && (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            const tags = editing.tags
              .split(",")
              .map((t) => t.trim())
              .filter(Boolean);
            edit.mutate({ caption: editing.caption, tags });
          }}
        >
          <label className="block text-xs text-zinc-400">
            {t("caption")}
            <textarea
              className={`${inputClass} mt-1 min-h-16`}
              value={editing.caption}
              onChange={(e) => setEditing({ ...editing, caption: e.target.value })}
            />
          </label>
          <label className="block text-xs text-zinc-400">
            {t("tags")}
            <input
              className={`${inputClass} mt-1`}
              value={editing.tags}
              onChange={(e) => setEditing({ ...editing, tags: e.target.value })}
            />
          </label>
          {edit.error && (
            <Alert tone="danger" live>
              {errorMessage(edit.error)}
            </Alert>
          )}
          <div className="flex gap-2">
            <Button size="sm" variant="primary" type="submit" disabled={edit.isPending}>
              {t("save")}
            </Button>
            <Button size="sm" onClick={() => setEditing(null)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      )}
      {describe.error && (
        <Alert tone="danger" live>
          {errorMessage(describe.error)}
        </Alert>
      )}
      <label className="flex items-center gap-2 text-xs text-zinc-400">
        <input
          type="checkbox"
          className="size-4 accent-sky-500"
          checked={settings.data?.mine ?? false}
          disabled={!settings.data || setMine.isPending}
          onChange={(e) => setMine.mutate(e.target.checked)}
        />
        {settings.data?.everyone ? t("autoEveryone") : t("auto")}
      </label>
      {data?.status === "done" && (
        <div>
          <Button size="sm" onClick={() => setSimilarOpen(true)} disabled={similarOpen}>
            {t("findSimilar")}
          </Button>
          {similarOpen && (
            <div className="mt-2" aria-label={t("similar")}>
              {similar.isPending && <p className="text-xs text-zinc-400">{t("looking")}</p>}
              {similar.data && similar.data.items.length === 0 && (
                <p className="text-xs text-zinc-400">{t("noSimilar")}</p>
              )}
              <ul className="grid grid-cols-3 gap-2">
                {similar.data?.items.map((item) => {
                  const thumb = item.media.find((m) => m.thumbnailUrl)?.thumbnailUrl;
                  return (
                    <li key={item.id}>
                      <button
                        type="button"
                        onClick={() => onOpen(item.id)}
                        className="block w-full overflow-hidden rounded border border-zinc-800 text-left hover:border-sky-500"
                        title={t("shares", { words: item.shared.join(", ") })}
                      >
                        {thumb ? (
                          // eslint-disable-next-line @next/next/no-img-element
                          <img src={thumb} alt="" className="aspect-[4/3] w-full object-cover" />
                        ) : (
                          <span className="block aspect-[4/3] w-full bg-zinc-800" />
                        )}
                        <span className="block truncate px-1 py-0.5 text-[11px] text-zinc-400" data-user-text>
                          {item.shared.slice(0, 3).join(", ")}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
