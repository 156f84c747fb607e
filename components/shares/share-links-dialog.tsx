"use client";

import { useState } from "react";
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
              <h2 className="text-base font-semibold">Share links</h2>
              <Button size="sm" variant="ghost" onClick={onClose}>
                Close
              </Button>
            </div>
            <p className="text-xs text-zinc-400">
              Anyone with a link sees what it shares, without an account. Revoke it to close it at once.
            </p>
            <ShareLinkForm
              busy={create.isPending}
              error={create.error?.message ?? null}
              onCreate={(draft) => create.mutate(draft)}
            />
            <ul className="space-y-2" data-testid="share-links-list">
              {list.isLoading && <li className="text-sm text-zinc-400">Loading…</li>}
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
  const [copied, setCopied] = useState(false);
  const url = typeof window === "undefined" ? link.path : `${window.location.origin}${link.path}`;
  const switches = [
    link.allowComments && "comments",
    link.allowDownload && "downloads",
    link.showPrompts && "prompts shown",
    link.hasPassword && "password",
    link.expiresAt && `expires ${new Date(link.expiresAt).toLocaleDateString()}`,
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
          aria-label="Link"
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
              {copied ? "Copied" : "Copy"}
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={onRevoke}
              disabled={busy}
              data-testid="share-link-revoke"
            >
              Revoke
            </Button>
          </>
        )}
      </div>
      <p className="text-xs text-zinc-400" data-testid="share-link-stats">
        {link.state !== "active" && <span className="mr-1 font-medium text-amber-400">{link.state}</span>}
        {link.views} view{link.views === 1 ? "" : "s"}
        {link.lastViewedAt && ` · last viewed ${new Date(link.lastViewedAt).toLocaleString()}`}
        {switches.length > 0 && ` · ${switches.join(", ")}`}
      </p>
    </li>
  );
}
