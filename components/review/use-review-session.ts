"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { CommentShape } from "@/lib/comments/schema";
import type { CommentThread } from "@/lib/comments/types";
import type { ReviewApi } from "./api";

export const reviewKeys = {
  comments: (api: ReviewApi, taskId: string) => ["review", api.key, "comments", taskId] as const,
  approval: (api: ReviewApi, collectionId: string, taskId: string) =>
    ["review", api.key, "approval", collectionId, taskId] as const,
};

/** What the annotator and the comment panel of one item share: the video, the draft, the selection. */
export type ReviewSession = {
  api: ReviewApi;
  taskId: string;
  collectionId: string | null;
  threads: CommentThread[];
  canComment: boolean;
  loading: boolean;
  error: Error | null;
  /** Whether the annotator has a player (false on images). */
  hasVideo: boolean;
  attachVideo: (video: HTMLVideoElement | null) => void;
  currentTime: number;
  paused: boolean;
  /** A shape drawn for the next comment, and the moment it was drawn at. */
  draft: { shape: CommentShape | null; atSeconds: number | null };
  setDraftShape: (shape: CommentShape | null) => void;
  clearDraft: () => void;
  selectedId: string | null;
  /** Shows a thread: seeks the video to its moment, pauses, and shows its shape. */
  select: (thread: CommentThread | null) => void;
};

/** Threads whose moment is this close to the playhead show their shape while the video plays. */
export const SHAPE_WINDOW_SECONDS = 0.75;

export function useReviewSession({
  api,
  taskId,
  collectionId = null,
  focusCommentId = null,
}: {
  api: ReviewApi;
  taskId: string;
  collectionId?: string | null;
  /** A comment to open on (`?comment=`): selected — seek and shape — as soon as threads and video are there. */
  focusCommentId?: string | null;
}): ReviewSession {
  const query = useQuery({
    queryKey: reviewKeys.comments(api, taskId),
    queryFn: () => api.listComments(taskId),
    refetchInterval: 30_000,
  });
  const threads = useMemo(() => query.data?.threads ?? [], [query.data]);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const detach = useRef<(() => void) | null>(null);
  const pendingSeek = useRef<number | null>(null);
  const [hasVideo, setHasVideo] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [paused, setPaused] = useState(true);
  const [draft, setDraft] = useState<ReviewSession["draft"]>({ shape: null, atSeconds: null });
  // undefined: nothing chosen yet, so the `?comment=` thread (if any) is the selection.
  const [chosenId, setChosenId] = useState<string | null | undefined>(undefined);
  // A new `?comment=` (another notification clicked) wins over what was chosen by hand; another item
  // (← → in the detail view) starts with no selection and no draft.
  const [seen, setSeen] = useState({ focusCommentId, taskId });
  if (seen.focusCommentId !== focusCommentId || seen.taskId !== taskId) {
    setSeen({ focusCommentId, taskId });
    setChosenId(undefined);
    if (seen.taskId !== taskId) setDraft({ shape: null, atSeconds: null });
  }

  /** The annotator hands its <video> over (null when it goes): the session follows its time. */
  const attachVideo = useCallback((video: HTMLVideoElement | null) => {
    detach.current?.();
    detach.current = null;
    videoRef.current = video;
    setHasVideo(video !== null);
    if (!video) return;
    const sync = () => {
      setCurrentTime(video.currentTime);
      setPaused(video.paused);
    };
    const applySeek = () => {
      if (pendingSeek.current === null) return;
      video.currentTime = pendingSeek.current;
      pendingSeek.current = null;
    };
    const events = ["timeupdate", "play", "pause", "seeked"] as const;
    for (const e of events) video.addEventListener(e, sync);
    video.addEventListener("loadedmetadata", applySeek);
    if (video.readyState >= 1) applySeek();
    sync();
    detach.current = () => {
      for (const e of events) video.removeEventListener(e, sync);
      video.removeEventListener("loadedmetadata", applySeek);
    };
  }, []);

  const seekTo = useCallback((seconds: number) => {
    const video = videoRef.current;
    if (!video) {
      pendingSeek.current = seconds;
      return;
    }
    video.pause();
    // Before its metadata a video drops a seek: keep it for loadedmetadata.
    if (video.readyState >= 1) video.currentTime = seconds;
    else pendingSeek.current = seconds;
  }, []);

  const select = useCallback(
    (thread: CommentThread | null) => {
      setChosenId(thread?.id ?? null);
      if (thread?.atSeconds != null) {
        seekTo(thread.atSeconds);
        setCurrentTime(thread.atSeconds);
      }
    },
    [seekTo],
  );

  // `?comment=` (a reply's id opens its thread): seek there once, when the threads and the player are in.
  const focusThread = focusCommentId
    ? threads.find((t) => t.id === focusCommentId || t.replies.some((r) => r.id === focusCommentId))
    : undefined;
  const focusSeconds = focusThread?.atSeconds ?? null;
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (!focusCommentId || focused.current === focusCommentId || focusSeconds === null || !hasVideo) return;
    focused.current = focusCommentId;
    seekTo(focusSeconds);
  }, [focusCommentId, focusSeconds, hasVideo, seekTo]);
  const selectedId = chosenId === undefined ? (focusThread?.id ?? null) : chosenId;

  const setDraftShape = useCallback(
    (shape: CommentShape | null) =>
      setDraft({ shape, atSeconds: videoRef.current ? videoRef.current.currentTime : null }),
    [],
  );
  const clearDraft = useCallback(() => setDraft({ shape: null, atSeconds: null }), []);

  return {
    api,
    taskId,
    collectionId,
    threads,
    canComment: query.data?.canComment ?? false,
    loading: query.isPending,
    error: query.error,
    hasVideo,
    attachVideo,
    currentTime,
    paused,
    draft,
    setDraftShape,
    clearDraft,
    selectedId,
    select,
  };
}

/** The shapes to draw now: the draft, the selected thread's, and (video) those near the playhead. */
export function visibleShapes(session: ReviewSession, kind: "video" | "image") {
  const out: { id: string; shape: CommentShape; selected: boolean; draft?: boolean }[] = [];
  for (const t of session.threads) {
    if (!t.shape) continue;
    const selected = t.id === session.selectedId;
    const near =
      kind === "image"
        ? !t.resolvedAt
        : t.atSeconds !== null &&
          Math.abs(t.atSeconds - session.currentTime) <= SHAPE_WINDOW_SECONDS &&
          !t.resolvedAt;
    // The selected thread's shape stays while paused on its moment; others show around theirs.
    if (selected ? kind === "image" || session.paused || near : near)
      out.push({ id: t.id, shape: t.shape, selected });
  }
  if (session.draft.shape) out.push({ id: "draft", shape: session.draft.shape, selected: true, draft: true });
  return out;
}
