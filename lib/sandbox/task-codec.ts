import { createHash, randomBytes } from "node:crypto";

/**
 * Everything the sandbox needs to answer for a task lives in its id, so a restarted sandbox (or a
 * second instance) answers a query for an old id exactly as the first one would: no state to lose.
 * Layout: `sbx_<base64url(JSON)>_<checksum>`; the checksum turns a garbled id into a 404 instead of
 * a task with nonsense fields.
 */
export type TaskSeed = {
  model: string;
  kind: "video" | "image";
  /** Submit time, Unix ms. */
  createdMs: number;
  /** "W:H" of the media the sandbox serves. */
  aspectRatio: string;
  resolution?: string;
  /** Requested video length in seconds (reported as actualDuration). */
  duration?: number;
  /** The request asked for a last frame (return_last_frame, explicit or by default). */
  lastFrame: boolean;
  fail: boolean;
  fast: boolean;
  slow?: boolean;
  /** Lifetime of result URLs after completion, fixed at submit time. */
  ttlSeconds: number;
  /** Keeps two identical submits in the same millisecond apart. */
  nonce: string;
  /** Created through POST /v1/{family}/videos: queried there, answered in the v1 layout. */
  v1Family?: string;
  /**
   * The sandbox's test time scale when the task was made (SandboxOptions.timeScale), kept in the
   * id so that every instance, and a restarted one, gives the task the same schedule. Absent: 1.
   */
  timeScale?: number;
};

type Wire = {
  v: 1;
  m: string;
  k: "v" | "i";
  c: number;
  a: string;
  r?: string;
  d?: number;
  l?: 1;
  f?: 1;
  q?: 1;
  s?: 1;
  t: number;
  n: string;
  p?: string;
  x?: number;
};

const PREFIX = "sbx_";

export function newNonce(): string {
  return randomBytes(4).toString("base64url");
}

export function encodeTaskId(seed: TaskSeed): string {
  const wire: Wire = {
    v: 1,
    m: seed.model,
    k: seed.kind === "image" ? "i" : "v",
    c: seed.createdMs,
    a: seed.aspectRatio,
    ...(seed.resolution !== undefined ? { r: seed.resolution } : {}),
    ...(seed.duration !== undefined ? { d: seed.duration } : {}),
    ...(seed.lastFrame ? { l: 1 as const } : {}),
    ...(seed.fail ? { f: 1 as const } : {}),
    ...(seed.fast ? { q: 1 as const } : {}),
    ...(seed.slow ? { s: 1 as const } : {}),
    t: seed.ttlSeconds,
    n: seed.nonce,
    ...(seed.v1Family !== undefined ? { p: seed.v1Family } : {}),
    ...(seed.timeScale !== undefined && seed.timeScale !== 1 ? { x: seed.timeScale } : {}),
  };
  const payload = Buffer.from(JSON.stringify(wire)).toString("base64url");
  return `${PREFIX}${payload}_${checksum(payload)}`;
}

/** The seed of a sandbox task id, or undefined for anything this sandbox did not issue. */
export function decodeTaskId(id: string): TaskSeed | undefined {
  if (!id.startsWith(PREFIX) || id.length > 2048) return undefined;
  const body = id.slice(PREFIX.length);
  const cut = body.lastIndexOf("_");
  if (cut <= 0) return undefined;
  const payload = body.slice(0, cut);
  if (body.slice(cut + 1) !== checksum(payload)) return undefined;
  let wire: Partial<Wire>;
  try {
    wire = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<Wire>;
  } catch {
    return undefined;
  }
  if (!isWire(wire)) return undefined;
  return {
    model: wire.m,
    kind: wire.k === "i" ? "image" : "video",
    createdMs: wire.c,
    aspectRatio: wire.a,
    ...(wire.r !== undefined ? { resolution: wire.r } : {}),
    ...(wire.d !== undefined ? { duration: wire.d } : {}),
    lastFrame: wire.l === 1,
    fail: wire.f === 1,
    fast: wire.q === 1,
    ...(wire.s === 1 ? { slow: true } : {}),
    ttlSeconds: wire.t,
    nonce: wire.n,
    ...(wire.p !== undefined ? { v1Family: wire.p } : {}),
    ...(wire.x !== undefined ? { timeScale: wire.x } : {}),
  };
}

/** A stable number in [0, 2^32) per task id: the source of every "random" choice about a task. */
export function taskHash(id: string, salt = ""): number {
  return createHash("sha256").update(salt).update(id).digest().readUInt32BE(0);
}

function checksum(payload: string): string {
  return createHash("sha256").update(payload).digest("hex").slice(0, 10);
}

function isWire(w: Partial<Wire>): w is Wire {
  return (
    typeof w === "object" &&
    w !== null &&
    w.v === 1 &&
    typeof w.m === "string" &&
    w.m.length > 0 &&
    (w.k === "v" || w.k === "i") &&
    Number.isSafeInteger(w.c) &&
    typeof w.a === "string" &&
    /^\d{1,3}:\d{1,3}$/.test(w.a) &&
    (w.r === undefined || typeof w.r === "string") &&
    (w.p === undefined || typeof w.p === "string") &&
    (w.d === undefined || (typeof w.d === "number" && Number.isFinite(w.d))) &&
    (w.x === undefined || isTimeScale(w.x)) &&
    Number.isSafeInteger(w.t) &&
    (w.t as number) > 0 &&
    typeof w.n === "string"
  );
}

/** A test time scale: a factor in (0, 1] applied to a task's durations (1 = the spec's real time). */
export function isTimeScale(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 && value <= 1;
}
