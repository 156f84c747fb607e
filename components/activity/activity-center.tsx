"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import clsx from "clsx";
import { Bell, BellOff, X } from "lucide-react";
import { useTranslations } from "next-intl";
import {
  notificationSupport,
  setNotifications,
  subscribeNotificationSupport,
  type NotificationSupport,
} from "./browser-notifications";
import { useActivityWatcher, type Toast } from "./use-activity-watcher";

const TOGGLE_TITLE = {
  on: "notifyOn",
  off: "notifyOff",
  denied: "notifyDenied",
  unsupported: "notifyUnsupported",
} as const satisfies Record<NotificationSupport, string>;

/**
 * The header's activity: how many tasks run, the notifications switch, and the toasts that
 * announce what finished (components/activity/use-activity-watcher.ts).
 */
export function ActivityCenter() {
  const { running, toasts, dismiss } = useActivityWatcher();
  const t = useTranslations("activity");
  // Null on the server, which cannot know the browser's permission.
  const support = useSyncExternalStore(subscribeNotificationSupport, notificationSupport, () => null);

  return (
    <>
      {running > 0 && (
        <span
          data-testid="running-count"
          title={t("runningTitle", { count: running })}
          className="whitespace-nowrap rounded-full border border-sky-500/40 bg-sky-500/10 px-2.5 py-0.5 text-xs font-medium text-sky-300"
        >
          {t("running", { count: running })}
        </span>
      )}
      {support && (
        <button
          type="button"
          data-testid="notifications-toggle"
          aria-pressed={support === "on"}
          disabled={support === "unsupported"}
          title={t(TOGGLE_TITLE[support])}
          onClick={() => void setNotifications(support !== "on")}
          className={clsx(
            "inline-flex min-h-11 min-w-11 items-center justify-center whitespace-nowrap rounded-md px-2 text-xs font-medium transition-colors disabled:opacity-50 sm:min-h-8",
            support === "on" ? "text-sky-300 hover:bg-zinc-900" : "text-zinc-400 hover:bg-zinc-900",
          )}
        >
          {support === "on" ? (
            <Bell aria-hidden className="size-4" />
          ) : (
            <BellOff aria-hidden className="size-4" />
          )}
          {/* One name whatever the state: aria-pressed tells on from off. */}
          <span className="sr-only sm:not-sr-only sm:ml-1">{t("notifyMe")}</span>
        </button>
      )}
      {/* In <body>: the header's backdrop blur would make it the box a fixed toast sits in. Top right,
          under the header: at the bottom right toasts covered the chat's Send and Stop buttons. */}
      {support && createPortal(<ToastList toasts={toasts} dismiss={dismiss} />, document.body)}
    </>
  );
}

function ToastList({ toasts, dismiss }: { toasts: Toast[]; dismiss: (key: string) => void }) {
  const t = useTranslations("activity");
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed right-4 top-16 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.key}
          data-testid="toast"
          data-tone={toast.tone}
          className={clsx(
            // Clicks pass through the card to the page beneath; only its link and × take them.
            "rounded-lg border bg-zinc-900/95 p-3 text-sm shadow-lg",
            toast.tone === "error"
              ? "border-red-500/40"
              : toast.tone === "info"
                ? "border-sky-500/40"
                : "border-emerald-500/40",
          )}
        >
          <div className="flex items-start gap-3">
            {toast.icon && (
              // eslint-disable-next-line @next/next/no-img-element -- a stored thumbnail, already small
              <img src={toast.icon} alt="" className="size-10 shrink-0 rounded object-cover" />
            )}
            <div className="min-w-0 flex-1">
              <Link
                href={toast.href}
                className="pointer-events-auto font-medium text-zinc-100 hover:underline"
              >
                {toast.title}
              </Link>
              <p className="mt-0.5 break-words text-xs text-zinc-400">{toast.body}</p>
            </div>
            <button
              type="button"
              aria-label={t("dismiss")}
              onClick={() => dismiss(toast.key)}
              className="pointer-events-auto -m-2 inline-flex size-11 shrink-0 items-center justify-center text-zinc-400 hover:text-zinc-200 sm:size-8"
            >
              <X aria-hidden className="size-4" />
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
