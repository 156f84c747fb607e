/**
 * A work budget for reading an MP4/MOV: the file is the sender's, and a parser that builds an
 * object per box spends seconds of the event loop and gigabytes on a file of millions of tiny
 * boxes. The box headers are walked here first, cheaply and without keeping them, and a file is
 * refused before the parser sees a box past the budget. A real clip has a few dozen boxes before
 * its sample tables; a long fragmented one a few thousand.
 */
import { formatBytes } from "../format/bytes";

export const MAX_BOXES = 10_000;
/**
 * Boxes side by side at the top, where the parser meets each as it arrives: a file has a handful
 * (ftyp, moov, mdat, free…) up to its movie box, and reading stops there.
 */
export const MAX_TOP_LEVEL_BOXES = 500;
/** The movie box is parsed whole; a two-hour film's is about 10 MB. */
export const MAX_MOVIE_BOX_BYTES = 32 * 1024 * 1024;
/** Parser time per file (its own CPU, not the time waiting for bytes). */
export const MAX_PARSE_MS = 2_000;

/** The file breaks the work budget; the message says how, never with the file's own bytes. */
export class MediaBudgetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MediaBudgetError";
  }
}

// Boxes whose payload is made of boxes (ISO/IEC 14496-12); "meta" has 4 bytes of version and flags first.
const CONTAINERS = new Set([
  "moov",
  "trak",
  "mdia",
  "minf",
  "stbl",
  "edts",
  "dinf",
  "udta",
  "mvex",
  "moof",
  "traf",
  "meta",
  "tref",
  "sinf",
  "schi",
  "ipro",
  "mfra",
  "skip",
]);

export type BoxBudget = { maxBoxes: number; maxTopLevel: number; maxMovieBytes: number };

const BUDGET: BoxBudget = {
  maxBoxes: MAX_BOXES,
  maxTopLevel: MAX_TOP_LEVEL_BOXES,
  maxMovieBytes: MAX_MOVIE_BOX_BYTES,
};

/**
 * Counts the boxes of an MP4 stream as its chunks arrive: top-level headers as they pass, and once
 * the movie box is complete, every box nested in it. `push` throws MediaBudgetError past the budget,
 * before the caller hands the chunk to the parser.
 */
export class BoxCounter {
  private boxes = 0;
  private topLevel = 0;
  private position = 0;
  private nextHeader = 0;
  private pending = new Uint8Array(0);
  private movie: { end: number; parts: Uint8Array[]; size: number } | null = null;
  private done = false;

  constructor(private readonly budget: BoxBudget = BUDGET) {}

  push(chunk: Uint8Array): void {
    if (this.done) return;
    const start = this.position;
    this.position += chunk.byteLength;
    if (this.movie) this.keepMovie(chunk.subarray(0, Math.max(0, this.movie.end - start)));
    while (!this.done && !this.movie && this.nextHeader < this.position) {
      const header = this.headerAt(chunk, start);
      if (!header) return;
      const { size, type, headerSize } = header;
      this.count(1);
      if (++this.topLevel > this.budget.maxTopLevel) {
        throw new MediaBudgetError(
          `the MP4 has more than ${this.budget.maxTopLevel.toLocaleString("en-US")} boxes before its movie box (the studio's limit for reading a video's structure; a real file has a handful)`,
        );
      }
      if (type === "moov" && size === 0) {
        // Running to the end of the file, it would be parsed whole at the end, unbudgeted.
        throw new MediaBudgetError("the MP4's movie box does not state its size");
      }
      if (size === 0)
        this.done = true; // the last box runs to the end of the file
      else if (size < headerSize)
        this.done = true; // not an MP4 box: the parser says what it is
      else if (type === "moov") {
        if (size > this.budget.maxMovieBytes) {
          throw new MediaBudgetError(
            `the MP4's movie box is ${formatBytes(size)}, more than the ${formatBytes(this.budget.maxMovieBytes)} the studio reads`,
          );
        }
        this.movie = { end: this.nextHeader + size, parts: [], size: 0 };
        const from = this.nextHeader + headerSize - start;
        this.keepMovie(chunk.subarray(Math.max(0, from), Math.max(0, this.movie.end - start)));
        this.nextHeader += size;
      } else this.nextHeader += size;
    }
  }

  /** The header at `nextHeader`, joining it across chunks; null until all of it has arrived. */
  private headerAt(chunk: Uint8Array, chunkStart: number) {
    const offset = this.nextHeader - chunkStart;
    let bytes: Uint8Array;
    if (offset >= 0) bytes = chunk.subarray(offset, offset + 16);
    else bytes = concat(this.pending, chunk.subarray(0, 16));
    if (bytes.byteLength < 8 || (readSize(bytes) === 1 && bytes.byteLength < 16)) {
      this.pending = offset >= 0 ? bytes.slice() : bytes.slice(0, 16);
      return null;
    }
    this.pending = new Uint8Array(0);
    const size32 = readSize(bytes);
    const type = String.fromCharCode(bytes[4], bytes[5], bytes[6], bytes[7]);
    if (size32 === 1) {
      const view = new DataView(bytes.buffer, bytes.byteOffset + 8, 8);
      return { size: Number(view.getBigUint64(0)), type, headerSize: 16 };
    }
    return { size: size32, type, headerSize: 8 };
  }

  private keepMovie(part: Uint8Array) {
    const movie = this.movie!;
    if (part.byteLength) {
      movie.parts.push(part.slice());
      movie.size += part.byteLength;
    }
    if (this.position >= movie.end) {
      const payload = concat(...movie.parts);
      this.movie = null;
      this.done = true; // the parser has what it needs once the movie box is in
      this.countNested(payload);
    }
  }

  /** Every box inside the movie box, walked without recursion (a deep nest cannot overflow the stack). */
  private countNested(payload: Uint8Array) {
    const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
    const stack: [number, number][] = [[0, payload.byteLength]];
    while (stack.length) {
      const [from, to] = stack.pop()!;
      let at = from;
      while (at + 8 <= to) {
        let size = view.getUint32(at);
        let headerSize = 8;
        if (size === 1 && at + 16 <= to) {
          size = Number(view.getBigUint64(at + 8));
          headerSize = 16;
        } else if (size === 0) size = to - at;
        if (size < headerSize || at + size > to) break; // malformed: the parser reports it
        this.count(1);
        const type = String.fromCharCode(payload[at + 4], payload[at + 5], payload[at + 6], payload[at + 7]);
        if (CONTAINERS.has(type)) stack.push([at + headerSize + (type === "meta" ? 4 : 0), at + size]);
        at += size;
      }
    }
  }

  private count(n: number) {
    this.boxes += n;
    if (this.boxes > this.budget.maxBoxes) {
      throw new MediaBudgetError(
        `the MP4 has more than ${this.budget.maxBoxes.toLocaleString("en-US")} boxes (the studio's limit for reading a video's structure; a real clip has a few hundred)`,
      );
    }
  }
}

function readSize(bytes: Uint8Array): number {
  return ((bytes[0] << 24) >>> 0) + (bytes[1] << 16) + (bytes[2] << 8) + bytes[3];
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
