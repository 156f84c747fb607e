"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { fetchJson } from "@/components/api-client";
import { useFailureMessage } from "@/components/i18n/use-failure-message";
import type { Activity } from "@/lib/activity/types";
import { announcementsFrom, type ActivityAnnouncement } from "./announcements";
import { notify } from "./browser-notifications";
import { newReviewCount, titleWithCounts } from "./review-announcements";

/** Kept per tab, so a reload neither misses what settled meanwhile nor announces it twice. */
const STATE_KEY = "studio.activity";
/** A reload after this long starts afresh rather than announcing a backlog. */
const RESUME_WITHIN_MS = 10 * 60_000;
const MAX_TOASTS = 4;
const TOAST_MS = 10_000;

type SavedState = { cursor: string; seen: string[]; savedAt: number };

function loadState(): { cursor: string | null; seen: Set<string> } {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STATE_KEY) ?? "null") as SavedState | null;
    if (saved && Date.now() - saved.savedAt < RESUME_WITHIN_MS) {
      return { cursor: saved.cursor, seen: new Set(saved.seen) };
    }
  } catch {
    // Unreadable or blocked storage: start afresh.
  }
  return { cursor: null, seen: new Set() };
}

function saveState(cursor: string, seen: Set<string>) {
  try {
    // Only keys still inside an answer's overlap matter; a few hundred is plenty.
    const state: SavedState = { cursor, seen: [...seen].slice(-300), savedAt: Date.now() };
    sessionStorage.setItem(STATE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or blocked: the watcher still works for this page.
  }
}

export type Toast = ActivityAnnouncement & { shownAt: number };

/**
 * Asks the server what the viewer's tasks are doing (every 3 s while some run, else every 10 s, and
 * also while the tab is hidden: that is when a notification helps), keeps the tab title's running
 * count, and announces each settled task and finished batch once: a toast in this tab and, when
 * turned on, a system notification.
 */
export function useActivityWatcher() {
  const router = useRouter();
  const pathname = usePathname();
  const t = useTranslations("announce");
  const sayFailure = useFailureMessage();
  const state = useRef<{ cursor: string | null; seen: Set<string> } | null>(null);
  const [toasts, setToasts] = useState<Toast[]>([]);
  // Comments and approvals that came while the tab was hidden: "(n new)" in its title until it is seen.
  const [unseen, setUnseen] = useState(0);

  const { data } = useQuery({
    queryKey: ["activity"],
    queryFn: () => {
      state.current ??= loadState();
      const since = state.current.cursor;
      return fetchJson<Activity>(`/api/activity${since ? `?since=${encodeURIComponent(since)}` : ""}`);
    },
    // Signed out (or the server down): ask rarely, never retry in a loop.
    refetchInterval: (query) =>
      query.state.error ? 60_000 : (query.state.data?.running ?? 0) > 0 ? 3_000 : 10_000,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
    retry: false,
    staleTime: 0,
    gcTime: Infinity,
  });

  useEffect(() => {
    if (!data || !state.current) return;
    const { seen } = state.current;
    const review = newReviewCount(data, seen);
    const fresh = announcementsFrom(t, data, seen, sayFailure);
    for (const announcement of fresh) notify(announcement, (href) => router.push(href));
    state.current.cursor = data.cursor;
    saveState(data.cursor, seen);
    if (review > 0 && document.hidden) setUnseen((n) => n + review);
    if (fresh.length > 0) {
      const shownAt = Date.now();
      setToasts((current) => [...fresh.map((a) => ({ ...a, shownAt })), ...current].slice(0, MAX_TOASTS));
    }
  }, [data, router, t, sayFailure]);

  useEffect(() => {
    const seenNow = () => {
      if (!document.hidden) setUnseen(0);
    };
    document.addEventListener("visibilitychange", seenNow);
    return () => document.removeEventListener("visibilitychange", seenNow);
  }, []);

  const running = data?.running ?? 0;
  // The page's own title, and the one last set from it: a title that differs is the next page's own.
  const titles = useRef<{ base: string; shown: string } | null>(null);
  useEffect(() => {
    const current = document.title;
    const base = titles.current?.shown === current ? titles.current.base : current;
    const shown = titleWithCounts(t, base, { running, unseen });
    titles.current = { base, shown };
    document.title = shown;
  }, [running, pathname, data, unseen, t]);

  useEffect(() => {
    if (toasts.length === 0) return;
    const oldest = Math.min(...toasts.map((t) => t.shownAt));
    const timer = setTimeout(
      () => setToasts((current) => current.filter((t) => Date.now() - t.shownAt < TOAST_MS)),
      Math.max(0, oldest + TOAST_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [toasts]);

  const dismiss = useCallback((key: string) => setToasts((c) => c.filter((t) => t.key !== key)), []);
  return { running, toasts, dismiss };
}
