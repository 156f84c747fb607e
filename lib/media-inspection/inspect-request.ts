import type { MediaKind, ModelDef, ParamDef } from "../catalog";
import { StudioError, formatPath, type Issue } from "../errors";
import { formatBytes } from "../format/bytes";
import { referenceLimits, unmetLimit, unmetTotal } from "../gallery/reference-limits";
import { MEDIA_CHECK_HEADER, SKIP_UNREACHABLE, type UnverifiedMedia } from "./override";
import { readMedia, UnreachableMediaError, type OpenMedia, type ReadOutcome } from "./read-media";

type MediaParam = Extract<ParamDef, { type: "media" }>;

export type MediaInspection = {
  /** Files that break a limit of their field (or fields whose files together do): never sent. */
  refused: Issue[];
  unverified: UnverifiedMedia[];
};

export type InspectOptions = {
  open: OpenMedia;
  /** Per file: opening and reading together. */
  timeoutMs?: number;
  /**
   * Reads shared across requests (a batch's variations name the same URLs): each distinct URL is
   * read once per kind and cap.
   */
  cache?: Map<string, Promise<FileOutcome>>;
};

type FileOutcome = ReadOutcome | { kind: "unreachable"; reason: string };

const TIMEOUT_MS = 20_000;

/**
 * The most read of a file whose field states no size limit: enough for any reference clip the
 * catalog's models take, little enough to stay cheap. A larger file is not measured (a warning).
 */
const DEFAULT_CAP: Record<MediaKind, number> = {
  image: 30 * 1024 * 1024,
  video: 100 * 1024 * 1024,
  audio: 30 * 1024 * 1024,
};

const ASSET_REFERENCE = /^assetId:\/\//i;

/**
 * Measures every file a (validated, normalized) task body references in a field with formats or
 * limits, and checks it against them: per file, then each field's total duration. assetId://
 * items are the upstream's own and are skipped.
 */
export async function inspectRequestMedia(
  model: ModelDef,
  body: Record<string, unknown>,
  options: InspectOptions,
): Promise<MediaInspection> {
  const refused: Issue[] = [];
  const unverified: UnverifiedMedia[] = [];
  const fields = model.params.filter(
    (p): p is MediaParam => p.type === "media" && (!!p.limits || !!p.formats?.length),
  );
  await Promise.all(
    fields.map(async (param) => {
      const value = body[param.name];
      if (!Array.isArray(value)) return;
      const limits = referenceLimits(param);
      const cap = limits.bytes?.max ?? DEFAULT_CAP[param.media];
      const durations = await Promise.all(
        value.map(async (item, index): Promise<number | null> => {
          if (typeof item !== "string" || ASSET_REFERENCE.test(item)) return null;
          const path = formatPath([param.name, index]);
          const outcome = await readOnce(item, param.media, cap, options);
          if (outcome.kind === "unreachable") {
            unverified.push({ path, url: item, reason: outcome.reason });
            return null;
          }
          if (outcome.kind === "refused") {
            refused.push({ path, message: outcome.reason });
            return null;
          }
          if (outcome.kind === "over-cap") {
            if (!limits.bytes) {
              unverified.push({
                path,
                url: item,
                reason: `it is larger than ${formatBytes(cap)}, more than the studio reads to check a file`,
              });
              return null;
            }
            refused.push({ path, message: overCapMessage(limits, outcome) });
            return null;
          }
          const { measured, bytes } = outcome;
          const unmet = unmetLimit(limits, { ...measured, size: bytes });
          if (unmet) {
            refused.push({ path, message: unmet });
            return null;
          }
          if (measured.unreadable) {
            unverified.push({ path, url: item, reason: measured.unreadable });
            return null;
          }
          return measured.durationSec;
        }),
      );
      const total = unmetTotal(limits, durations);
      if (total) refused.push({ path: param.name, message: total });
    }),
  );
  const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
  return { refused: refused.sort(byPath), unverified: unverified.sort(byPath) };
}

/** How a submit checks its media: where files are read from, and whether unreachable ones may pass. */
export type MediaCheck = InspectOptions & { skipUnreachable: boolean };

/**
 * Throws when a body must not be sent: a refused file (400 invalid_request, each file named), or
 * files the studio could not check unless the client said to send anyway (422 media_unverified,
 * the files and reasons in `unverified`). Several bodies (a batch's tasks) share one read per
 * distinct URL; their findings are named by model when the models differ.
 */
export async function assertMediaAcceptable(
  requests: readonly { model: ModelDef; body: Record<string, unknown> }[],
  options: MediaCheck,
): Promise<void> {
  const shared = { ...options, cache: options.cache ?? new Map() };
  const results = await Promise.all(requests.map((r) => inspectRequestMedia(r.model, r.body, shared)));
  const named = new Set(requests.map((r) => r.model.id)).size > 1;
  const label = (i: number, text: string) => (named ? `${requests[i].model.id} · ${text}` : text);
  const refused = unique(
    results.flatMap((r, i) => r.refused.map((x) => ({ ...x, message: label(i, x.message) }))),
  );
  const unverified = unique(
    results.flatMap((r, i) => r.unverified.map((x) => ({ ...x, reason: label(i, x.reason) }))),
  );
  if (refused.length) {
    const [first] = refused;
    const more = refused.length > 1 ? ` (and ${refused.length - 1} more)` : "";
    throw new StudioError("invalid_request", `${first.path}: ${first.message}${more}`, { issues: refused });
  }
  if (unverified.length && !options.skipUnreachable) {
    const list = unverified.map((u) => `${u.path}: ${u.reason}`).join("; ");
    const count = unverified.length === 1 ? "a file" : `${unverified.length} files`;
    throw new StudioError(
      "media_unverified",
      `The studio could not check ${count} against the model's limits (${list}). Nothing was sent; send anyway if the upstream can reach ${unverified.length === 1 ? "it" : "them"}.`,
      { details: { unverified, override: { header: MEDIA_CHECK_HEADER, value: SKIP_UNREACHABLE } } },
    );
  }
}

function unique<T>(list: T[]): T[] {
  const seen = new Set<string>();
  return list.filter((x) => {
    const key = JSON.stringify(x);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function readOnce(url: string, kind: MediaKind, cap: number, options: InspectOptions): Promise<FileOutcome> {
  const key = `${kind} ${cap} ${url}`;
  const cached = options.cache?.get(key);
  if (cached) return cached;
  const outcome = readFile(url, kind, cap, options);
  options.cache?.set(key, outcome);
  return outcome;
}

async function readFile(
  url: string,
  kind: MediaKind,
  cap: number,
  options: InspectOptions,
): Promise<FileOutcome> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS);
  try {
    return await readMedia(await options.open(url, signal), kind, cap);
  } catch (error) {
    if (error instanceof UnreachableMediaError) return { kind: "unreachable", reason: error.message };
    if (signal.aborted) return { kind: "unreachable", reason: "it did not arrive in time" };
    return {
      kind: "unreachable",
      reason: `it could not be read (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}

/** A file past its field's size limit: measured by its declared size, else known only to be larger. */
function overCapMessage(
  limits: ReturnType<typeof referenceLimits>,
  outcome: Extract<ReadOutcome, { kind: "over-cap" }>,
) {
  if (outcome.bytes !== null) return unmetLimit({ bytes: limits.bytes }, sizeOnly(outcome.bytes))!;
  const message = unmetLimit({ bytes: limits.bytes }, sizeOnly(outcome.cap + 1))!;
  return message.replace(
    /this one is .*$/,
    `this one is larger (the studio stopped reading after ${formatBytes(outcome.cap)}).`,
  );
}

const sizeOnly = (size: number) => ({
  contentType: null,
  width: null,
  height: null,
  durationSec: null,
  size,
});
