"use client";

import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import type { SharePage } from "@/lib/shares/page-data";
import { guestFetch, guestUrls, type GuestError } from "./guest-api";
import { ItemCard } from "./item-card";
import { guestErrorText, t } from "./messages";
import { PasswordForm } from "./password-form";

// The viewer (player, annotator, comments) loads when an item is opened: the grid comes first.
const ItemViewer = lazy(() => import("./item-viewer").then((m) => ({ default: m.ItemViewer })));

/** The shared items as a grid; opening one shows it full size with its comments and approval. */
export function ShareView({ token }: { token: string }) {
  const [page, setPage] = useState<SharePage | null>(null);
  const [error, setError] = useState<GuestError | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setPage(await guestFetch<SharePage>(guestUrls(token).page));
      setError(null);
    } catch (e) {
      const failure = e as GuestError;
      // Revoked or expired meanwhile: the page itself answers with its status and message.
      if (failure.status === 404 || failure.status === 410) window.location.reload();
      setError(failure);
    }
  }, [token]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the state is set after the fetch answers
    void load();
  }, [load]);

  useEffect(() => {
    const fromHash = () => setOpenId(decodeURIComponent(window.location.hash.slice(1)) || null);
    fromHash();
    window.addEventListener("hashchange", fromHash);
    return () => window.removeEventListener("hashchange", fromHash);
  }, []);

  const open = (id: string | null) => {
    history.replaceState(null, "", id ? `#${encodeURIComponent(id)}` : window.location.pathname);
    setOpenId(id);
  };

  if (error?.code === "password_required") return <PasswordForm token={token} />;
  if (error) return <p className="p-8 text-sm text-red-400">{guestErrorText(error)}</p>;
  if (!page) return <p className="p-8 text-sm text-zinc-400">{t("loading")}</p>;

  const index = page.items.findIndex((item) => item.id === openId);
  const item = index >= 0 ? page.items[index] : null;
  return (
    <div className="mx-auto max-w-screen-2xl space-y-4 p-4 sm:p-6">
      <header className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 className="text-lg font-semibold" data-testid="share-title" data-user-text>
          {page.title}
        </h1>
        <span className="text-sm text-zinc-400">
          {t("items", { count: page.items.length })}
          {page.progress && (
            <span data-testid="share-progress">
              {" "}
              · {t("progress", { approved: page.progress.approved, total: page.progress.total })}
            </span>
          )}
        </span>
        {page.zipUrl && (
          <a
            href={page.zipUrl}
            download
            className="ml-auto text-sm text-sky-400 hover:underline"
            data-testid="share-zip"
          >
            {t("downloadAll")}
          </a>
        )}
      </header>
      {item ? (
        <Suspense fallback={<p className="text-sm text-zinc-400">{t("loading")}</p>}>
          <ItemViewer
            token={token}
            page={page}
            item={item}
            onClose={() => open(null)}
            onPrev={index > 0 ? () => open(page.items[index - 1].id) : null}
            onNext={index < page.items.length - 1 ? () => open(page.items[index + 1].id) : null}
            onChanged={load}
          />
        </Suspense>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
          {page.items.map((shared) => (
            <li key={shared.id}>
              <ItemCard item={shared} onOpen={() => open(shared.id)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
