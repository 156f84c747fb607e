"use client";

import clsx from "clsx";
import { X } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { DEFAULT_TITLE } from "@/lib/chat/default-title";
import type { ConversationSummary } from "@/lib/chat/types";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";

function when(locale: string, iso: string): string {
  const date = new Date(iso);
  const today = new Date();
  return date.toDateString() === today.toDateString()
    ? date.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" })
    : date.toLocaleDateString(locale, { month: "short", day: "numeric" });
}

function Row({
  conversation,
  active,
  onRename,
  onDelete,
}: {
  conversation: ConversationSummary;
  active: boolean;
  onRename: (title: string) => void;
  onDelete: () => void;
}) {
  const t = useTranslations("chat");
  const locale = useLocale();
  const [mode, setMode] = useState<"view" | "rename" | "confirm">("view");
  const [title, setTitle] = useState(conversation.title);
  // Named by its first question (the user's words), else the default title, in the page's language.
  const named = conversation.title !== DEFAULT_TITLE;
  const shown = named ? conversation.title : t("newChat");

  if (mode === "rename") {
    return (
      <form
        className="px-2 py-1.5"
        onSubmit={(e) => {
          e.preventDefault();
          if (title.trim()) onRename(title.trim());
          setMode("view");
        }}
      >
        <input
          aria-label={t("list.titleLabel")}
          data-testid="rename-input"
          data-own-escape
          autoFocus
          value={title}
          maxLength={120}
          onChange={(e) => setTitle(e.target.value)}
          onBlur={() => setMode("view")}
          onKeyDown={(e) => e.key === "Escape" && setMode("view")}
          className={`${inputClass} py-1.5`}
        />
      </form>
    );
  }
  if (mode === "confirm") {
    return (
      <div
        className="space-y-2 rounded-lg border border-red-500/40 bg-red-500/10 p-2.5 text-xs"
        data-testid="delete-confirm"
      >
        <p className="text-red-100">{t("list.confirmDelete", { title: shown })}</p>
        <div className="flex justify-end gap-2">
          <Button size="sm" onClick={() => setMode("view")} autoFocus>
            {t("list.cancel")}
          </Button>
          <Button size="sm" variant="danger" onClick={onDelete} data-testid="confirm-delete">
            {t("list.delete")}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div
      data-testid="conversation-item"
      className={clsx(
        "group relative rounded-lg transition-colors",
        active ? "bg-zinc-800 text-white" : "text-zinc-300 hover:bg-zinc-900",
      )}
    >
      <Link
        href={`/chat/${conversation.id}`}
        aria-current={active ? "page" : undefined}
        className="block min-w-0 px-2.5 py-2"
      >
        <span className="block truncate text-sm" data-user-text={named || undefined}>
          {shown}
        </span>
        <span className="block truncate text-[11px] text-zinc-400">
          {when(locale, conversation.updatedAt)} · <span translate="no">{conversation.model}</span>
        </span>
      </Link>
      {/* Over the row's right end on hover or keyboard focus, so titles use the full width otherwise. */}
      <span className="absolute top-1/2 right-1 flex -translate-y-1/2 rounded-md bg-zinc-800 opacity-0 shadow transition-opacity group-hover:opacity-100 focus-within:opacity-100 [@media(hover:none)]:opacity-100">
        <button
          type="button"
          aria-label={t("list.renameLabel", { title: shown })}
          data-testid="rename-conversation"
          onClick={() => {
            setTitle(conversation.title);
            setMode("rename");
          }}
          className="rounded px-1.5 py-1 text-xs text-zinc-400 hover:bg-zinc-700 hover:text-white"
        >
          {t("list.rename")}
        </button>
        <button
          type="button"
          aria-label={t("list.deleteLabel", { title: shown })}
          data-testid="delete-conversation"
          onClick={() => setMode("confirm")}
          className="rounded px-1.5 py-1 text-xs text-zinc-400 hover:bg-red-600/30 hover:text-red-200"
        >
          {t("list.delete")}
        </button>
      </span>
    </div>
  );
}

export function ConversationList({
  conversations,
  loading,
  activeId,
  query,
  onQuery,
  onNew,
  onRename,
  onDelete,
  onClose,
  className,
}: {
  /** Below 1024 px the list lies over the thread: this closes it. */
  onClose: () => void;
  className?: string;
  conversations: ConversationSummary[];
  loading: boolean;
  activeId: string | null;
  query: string;
  onQuery: (q: string) => void;
  onNew: () => void;
  onRename: (id: string, title: string) => void;
  onDelete: (id: string) => void;
}) {
  const t = useTranslations("chat");
  return (
    <aside
      className={clsx("h-full min-h-0 flex-col gap-3 border-r border-zinc-800 bg-zinc-950 p-3", className)}
      aria-label={t("header.conversations")}
    >
      <div className="flex gap-2">
        <Button variant="primary" onClick={onNew} data-testid="new-chat" className="flex-1">
          {t("newChat")}
        </Button>
        <Button variant="ghost" onClick={onClose} className="lg:hidden" data-testid="close-conversations">
          <X aria-hidden className="size-4" />
          <span className="sr-only">{t("list.closeList")}</span>
        </Button>
      </div>
      <input
        type="search"
        aria-label={t("list.searchLabel")}
        data-testid="conversation-search"
        placeholder={t("list.searchPlaceholder")}
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        className={`${inputClass} py-1.5`}
      />
      <nav className="-mx-1 min-h-0 flex-1 space-y-0.5 overflow-y-auto px-1" data-testid="conversation-list">
        {loading && conversations.length === 0 && (
          <div className="flex justify-center py-6">
            <Spinner label={t("list.loading")} />
          </div>
        )}
        {!loading && conversations.length === 0 && (
          <p className="px-2 py-6 text-center text-xs text-zinc-400">
            {query ? t("list.noMatch", { query }) : t("list.none")}
          </p>
        )}
        {conversations.map((c) => (
          <Row
            key={c.id}
            conversation={c}
            active={c.id === activeId}
            onRename={(title) => onRename(c.id, title)}
            onDelete={() => onDelete(c.id)}
          />
        ))}
      </nav>
    </aside>
  );
}
