import type { FilmOutput } from "./film-graph";
import type { VideoProbe } from "./probe";

const MAX_SIDE = 4096;
const MAX_FPS = 60;

/**
 * The default film settings for a set of takes: the largest take's size (no take of the common
 * size is scaled, smaller ones are scaled up into it), the most common frame rate (ties: the
 * higher), yuv420p. Sizes are made even, as H.264 in 4:2:0 requires.
 */
export function chooseOutput(probes: Pick<VideoProbe, "width" | "height" | "fps">[]): FilmOutput {
  if (probes.length === 0) return { width: 1280, height: 720, fps: 24, pixelFormat: "yuv420p" };
  const largest = probes.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  const counts = new Map<number, number>();
  for (const p of probes) {
    const fps = Math.round(p.fps * 1000) / 1000;
    counts.set(fps, (counts.get(fps) ?? 0) + 1);
  }
  const [fps] = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0];
  return {
    width: even(Math.min(largest.width, MAX_SIDE)),
    height: even(Math.min(largest.height, MAX_SIDE)),
    fps: Math.min(fps, MAX_FPS),
    pixelFormat: "yuv420p",
  };
}

function even(n: number): number {
  return Math.max(2, Math.round(n / 2) * 2);
}
