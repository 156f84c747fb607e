"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";

const MAX_DRIFT_S = 0.2;

type Videos = { current: (HTMLVideoElement | null)[] };
const present = (videos: Videos) => videos.current.filter((v): v is HTMLVideoElement => Boolean(v));
const lengthOf = (v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : 0);
/** The longest video leads: it is the last to end, so every moment of the group has a leader. */
const leaderOf = (videos: Videos): HTMLVideoElement | undefined =>
  present(videos).reduce<HTMLVideoElement | undefined>(
    (best, v) => (!best || lengthOf(v) > lengthOf(best) ? v : best),
    undefined,
  );

/**
 * Plays, pauses and seeks several <video>s together. The longest video leads; the others are
 * pulled back in step when they drift (decoders start at slightly different moments). A shorter
 * video rests on its last frame once past its end, and nothing is corrected once the leader ended.
 */
export function useSyncedVideos(count: number) {
  const videos = useRef<(HTMLVideoElement | null)[]>([]);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);

  const register = useMemo(
    () =>
      Array.from({ length: count }, (_, i) => (el: HTMLVideoElement | null) => {
        videos.current[i] = el;
        if (!el) return;
        el.addEventListener("loadedmetadata", () =>
          setDuration(Math.max(0, ...present(videos).map(lengthOf))),
        );
        // Once every video has ended (the longest last), the group stops.
        el.addEventListener("ended", () => {
          if (present(videos).every((v) => v.ended || v.paused)) setPlaying(false);
        });
      }),
    [count],
  );

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const tick = () => {
      const lead = leaderOf(videos);
      if (lead) {
        setTime(lead.currentTime);
        for (const v of lead.ended ? [] : present(videos)) {
          if (v === lead || v.ended || lead.currentTime >= lengthOf(v)) continue;
          if (Math.abs(v.currentTime - lead.currentTime) > MAX_DRIFT_S) v.currentTime = lead.currentTime;
        }
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const play = useCallback(async () => {
    const lead = leaderOf(videos);
    const start = !lead || lead.ended ? 0 : lead.currentTime;
    const list = present(videos);
    for (const v of list) v.currentTime = Math.min(start, v.duration || start);
    await Promise.all(list.map((v) => v.play().catch(() => undefined)));
    setPlaying(true);
  }, []);

  const pause = useCallback(() => {
    for (const v of present(videos)) v.pause();
    setPlaying(false);
    setTime(leaderOf(videos)?.currentTime ?? 0);
  }, []);

  const seek = useCallback((t: number) => {
    for (const v of present(videos)) v.currentTime = Math.min(t, v.duration || t);
    setTime(t);
  }, []);

  return {
    register: (i: number) => register[i],
    playing,
    time,
    duration,
    toggle: () => (playing ? pause() : void play()),
    seek,
  };
}
