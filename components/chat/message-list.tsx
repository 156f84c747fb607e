"use client";

import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import type { MessageView } from "@/lib/chat/types";
import { MessageItem, type MessageActions } from "./message-item";

/** The thread, kept scrolled to the newest text while the reader is at the bottom. */
export function MessageList({
  messages,
  actions,
  footer,
  empty,
}: {
  messages: MessageView[];
  actions: MessageActions;
  footer?: ReactNode;
  empty?: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const lastText = messages.at(-1)?.text.length ?? 0;

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => el.removeEventListener("scroll", onScroll);
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [messages.length, lastText, footer]);

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto" data-testid="thread">
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">
        {messages.length === 0 && empty}
        {messages.map((m, i) => (
          <MessageItem key={m.id} message={m} actions={actions} isLast={i === messages.length - 1} />
        ))}
        {footer}
      </div>
    </div>
  );
}
