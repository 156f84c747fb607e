/** How far a finger must travel sideways, in CSS pixels, for a swipe. */
const MIN_DISTANCE = 60;
/** Longer than this is a deliberate drag (drawing a mark, scrubbing), not a swipe. */
const MAX_DURATION_MS = 500;

/**
 * Whether a finger's move was a swipe: far and fast enough, mostly sideways. "left" means the finger
 * moved towards the left (the next item comes in from the right). Shared by the item view's swipe
 * (components/gallery/use-swipe.ts) and the comment annotator, which leaves such a flick to it.
 */
export function swipeDirection(dx: number, dy: number, ms: number): "left" | "right" | null {
  if (ms > MAX_DURATION_MS || Math.abs(dx) < MIN_DISTANCE || Math.abs(dy) > Math.abs(dx) / 2) return null;
  return dx < 0 ? "left" : "right";
}
