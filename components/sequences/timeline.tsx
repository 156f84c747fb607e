"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { Shot } from "./use-sequence";

type Act = (path: string, method: string, body?: unknown) => void;
type Clip = { shot: Shot; url: string; trimIn: number; trimOut: number };

/** The picked takes in order with their trims; shots without a picked stored take are left out. */
export function cutOf(shots: Shot[]): Clip[] {
  return shots.flatMap((shot) => {
    const take = shot.takeList.find((t) => t.id === shot.pickedTaskId);
    if (!take?.url) return [];
    const end = take.durationSec ?? shot.trimOut ?? 0;
    return [{ shot, url: take.url, trimIn: shot.trimIn, trimOut: shot.trimOut ?? end }];
  });
}

/**
 * The timeline strip: each picked take with its in/out trims and sound switch (saved on the shot),
 * and a preview that plays the trimmed cut in the browser, one take after the other.
 */
export function Timeline({ shots, act, disabled }: { shots: Shot[]; act: Act; disabled: boolean }) {
  const clips = cutOf(shots);
  const t = useTranslations("sequences");
  const total = clips.reduce((sum, c) => sum + Math.max(0, c.trimOut - c.trimIn), 0);
  if (!clips.length) return <p className="text-sm text-zinc-400">{t("pickToEdit")}</p>;
  return (
    <section className="space-y-3" aria-label={t("timeline")}>
      <ol className="flex gap-2 overflow-x-auto">
        {clips.map((clip, i) => (
          <TrimCard key={clip.shot.id} clip={clip} index={i} act={act} disabled={disabled} />
        ))}
      </ol>
      <p className="text-sm text-zinc-400" data-testid="cut-length">
        {t("cutLength", { seconds: total.toFixed(2) })}
      </p>
      <Preview clips={clips} />
    </section>
  );
}

function TrimCard({
  clip,
  index,
  act,
  disabled,
}: {
  clip: Clip;
  index: number;
  act: Act;
  disabled: boolean;
}) {
  const [trimIn, setTrimIn] = useState(String(clip.trimIn));
  const t = useTranslations("sequences");
  const number = index + 1;
  const [trimOut, setTrimOut] = useState(String(clip.trimOut));
  const path = `/shots/${encodeURIComponent(clip.shot.id)}`;
  const save = () => act(path, "PATCH", { trimIn: Number(trimIn), trimOut: Number(trimOut) });
  return (
    <li
      data-testid="trim-card"
      className="w-56 shrink-0 space-y-2 rounded-lg border border-zinc-800 p-2 text-xs"
    >
      <p className="font-medium">{t("shot", { number })}</p>
      <label className="flex items-center justify-between gap-2">
        {t("trimIn")}
        <input
          aria-label={t("trimInOf", { number })}
          type="number"
          step="0.01"
          min={0}
          value={trimIn}
          disabled={disabled}
          onChange={(e) => setTrimIn(e.target.value)}
          onBlur={save}
          className="w-20 rounded border border-zinc-700 bg-zinc-950 px-1 py-0.5"
        />
      </label>
      <label className="flex items-center justify-between gap-2">
        {t("trimOut")}
        <input
          aria-label={t("trimOutOf", { number })}
          type="number"
          step="0.01"
          min={0}
          value={trimOut}
          disabled={disabled}
          onChange={(e) => setTrimOut(e.target.value)}
          onBlur={save}
          className="w-20 rounded border border-zinc-700 bg-zinc-950 px-1 py-0.5"
        />
      </label>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={clip.shot.muted}
          disabled={disabled}
          onChange={(e) => act(path, "PATCH", { muted: e.target.checked })}
        />
        {t("mute")}
      </label>
    </li>
  );
}

/** Plays the cut: each take from its in to its out, then the next. */
function Preview({ clips }: { clips: Clip[] }) {
  const video = useRef<HTMLVideoElement>(null);
  const t = useTranslations("sequences");
  const [at, setAt] = useState<number | null>(null);
  const clip = at === null ? null : clips[at];

  useEffect(() => {
    const el = video.current;
    if (!el || !clip) return;
    el.src = clip.url;
    el.muted = clip.shot.muted;
    const start = () => {
      el.currentTime = clip.trimIn;
      void el.play().catch(() => undefined);
    };
    const tick = () => {
      if (el.currentTime >= clip.trimOut - 0.01)
        setAt((i) => (i !== null && i + 1 < clips.length ? i + 1 : null));
    };
    el.addEventListener("loadedmetadata", start, { once: true });
    el.addEventListener("timeupdate", tick);
    el.addEventListener("ended", tick);
    return () => {
      el.removeEventListener("timeupdate", tick);
      el.removeEventListener("ended", tick);
    };
  }, [clip, clips.length]);

  return (
    <div className="space-y-2">
      <video
        ref={video}
        data-testid="cut-preview"
        className="aspect-video w-full max-w-xl rounded bg-black"
      />
      <Button size="sm" onClick={() => setAt(at === null ? 0 : null)}>
        {at === null ? t("playCut") : t("stopCut", { number: at + 1 })}
      </Button>
    </div>
  );
}
