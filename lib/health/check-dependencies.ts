import fs from "node:fs/promises";
import path from "node:path";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Db } from "../db-client";
import type { MediaStoreConfig } from "../env";
import { dependencyFault } from "./dependency-fault";
import { DependencyStates, type DependencyHealth, type DependencyName } from "./dependency-state";

/** A health probe answers within this, whatever the dependency does: load balancers wait for it. */
export const PROBE_TIMEOUT_MS = 2_000;
/** The upstream counts as degraded while its last failed poll is this recent. */
const UPSTREAM_RECENT_MS = 60_000;
const PROBE_BYTES = Buffer.alloc(4096);

export type HealthReport = {
  /** false (HTTP 503) while the database or the media store is down. */
  ok: boolean;
  dependencies: Record<DependencyName, DependencyHealth>;
};

export type HealthSources = {
  db: Db;
  mediaStore: MediaStoreConfig;
  mediaDir: string;
  mediaMinFreeBytes: number;
  /** The tracker's last failed poll in this process, when it tracks. */
  lastUpstreamError: { message: string; at: string } | null;
  now: () => number;
};

type Probe = { status: "ok" | "down" | "degraded"; message: string };

/** Checks the database, the media store and (from what the tracker saw) the upstream. */
export async function checkDependencies(
  sources: HealthSources,
  states: DependencyStates,
): Promise<HealthReport> {
  const [database, media] = await Promise.all([
    withTimeout(probeDatabase(sources.db), "database"),
    withTimeout(probeMediaStore(sources), "media store"),
  ]);
  const now = sources.now();
  const dependencies = {
    database: states.record("database", database.status, database.message, now),
    "media store": states.record("media store", media.status, media.message, now),
    upstream: states.record("upstream", ...upstreamProbe(sources, now), now),
  };
  return { ok: database.status !== "down" && media.status !== "down", dependencies };
}

/** Whether one dependency answers now (the fault watch's recheck), within the probe's time limit. */
export async function dependencyAnswers(
  name: "database" | "media store",
  sources: HealthSources,
): Promise<boolean> {
  const probe = name === "database" ? probeDatabase(sources.db) : probeMediaStore(sources);
  return (await withTimeout(probe, name)).status !== "down";
}

async function probeDatabase(db: Db): Promise<Probe> {
  try {
    await db.$queryRaw`SELECT 1`;
    return { status: "ok", message: "Answers queries." };
  } catch (error) {
    const fault = dependencyFault(error);
    return { status: "down", message: `Unavailable: ${fault?.kind ?? "a query failed"}.` };
  }
}

async function probeMediaStore(sources: HealthSources): Promise<Probe> {
  const config = sources.mediaStore;
  if (config.kind === "s3") return probeBucket(config);
  try {
    await fs.mkdir(sources.mediaDir, { recursive: true });
    await fs.access(sources.mediaDir, fs.constants.W_OK);
    // A write, not only the mode bits: a read-only mount or a full quota passes access(). One
    // block of bytes, since an empty file still fits on a full disk (it needs no block).
    const probe = path.join(sources.mediaDir, `.health-${process.pid}`);
    try {
      await fs.writeFile(probe, PROBE_BYTES);
    } finally {
      await fs.rm(probe, { force: true }).catch(() => undefined);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOSPC") return { status: "down", message: "The media disk is full." };
    return { status: "down", message: `The media folder cannot be written (${code ?? "error"}).` };
  }
  const disk = await fs.statfs(sources.mediaDir);
  const free = disk.bavail * disk.bsize;
  if (free < sources.mediaMinFreeBytes)
    return {
      status: "degraded",
      message: `Low disk space: ${formatBytes(free)} free, below the ${formatBytes(sources.mediaMinFreeBytes)} threshold (MEDIA_MIN_FREE_BYTES).`,
    };
  return { status: "ok", message: `Writable; ${formatBytes(free)} free.` };
}

// One small client per bucket configuration, with short connect and request limits.
const clients = new WeakMap<object, S3Client>();

async function probeBucket(config: Extract<MediaStoreConfig, { kind: "s3" }>): Promise<Probe> {
  let client = clients.get(config);
  if (!client) {
    client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      forcePathStyle: config.forcePathStyle,
      maxAttempts: 1,
      requestHandler: {
        connectionTimeout: PROBE_TIMEOUT_MS,
        requestTimeout: PROBE_TIMEOUT_MS,
        throwOnRequestTimeout: true,
      },
    });
    clients.set(config, client);
  }
  // A HEAD of a key that is never written: 404 means the bucket answers with the studio's rights.
  // (Not HeadBucket: some S3-compatible servers, s3rver among them, refuse its signature.)
  try {
    await client.send(
      new HeadObjectCommand({ Bucket: config.bucket, Key: `${config.keyPrefix}.health-probe` }),
    );
    return { status: "ok", message: "The bucket answers." };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404) return { status: "ok", message: "The bucket answers." };
    if (status === 403)
      return { status: "down", message: "The bucket refuses the studio's credentials (HTTP 403)." };
    const fault = dependencyFault(error);
    return { status: "down", message: `Unavailable: ${fault?.kind ?? "it could not be reached"}.` };
  }
}

function upstreamProbe(sources: HealthSources, now: number): [Probe["status"], string] {
  const last = sources.lastUpstreamError;
  if (last && now - Date.parse(last.at) < UPSTREAM_RECENT_MS)
    return ["degraded", `A poll failed at ${last.at}; tasks wait and are asked again.`];
  return ["ok", "No recent poll failed."];
}

async function withTimeout(probe: Promise<Probe>, what: string): Promise<Probe> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Probe>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          status: "down",
          message: `The ${what} did not answer within ${PROBE_TIMEOUT_MS / 1000} s.`,
        }),
      PROBE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
  return `${Math.round(bytes / 1024 ** 2)} MiB`;
}
