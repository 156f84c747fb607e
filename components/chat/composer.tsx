"use client";

import { Images, Link2, Paperclip, X } from "lucide-react";
import clsx from "clsx";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useRef, useState, type ClipboardEvent } from "react";
import { ACCEPTED_MEDIA, INLINE_MAX_FILE_BYTES } from "@/lib/chat/limits";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { MediaPreview } from "./attachment-preview";
import type { DraftAttachment, useDraftAttachments } from "./use-draft-attachments";
import { useFormatBytes } from "./use-format-bytes";

// Opened on demand ("Add link"): loaded then, which keeps the chat page within its first-load budget.
const LinkForm = lazy(() => import("./link-form").then((module) => ({ default: module.LinkForm })));

/** replaceFailed: the failed question this draft was brought back from (see lib/chat/failed-exchange.ts). */
export type Draft = { text: string; attachments: DraftAttachment[]; replaceFailed?: string };

/** sent, or not: then the draft comes back, and failedQuestion names a question stored with a failed answer. */
export type SendOutcome = { sent: true } | { sent: false; failedQuestion?: string };

/**
 * The message box. Enter sends, Shift+Enter adds a line, Esc stops a streaming answer. On a failed
 * send the draft comes back (text and attachments), so nothing typed is lost; when the failed question
 * was stored, resending that draft replaces it instead of asking it twice.
 */
export function Composer({
  tray,
  streaming,
  disabled,
  disabledReason,
  onSend,
  onStop,
  onOpenGallery,
}: {
  tray: ReturnType<typeof useDraftAttachments>;
  streaming: boolean;
  disabled?: boolean;
  disabledReason?: string;
  onSend: (draft: Draft) => Promise<SendOutcome>;
  onStop: () => void;
  onOpenGallery: () => void;
}) {
  const t = useTranslations("chat.composer");
  const bytes = useFormatBytes();
  const [text, setText] = useState("");
  const typed = useRef(text);
  useEffect(() => {
    typed.current = text;
  }, [text]);
  // The stored question whose draft is in the box; cleared once anything else is sent.
  const resendOf = useRef<string | undefined>(undefined);
  const [linking, setLinking] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const ready = tray.items.filter((i) => i.status === "ready");
  const canSend =
    !streaming &&
    !disabled &&
    !tray.uploading &&
    !tray.failed &&
    !tray.blocked &&
    (text.trim().length > 0 || ready.length > 0);

  const send = async () => {
    if (!canSend) return;
    const draft: Draft = { text, attachments: tray.take(), replaceFailed: resendOf.current };
    resendOf.current = undefined;
    setText("");
    const outcome = await onSend(draft);
    if (!outcome.sent) {
      // Put the draft back unless the user has already started a new one (then it is not a resend).
      const startedAnother = typed.current !== "";
      if (!startedAnother) {
        setText(draft.text);
        resendOf.current = outcome.failedQuestion;
      }
      tray.restore(draft.attachments);
      textarea.current?.focus();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData.files);
    if (files.length === 0) return;
    event.preventDefault();
    tray.addFiles(files);
  };

  return (
    <div className="border-t border-zinc-800 bg-zinc-950 px-4 pt-3 pb-4">
      <div className="mx-auto max-w-3xl space-y-2">
        {tray.problems.length > 0 && (
          <div
            data-testid="attachment-problems"
            className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-xs text-amber-100"
          >
            {tray.problems.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        )}
        <div className="rounded-xl border border-zinc-700 bg-zinc-900 focus-within:border-sky-500">
          {tray.items.length > 0 && (
            <ul
              className="flex flex-wrap gap-2 border-b border-zinc-800 p-2"
              aria-label={t("attachments")}
              data-testid="draft-attachments"
            >
              {tray.items.map((item) => (
                <li
                  key={item.key}
                  data-testid="draft-attachment"
                  data-status={item.status}
                  className={clsx(
                    "flex max-w-72 items-center gap-2 rounded-lg border bg-zinc-950 p-1.5 pr-2",
                    item.status === "failed" ? "border-red-500/50" : "border-zinc-700",
                  )}
                >
                  <MediaPreview kind={item.kind} url={item.previewUrl} name={item.name} compact />
                  <div className="min-w-0 text-xs">
                    <p className="truncate text-zinc-200" title={item.name}>
                      {item.name}
                    </p>
                    <p className={item.status === "failed" ? "text-red-300" : "text-zinc-400"}>
                      {item.status === "uploading" ? (
                        <span className="inline-flex items-center gap-1">
                          <Spinner label={t("uploading")} />{" "}
                          {item.fromGallery ? t("adding") : t("uploadingDots")}
                        </span>
                      ) : item.status === "failed" ? (
                        item.error
                      ) : item.fileRef ? (
                        t("byUrl")
                      ) : item.fromGallery ? (
                        t("fromGallery", { size: bytes(item.size) })
                      ) : (
                        bytes(item.size)
                      )}
                    </p>
                  </div>
                  <button
                    type="button"
                    onClick={() => tray.remove(item.key)}
                    aria-label={t("remove", { name: item.name })}
                    className="ml-1 inline-flex items-center justify-center rounded px-1.5 py-1 text-zinc-400 hover:bg-zinc-800 hover:text-white"
                  >
                    <X aria-hidden className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {linking && (
            <Suspense fallback={null}>
              <LinkForm onAdd={tray.addUrl} onClose={() => setLinking(false)} />
            </Suspense>
          )}
          <textarea
            ref={textarea}
            data-testid="composer-input"
            aria-label={t("message")}
            placeholder={t("placeholder")}
            value={text}
            rows={Math.min(10, Math.max(2, text.split("\n").length))}
            onChange={(e) => setText(e.target.value)}
            onPaste={onPaste}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void send();
              }
            }}
            className="block w-full resize-none bg-transparent px-3.5 py-3 text-sm text-zinc-100 placeholder:text-zinc-400 focus:outline-none focus-visible:outline-none"
          />
          <div className="flex flex-wrap items-center gap-1.5 px-2 pb-2">
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPTED_MEDIA}
              multiple
              hidden
              data-testid="file-input"
              onChange={(e) => {
                tray.addFiles(Array.from(e.target.files ?? []));
                e.target.value = "";
              }}
            />
            <Button
              size="sm"
              variant="ghost"
              onClick={() => fileInput.current?.click()}
              title={t("attachTitle")}
            >
              <Paperclip aria-hidden className="size-4" />
              <span className="sr-only sm:not-sr-only">{t("attach")}</span>
            </Button>
            <Button size="sm" variant="ghost" onClick={onOpenGallery} data-testid="open-gallery-picker">
              <Images aria-hidden className="size-4" />
              <span className="sr-only sm:not-sr-only">{t("fromGalleryButton")}</span>
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setLinking((v) => !v)}
              data-testid="open-link-form"
            >
              <Link2 aria-hidden className="size-4" />
              <span className="sr-only sm:not-sr-only">{t("byUrlButton")}</span>
            </Button>
            {/* On a phone only what stops sending: the hints need a keyboard or a wide screen. */}
            <span aria-hidden className="flex-1" />
            <span
              className={clsx(
                "min-w-0 text-xs text-zinc-400",
                (streaming || !disabledReason) && "sr-only sm:not-sr-only",
              )}
            >
              {streaming
                ? t("escStops")
                : (disabledReason ?? t("limitHint", { max: bytes(INLINE_MAX_FILE_BYTES) }))}
            </span>
            {streaming ? (
              <Button size="sm" variant="danger" onClick={onStop} data-testid="stop-button">
                {t("stop")}
              </Button>
            ) : (
              <Button
                size="sm"
                variant="primary"
                onClick={() => void send()}
                disabled={!canSend}
                data-testid="send-button"
              >
                {t("send")}
              </Button>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
