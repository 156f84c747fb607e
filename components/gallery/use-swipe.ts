"use client";

import { useRef, type TouchEvent } from "react";
import { swipeDirection } from "@/components/ui/swipe-gesture";

/** The band along a video's bottom where its native controls (the timeline) take touches. */
const VIDEO_CONTROLS_BAND = 56;

/**
 * Swipe left / right on a touch screen (the item view: next / previous item). A swipe is one finger
 * moving mostly sideways, far and fast enough (components/ui/swipe-gesture.ts); it is ignored when
 * it starts on a control of its own — a field, a slider, a video's controls bar — so that typing or
 * scrubbing never changes the item. A slow drag on the frame still draws a comment's mark.
 */
export function useSwipe({ onLeft, onRight }: { onLeft: () => void; onRight: () => void }) {
  const start = useRef<{ x: number; y: number; at: number } | null>(null);
  return {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      start.current =
        event.touches.length === 1 && !startsOnControl(event.target as Element, touch.clientY)
          ? { x: touch.clientX, y: touch.clientY, at: event.timeStamp }
          : null;
    },
    onTouchEnd(event: TouchEvent) {
      const from = start.current;
      start.current = null;
      const touch = event.changedTouches[0];
      if (!from || !touch) return;
      const direction = swipeDirection(
        touch.clientX - from.x,
        touch.clientY - from.y,
        event.timeStamp - from.at,
      );
      if (direction === "left") onLeft();
      if (direction === "right") onRight();
    },
    onTouchCancel() {
      start.current = null;
    },
  };
}

function startsOnControl(target: Element, y: number): boolean {
  if (target.closest?.("input, textarea, select, button, a, [data-no-swipe]")) return true;
  if (target instanceof HTMLVideoElement && target.controls) {
    return y > target.getBoundingClientRect().bottom - VIDEO_CONTROLS_BAND;
  }
  return false;
}
