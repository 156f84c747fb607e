import { StudioError } from "../errors";

/** The settings every take is brought to before they are joined. */
export type FilmOutput = {
  width: number;
  height: number;
  fps: number;
  /** ffmpeg pixel format of the film; yuv420p (the default) plays everywhere. */
  pixelFormat?: string;
  /** A short crossfade between takes (video and audio); 0 or unset: hard cuts. */
  crossfadeSeconds?: number;
};

/** One take as the graph sees it: its input index is its position. */
export type GraphClip = { frames: number; withAudio: boolean };

export const AUDIO_RATE = 48_000;

/**
 * Frames of each clip such that the film's cut points fall on the frame nearest to the sum of the
 * trims so far: the total is then within half a frame of the sum of the trims, however many clips
 * (rounding each clip alone could drift by half a frame per clip).
 */
export function framesPerClip(durations: number[], fps: number): number[] {
  let before = 0;
  let sum = 0;
  return durations.map((d) => {
    sum += d;
    const upTo = Math.round(sum * fps);
    const frames = upTo - before;
    before = upTo;
    return frames;
  });
}

/** Crossfade length in frames, or 0 for hard cuts. */
export function crossfadeFrames(output: FilmOutput): number {
  return Math.round((output.crossfadeSeconds ?? 0) * output.fps);
}

/**
 * The -filter_complex of a film: each input scaled into the output size (aspect kept, padded with
 * black), at one frame rate and pixel format, cut to its exact frame count; its audio resampled to
 * 48 kHz stereo and padded/cut to the same length, or silence when it has none or is muted. Then
 * joined by concat, or, with a crossfade, laid on a black canvas with alpha fades (the bundled
 * ffmpeg predates xfade) and audio joined by acrossfade. Labels out: [v] and [a].
 */
export function filmGraph(clips: GraphClip[], output: FilmOutput): string {
  const { width: w, height: h, fps } = output;
  const pix = output.pixelFormat ?? "yuv420p";
  const fade = clips.length > 1 ? crossfadeFrames(output) : 0;
  if (fade > 0 && clips.some((c) => c.frames <= fade)) {
    throw new StudioError(
      "invalid_request",
      "The crossfade is longer than a trimmed take: shorten it or the trims.",
      {
        issues: [{ path: "output.crossfadeSeconds", message: "must be shorter than every trimmed take" }],
      },
    );
  }
  const parts: string[] = [];
  let start = 0;
  clips.forEach((clip, i) => {
    const video = [
      `[${i}:v:0]setpts=PTS-STARTPTS`,
      `fps=${fps}`,
      `scale=${w}:${h}:force_original_aspect_ratio=decrease`,
      `pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2`,
      "setsar=1",
      `format=${fade > 0 && i > 0 ? "yuva420p" : pix}`,
      // A take whose stream ends a frame early (a rounded container duration) holds its last frame.
      "tpad=stop_mode=clone:stop_duration=1",
      `trim=end_frame=${clip.frames}`,
      "setpts=PTS-STARTPTS",
    ];
    if (fade > 0 && i > 0) {
      video.push(`fade=t=in:s=0:n=${fade}:alpha=1`, `setpts=PTS+${start}/(${fps}*TB)`);
    }
    parts.push(`${video.join(",")}[v${i}]`);
    const samples = Math.round((clip.frames / fps) * AUDIO_RATE);
    const audio = clip.withAudio
      ? `[${i}:a:0]asetpts=PTS-STARTPTS,aresample=${AUDIO_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo,apad`
      : `anullsrc=r=${AUDIO_RATE}:cl=stereo`;
    parts.push(`${audio},atrim=end_sample=${samples},asetpts=PTS-STARTPTS[a${i}]`);
    start += clip.frames - fade;
  });
  if (fade === 0) {
    const inputs = clips.map((_, i) => `[v${i}][a${i}]`).join("");
    parts.push(`${inputs}concat=n=${clips.length}:v=1:a=1[v][a]`);
    return parts.join(";");
  }
  const total = start + fade;
  parts.push(`color=c=black:s=${w}x${h}:r=${fps},trim=end_frame=${total},format=${pix}[c]`);
  let base = "c";
  clips.forEach((_, i) => {
    const out = i === clips.length - 1 ? "vo" : `o${i}`;
    parts.push(`[${base}][v${i}]overlay=eof_action=pass:repeatlast=0[${out}]`);
    base = out;
  });
  parts.push(`[vo]format=${pix}[v]`);
  let audio = "a0";
  for (let i = 1; i < clips.length; i++) {
    const out = i === clips.length - 1 ? "a" : `x${i}`;
    parts.push(
      `[${audio}][a${i}]acrossfade=ns=${Math.round((fade / fps) * AUDIO_RATE)}:c1=tri:c2=tri[${out}]`,
    );
    audio = out;
  }
  return parts.join(";");
}
