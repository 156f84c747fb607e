"use client";

import clsx from "clsx";
import { useCallback, useLayoutEffect, useRef, useState, type PointerEvent, type ReactNode } from "react";
import { swipeDirection } from "@/components/ui/swipe-gesture";
import type { CommentShape } from "@/lib/comments/schema";
import { ShapeMark } from "./shape-mark";
import { visibleShapes, type ReviewSession } from "./use-review-session";
import { useReviewWords } from "./review-words";

/** Native video controls sit along the bottom: drawing leaves them usable. */
const CONTROLS_STRIP_PX = 44;
/** A press that moves less than this (a fraction of the frame) is a point, not a rectangle. */
const POINT_TOLERANCE = 0.012;

type Box = { left: number; top: number; width: number; height: number };

/**
 * The video annotator (and its image twin): wraps the player or the image (`children`) and lays a
 * layer exactly over the displayed frame. Paused (or on an image), a drag there draws a rectangle and
 * a click marks a point, in fractions of the frame, for the next comment; comments' shapes show over
 * the frame — on a video around their moment, the selected one while paused on it. Key it by the
 * file shown: it finds its <video>/<img> once, when it mounts.
 */
export function ReviewFrame({
  session,
  kind,
  children,
}: {
  session: ReviewSession;
  kind: "video" | "image";
  children: ReactNode;
}) {
  const wrapper = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<Box | null>(null);
  const { attachVideo } = session;

  const measure = useCallback(() => {
    const media = wrapper.current?.querySelector<HTMLVideoElement | HTMLImageElement>("video, img");
    if (!media) return setBox(null);
    const iw = media instanceof HTMLVideoElement ? media.videoWidth : media.naturalWidth;
    const ih = media instanceof HTMLVideoElement ? media.videoHeight : media.naturalHeight;
    const cw = media.clientWidth;
    const ch = media.clientHeight;
    if (!iw || !ih || !cw || !ch) return setBox(null);
    // object-fit: contain — the frame is centred inside the element's box.
    const scale = Math.min(cw / iw, ch / ih);
    const width = iw * scale;
    const height = ih * scale;
    setBox({
      left: media.offsetLeft + (cw - width) / 2,
      top: media.offsetTop + (ch - height) / 2,
      width,
      height,
    });
  }, []);

  useLayoutEffect(() => {
    const media = wrapper.current?.querySelector<HTMLVideoElement | HTMLImageElement>("video, img");
    if (!media) return;
    if (media instanceof HTMLVideoElement) attachVideo(media);
    const observer = new ResizeObserver(measure);
    observer.observe(media);
    media.addEventListener("loadedmetadata", measure);
    media.addEventListener("load", measure);
    measure();
    return () => {
      observer.disconnect();
      media.removeEventListener("loadedmetadata", measure);
      media.removeEventListener("load", measure);
      if (media instanceof HTMLVideoElement) attachVideo(null);
    };
  }, [attachVideo, measure]);

  const drawing = session.canComment && (kind === "image" || session.paused);
  const shapes = visibleShapes(session, kind);

  return (
    <div
      ref={wrapper}
      className="absolute inset-4 flex items-center justify-center"
      data-testid="review-frame"
    >
      {children}
      {box && (
        <div
          className="pointer-events-none absolute"
          style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
          data-testid="review-overlay"
        >
          {shapes.map((s) => (
            <ShapeMark key={s.id} shape={s.shape} selected={s.selected} draft={s.draft} />
          ))}
          {drawing && (
            <DrawLayer
              bottomInset={kind === "video" ? Math.min(CONTROLS_STRIP_PX, box.height / 3) : 0}
              onShape={session.setDraftShape}
            />
          )}
        </div>
      )}
    </div>
  );
}

function DrawLayer({
  bottomInset,
  onShape,
}: {
  bottomInset: number;
  onShape: (shape: CommentShape) => void;
}) {
  const { t } = useReviewWords();
  const layer = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  // Where a touch began, in pixels and time: a quick sideways flick is the item view's swipe, not a mark.
  const touchStart = useRef<{ x: number; y: number; at: number } | null>(null);
  const [live, setLive] = useState<CommentShape | null>(null);

  // Fractions of the whole frame (the layer stops short of the controls, the frame does not).
  const at = (event: PointerEvent) => {
    const frame = layer.current!.parentElement!.getBoundingClientRect();
    const clamp = (v: number) => Math.min(1, Math.max(0, v));
    return {
      x: clamp((event.clientX - frame.left) / frame.width),
      y: clamp((event.clientY - frame.top) / frame.height),
    };
  };
  const shapeTo = (end: { x: number; y: number }): CommentShape => {
    const s = start.current!;
    if (Math.abs(end.x - s.x) < POINT_TOLERANCE && Math.abs(end.y - s.y) < POINT_TOLERANCE) {
      return { kind: "point", x: round(s.x), y: round(s.y) };
    }
    const x = round(Math.min(s.x, end.x));
    const y = round(Math.min(s.y, end.y));
    return {
      kind: "rect",
      x,
      y,
      w: round(Math.min(Math.abs(end.x - s.x), 1 - x)),
      h: round(Math.min(Math.abs(end.y - s.y), 1 - y)),
    };
  };

  return (
    <div
      ref={layer}
      className={clsx("pointer-events-auto absolute inset-x-0 top-0 cursor-crosshair touch-none")}
      style={{ bottom: bottomInset }}
      data-testid="review-draw-layer"
      title={t("frameTitle")}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        start.current = at(event);
        touchStart.current =
          event.pointerType === "touch" ? { x: event.clientX, y: event.clientY, at: event.timeStamp } : null;
      }}
      onPointerMove={(event) => {
        if (start.current) setLive(shapeTo(at(event)));
      }}
      onPointerUp={(event) => {
        if (!start.current) return;
        const touch = touchStart.current;
        const flick =
          touch &&
          swipeDirection(event.clientX - touch.x, event.clientY - touch.y, event.timeStamp - touch.at);
        if (!flick) onShape(shapeTo(at(event)));
        start.current = null;
        setLive(null);
      }}
      onPointerCancel={() => {
        start.current = null;
        setLive(null);
      }}
    >
      {live && <ShapeMark shape={live} selected draft />}
    </div>
  );
}

const round = (v: number) => Math.round(v * 10_000) / 10_000;
