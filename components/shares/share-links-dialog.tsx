"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useIssueMessage } from "@/components/i18n/use-issue-message";
import { useFormat } from "@/components/i18n/use-format";
import { Button } from "@/components/ui/button";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import type { ShareLinkSummary } from "@/lib/shares/schema";
import { ShareLinkForm } from "./share-link-form";
import { useShareLinks, type ShareTarget } from "./use-share-links";

/** The dialog of <ShareLinksButton />, loaded when it is first opened. */
export function ShareLinksDialog({
  target,
  open,
  onClose,
}: {
  target: ShareTarget;
  open: boolean;
  onClose: () => void;
}) {
  const t = useTranslations("shares");
  const errorMessage = useIssueMessage().error;
  const dialog = useModalDialog(open, onClose);
  const { list, create, revoke } = useShareLinks(target, open);
  const links = list.data?.links ?? [];

  return (
    <>
      <dialog
        {...dialog}
        data-testid="share-links-dialog"
        className="m-auto w-full max-w-lg rounded-xl border border-zinc-700 bg-zinc-900 p-0 text-zinc-100 shadow-2xl backdrop:bg-black/70"
      >
        {open && (
          <div className="space-y-4 p-5">
            <div className="flex items-center justify-between">
              <h2 className="text-base font-semibold">{t("heading")}</h2>
              <Button size="sm" variant="ghost" onClick={onClose}>
                {t("close")}
              </Button>
            </div>
            <p className="text-xs text-zinc-400">{t("intro")}</p>
            <ShareLinkForm
              busy={create.isPending}
              error={create.error ? errorMessage(create.error) : null}
              onCreate={(draft) => create.mutate(draft)}
            />
            <ul className="space-y-2" data-testid="share-links-list">
              {list.isLoading && <li className="text-sm text-zinc-400">{t("loading")}</li>}
              {links.map((link) => (
                <LinkRow
                  key={link.id}
                  link={link}
                  onRevoke={() => revoke.mutate(link.id)}
                  busy={revoke.isPending}
                />
              ))}
            </ul>
          </div>
        )}
      </dialog>
    </>
  );
}

function LinkRow({ link, onRevoke, busy }: { link: ShareLinkSummary; onRevoke: () => void; busy: boolean }) {
  const t = useTranslations("shares");
  const format = useFormat();
  const [copied, setCopied] = useState(false);
  const url = typeof window === "undefined" ? link.path : `${window.location.origin}${link.path}`;
  const switches = [
    link.allowComments && t("switch.comments"),
    link.allowDownload && t("switch.downloads"),
    link.showPrompts && t("switch.prompts"),
    link.hasPassword && t("switch.password"),
    link.expiresAt && t("switch.expires", { date: format.shortDate(link.expiresAt) }),
  ].filter(Boolean);
  return (
    <li
      className="space-y-1 rounded-lg border border-zinc-800 p-3 text-sm"
      data-testid="share-link-row"
      data-state={link.state}
    >
      <div className="flex items-center gap-2">
        <input
          readOnly
          value={url}
          aria-label={t("link")}
          data-testid="share-link-url"
          onFocus={(e) => e.currentTarget.select()}
          className="h-8 min-w-0 flex-1 rounded-md border border-zinc-700 bg-zinc-950 px-2 text-xs text-zinc-300"
        />
        {link.state === "active" && (
          <>
            <Button
              size="sm"
              onClick={() => {
                void navigator.clipboard?.writeText(url).then(() => setCopied(true));
              }}
            >
              {copied ? t("copied") : t("copy")}
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={onRevoke}
              disabled={busy}
              data-testid="share-link-revoke"
            >
              {t("revoke")}
            </Button>
          </>
        )}
      </div>
      <p className="text-xs text-zinc-400" data-testid="share-link-stats">
        {link.state !== "active" && (
          <span className="mr-1 font-medium text-amber-400">{t(`state.${link.state}`)}</span>
        )}
        {t("views", { count: link.views })}
        {link.lastViewedAt && ` · ${t("lastViewed", { time: format.dateTime(link.lastViewedAt) })}`}
        {switches.length > 0 && ` · ${switches.join(", ")}`}
      </p>
    </li>
  );
}
