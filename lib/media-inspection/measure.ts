import { imageSize } from "image-size";
import { createFile, Log, MP4BoxBuffer, type Movie } from "mp4box";
import { parseBuffer } from "music-metadata";
import type { MediaKind } from "../catalog";
import { SNIFF_BYTES, sniffContentType } from "../storage/sniff-type";
import { BoxCounter, MAX_PARSE_MS, MediaBudgetError } from "./box-budget";

// mp4box logs what it parses (box types, strings from the file) to the console: bytes of someone
// else's file in the server log. Its errors reach the file's onError, nothing else is wanted.
const silent = () => undefined;
Object.assign(Log, {
  debug: silent,
  info: silent,
  warn: silent,
  log: silent,
  error: (module: string, message?: string, file?: { onError?: (m: string, msg?: string) => void }) =>
    file?.onError?.(module, message),
});

/** What the studio measured of one file; null where the format does not say (or was not read). */
export type MeasuredMedia = {
  /** Sniffed from the bytes, never from the name or the server's header. */
  contentType: string;
  width: number | null;
  height: number | null;
  durationSec: number | null;
  fps: number | null;
  /** Why the size or length could not be read (not the format it claims, truncated); null when measured. */
  unreadable: string | null;
};

/**
 * Reads a file chunk by chunk and says when it has what it needs, so the caller can stop reading:
 * - images: the header, as far as image-size needs it (a few KB; at most IMAGE_HEAD_BYTES);
 * - MP4/MOV: up to the movie box (mp4box), which a faststart file has at its start;
 * - audio: the whole file (music-metadata; an MP3 without a Xing header is timed by its frames).
 */
export type MediaMeter = {
  /** Feeds the next chunk; true once nothing more is needed. Throws MediaBudgetError past the work budget. */
  push(chunk: Uint8Array): boolean;
  /** The measurement, once the file ended or push said enough. */
  finish(): Promise<MeasuredMedia>;
};

/** Image headers beyond this are not looked for (a JPEG's EXIF block comes first and is at most 64 KB). */
const IMAGE_HEAD_BYTES = 512 * 1024;

export function mediaMeter(kind: MediaKind): MediaMeter {
  if (kind === "image") return imageMeter();
  if (kind === "video") return videoMeter();
  return audioMeter();
}

/** The bytes kept for sniffing and for parsers that take a buffer. */
class Head {
  private parts: Uint8Array[] = [];
  size = 0;
  constructor(private readonly limit: number) {}
  add(chunk: Uint8Array) {
    if (this.size >= this.limit) return;
    const part = chunk.subarray(0, this.limit - this.size);
    this.parts.push(new Uint8Array(part)); // a copy: producers may reuse buffers
    this.size += part.byteLength;
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let offset = 0;
    for (const part of this.parts) {
      out.set(part, offset);
      offset += part.byteLength;
    }
    this.parts = [out];
    return out;
  }
}

function imageMeter(): MediaMeter {
  const head = new Head(IMAGE_HEAD_BYTES);
  let size: { width: number; height: number } | null = null;
  const tryMeasure = () => {
    try {
      const found = imageSize(head.bytes());
      if (found.width && found.height) {
        // EXIF orientations 5–8 turn the picture a quarter: the upstream sees it upright.
        const turned = (found.orientation ?? 1) >= 5;
        size = turned
          ? { width: found.height, height: found.width }
          : { width: found.width, height: found.height };
      }
    } catch {
      // not enough of the header yet (or not an image: finish() says so)
    }
    return size !== null;
  };
  return {
    push(chunk) {
      head.add(chunk);
      return tryMeasure() || head.size >= IMAGE_HEAD_BYTES;
    },
    async finish() {
      const contentType = await sniffContentType(head.bytes().subarray(0, SNIFF_BYTES));
      const measured = size as { width: number; height: number } | null;
      return {
        contentType,
        width: measured?.width ?? null,
        height: measured?.height ?? null,
        durationSec: null,
        fps: null,
        unreadable: measured ? null : `its pixel size could not be read (${contentType})`,
      };
    },
  };
}

function videoMeter(): MediaMeter {
  const head = new Head(SNIFF_BYTES);
  const boxes = new BoxCounter();
  let parseMs = 0;
  const file = createFile();
  let movie: Movie | null = null;
  let error: string | null = null;
  let offset = 0;
  file.onReady = (info) => {
    movie = info;
  };
  file.onError = (_module, message) => {
    error = message;
  };
  return {
    push(chunk) {
      const started = performance.now();
      head.add(chunk);
      boxes.push(chunk); // throws before the parser sees a box past the budget
      const copy = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength);
      file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(copy, offset));
      offset += chunk.byteLength;
      parseMs += performance.now() - started;
      if (parseMs > MAX_PARSE_MS) {
        throw new MediaBudgetError(
          `reading the MP4's structure took more than ${MAX_PARSE_MS / 1000} s of the studio's work`,
        );
      }
      return movie !== null || error !== null;
    },
    async finish() {
      file.flush();
      const contentType = await sniffContentType(head.bytes());
      const info = movie as Movie | null;
      if (!info) {
        const unreadable = `its length could not be read: not an MP4/MOV file the studio can parse (${contentType})`;
        return { contentType, width: null, height: null, durationSec: null, fps: null, unreadable };
      }
      const track = info.videoTracks[0];
      // A fragmented file may leave the movie header's duration at 0: unknown, not "0 s".
      const durationSec = info.timescale && info.duration > 0 ? info.duration / info.timescale : null;
      const trackSec = track && track.timescale ? track.samples_duration / track.timescale : 0;
      return {
        contentType,
        width: track?.video?.width ?? track?.track_width ?? null,
        height: track?.video?.height ?? track?.track_height ?? null,
        durationSec,
        fps: track && trackSec > 0 ? track.nb_samples / trackSec : null,
        unreadable: durationSec === null ? "its length is not in its movie header (a fragmented MP4?)" : null,
      };
    },
  };
}

/** Audio fields are capped at a few MB, and MP3 durations need the frames: the file is kept whole. */
function audioMeter(): MediaMeter {
  const head = new Head(Number.MAX_SAFE_INTEGER);
  return {
    push(chunk) {
      head.add(chunk);
      return false;
    },
    async finish() {
      const bytes = head.bytes();
      const contentType = await sniffContentType(bytes.subarray(0, SNIFF_BYTES));
      let durationSec: number | undefined;
      try {
        durationSec = (await parseBuffer(bytes, { mimeType: contentType }, { duration: true })).format
          .duration;
      } catch {
        durationSec = undefined;
      }
      return {
        contentType,
        width: null,
        height: null,
        durationSec: durationSec ?? null,
        fps: null,
        unreadable: durationSec === undefined ? `its length could not be read (${contentType})` : null,
      };
    },
  };
}
