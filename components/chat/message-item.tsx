"use client";

import { useTranslations } from "next-intl";
import { memo, useState } from "react";
import { mediaKindOf } from "@/lib/chat/limits";
import { errorFailure, noticeFailures } from "@/lib/chat/message-failures";
import type { MessageView } from "@/lib/chat/types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useFailureMessage } from "@/components/i18n/use-failure-message";
import { useFormat } from "@/components/i18n/use-format";
import { describeError } from "./describe-error";
import { MediaPreview } from "./attachment-preview";
import { Markdown } from "./lazy-markdown";
import type { StreamResult } from "./use-chat-stream";

export type MessageActions = {
  onRegenerate?: () => void;
  /** Resolves when the answer has ended; a failure before streaming left the thread unchanged. */
  onEdit?: (messageId: string, text: string) => Promise<StreamResult>;
  busy: boolean;
};

function CopyButton({ text }: { text: string }) {
  const t = useTranslations("chat.message");
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="sm"
      variant="ghost"
      data-testid="copy-message"
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        })
      }
    >
      {copied ? t("copied") : t("copy")}
    </Button>
  );
}

function UserMessage({ message, actions }: { message: MessageView; actions: MessageActions }) {
  const t = useTranslations("chat.message");
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.text);
  const refs = message.parts.flatMap((p) => ("fileData" in p ? [p.fileData] : []));
  return (
    <div
      data-testid="message"
      data-role="user"
      className="group ml-auto flex max-w-[85%] flex-col items-end gap-2"
    >
      {(message.attachments.length > 0 || refs.length > 0) && (
        <div className="flex flex-wrap justify-end gap-2" data-testid="message-attachments">
          {message.attachments.map((a) => (
            <MediaPreview key={a.id} kind={a.kind} url={a.url} name={a.name} size={a.size} />
          ))}
          {refs.map((r) => (
            <MediaPreview
              key={r.fileUri}
              kind={mediaKindOf(r.mimeType)}
              url={r.fileUri}
              name={r.fileUri}
              note={t("byUrl")}
            />
          ))}
        </div>
      )}
      {editing ? (
        <form
          className="w-full min-w-80 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!draft.trim() || !actions.onEdit) return;
            const edited = draft;
            setEditing(false);
            void actions.onEdit(message.id, edited).then((result) => {
              // Refused before anything was stored (validation, size, network): the edit comes back.
              if (!result.ok && !result.started) {
                setDraft(edited);
                setEditing(true);
              }
            });
          }}
        >
          <textarea
            aria-label={t("editLabel")}
            data-testid="edit-textarea"
            data-own-escape
            value={draft}
            autoFocus
            rows={Math.min(10, Math.max(2, draft.split("\n").length))}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") setEditing(false);
            }}
            className="w-full rounded-lg border border-zinc-600 bg-zinc-900 px-3 py-2 text-sm focus:border-sky-500 focus:outline-none"
          />
          <div className="flex justify-end gap-2">
            <Button size="sm" onClick={() => setEditing(false)}>
              {t("cancel")}
            </Button>
            <Button size="sm" variant="primary" type="submit" disabled={!draft.trim() || actions.busy}>
              {t("saveResend")}
            </Button>
          </div>
          <p className="text-right text-xs text-zinc-400">{t("laterReplaced")}</p>
        </form>
      ) : (
        message.text && (
          <div
            data-user-text
            className="rounded-2xl rounded-br-md bg-sky-600/20 px-4 py-2.5 text-sm whitespace-pre-wrap text-zinc-100 ring-1 ring-sky-500/30"
          >
            {message.text}
          </div>
        )
      )}
      {!editing && (
        <div className="flex gap-1 opacity-60 transition-opacity group-hover:opacity-100 focus-within:opacity-100">
          <Button
            size="sm"
            variant="ghost"
            data-testid="edit-message"
            disabled={actions.busy}
            onClick={() => {
              setDraft(message.text);
              setEditing(true);
            }}
          >
            {t("edit")}
          </Button>
          {message.text && <CopyButton text={message.text} />}
        </div>
      )}
    </div>
  );
}

function UsageLine({ message }: { message: MessageView }) {
  const t = useTranslations("chat.message");
  const format = useFormat();
  const u = message.usage;
  if (!u) return null;
  const n = (v: number | null) => (v === null ? "–" : format.number(v));
  return (
    <span data-testid="usage" title={t("usageTitle")}>
      {t("usage", {
        prompt: n(u.promptTokenCount),
        output: n(u.candidatesTokenCount),
        total: n(u.totalTokenCount),
      })}
    </span>
  );
}

function ModelMessage({
  message,
  actions,
  isLast,
}: {
  message: MessageView;
  actions: MessageActions;
  isLast: boolean;
}) {
  const t = useTranslations("chat");
  const failureMessage = useFailureMessage();
  const streaming = message.status === "streaming";
  const problem = message.error ? describeError(t, message.error) : null;
  const notices = noticeFailures(message).map(failureMessage);
  return (
    <article
      data-testid="message"
      data-role="model"
      data-status={message.status}
      data-message-id={message.id}
      aria-busy={streaming}
      className="group max-w-full space-y-2"
    >
      {message.text ? (
        // The model's words, in whatever language it answered: content, not the page's text.
        <div className="text-[15px] text-zinc-200" data-testid="message-text" data-user-text>
          <Markdown text={message.text} />
        </div>
      ) : streaming ? (
        <div className="flex items-center gap-2 text-sm text-zinc-400">
          <Spinner label={t("message.waiting")} /> {t("message.waitingDots")}
        </div>
      ) : null}

      {notices.length > 0 && (
        <ul data-testid="message-notice" className="space-y-1 text-xs text-amber-200/90">
          {notices.map((notice, i) => (
            <li key={i}>{notice}</li>
          ))}
        </ul>
      )}
      {message.status === "stopped" && (
        <p data-testid="stopped-note" className="text-xs text-zinc-400">
          {t("message.stoppedNote")}
        </p>
      )}
      {problem && message.error && (
        <div
          data-testid="message-error"
          data-error-code={message.error.code}
          className={
            message.status === "error"
              ? "rounded-lg border border-red-500/40 bg-red-500/10 px-3.5 py-3 text-sm text-red-100"
              : "rounded-lg border border-amber-500/40 bg-amber-500/10 px-3.5 py-3 text-sm text-amber-100"
          }
        >
          <p className="font-medium">
            {message.status === "interrupted"
              ? t("message.interruptedTitle", { title: problem.title })
              : problem.title}
          </p>
          <p className="mt-1 text-[13px] opacity-90">{failureMessage(errorFailure(message.error))}</p>
          <p className="mt-1 text-[13px] opacity-90">{problem.advice}</p>
          {isLast && actions.onRegenerate && (
            <Button
              size="sm"
              className="mt-2"
              onClick={actions.onRegenerate}
              disabled={actions.busy}
              data-testid="retry"
            >
              {t("message.retry")}
            </Button>
          )}
        </div>
      )}

      {!streaming && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-400">
          {message.finishReason && (
            <Badge tone={message.finishReason === "STOP" ? "neutral" : "warning"}>
              {/* The upstream's finishReason value (STOP, MAX_TOKENS…), shown as sent. */}
              <span data-testid="finish-reason" translate="no">
                {message.finishReason}
              </span>
            </Badge>
          )}
          {message.status === "stopped" && <Badge tone="warning">{t("message.stopped")}</Badge>}
          {message.status === "interrupted" && <Badge tone="warning">{t("message.interrupted")}</Badge>}
          <UsageLine message={message} />
          {message.model && (
            <span className="font-mono" translate="no">
              {message.model}
            </span>
          )}
          <span className="ml-auto flex gap-1 opacity-60 transition-opacity group-hover:opacity-100 focus-within:opacity-100">
            {message.text && <CopyButton text={message.text} />}
            {isLast && actions.onRegenerate && message.status !== "error" && (
              <Button
                size="sm"
                variant="ghost"
                onClick={actions.onRegenerate}
                disabled={actions.busy}
                data-testid="regenerate"
              >
                {t("message.regenerate")}
              </Button>
            )}
          </span>
        </div>
      )}
    </article>
  );
}

export const MessageItem = memo(function MessageItem({
  message,
  actions,
  isLast,
}: {
  message: MessageView;
  actions: MessageActions;
  isLast: boolean;
}) {
  return message.role === "user" ? (
    <UserMessage message={message} actions={actions} />
  ) : (
    <ModelMessage message={message} actions={actions} isLast={isLast} />
  );
});
