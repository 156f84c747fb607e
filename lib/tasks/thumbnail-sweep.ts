import { dependencyFault } from "../health/dependency-fault";
import type { TaskDeps } from "./deps";

/** Media stored longer ago than this are left to the gallery's lazy backfill (thumbnail-backfill.ts). */
const RECENT_MS = 24 * 60 * 60_000;
/** A thumbnail that failed for its own reasons (a file sharp or ffmpeg cannot read) waits this long. */
const RETRY_AFTER_MS = 10 * 60_000;

/**
 * Thumbnails the download pipeline could not make because a dependency was down (the media store
 * unreachable or full, the database gone between the file's row and its frame): the tracker's sweep
 * makes them once it answers again, so an outage leaves no recent result without its tile. One at a
 * time (the machine is small); a fault stops the pass until the next sweep.
 */
export class ThumbnailSweep {
  private readonly failedAt = new Map<string, number>();

  constructor(private readonly deps: TaskDeps) {}

  /** Makes up to `limit` missing thumbnails of recent media; returns how many were made. */
  async run(limit = 20): Promise<number> {
    const { db, log } = this.deps;
    const now = this.deps.now();
    for (const [id, at] of this.failedAt) if (now - at >= RETRY_AFTER_MS) this.failedAt.delete(id);
    const missing = await db.media.findMany({
      where: {
        status: "stored",
        thumbPath: null,
        storedAt: { gte: new Date(now - RECENT_MS) },
        OR: [{ contentType: { startsWith: "image/" } }, { contentType: { startsWith: "video/" } }],
        id: { notIn: [...this.failedAt.keys()] },
      },
      select: { id: true },
      orderBy: { storedAt: "desc" },
      take: limit,
    });
    const tried: string[] = [];
    for (const { id } of missing) {
      try {
        await this.deps.createThumbnail(db, id);
        tried.push(id);
      } catch (error) {
        // Still down: every other one would fail the same way; the next sweep tries again.
        if (dependencyFault(error)) break;
        this.failedAt.set(id, now);
        log.warn(`[thumbnails] media ${id}: ${(error as Error)?.message ?? error}; tried again later.`);
      }
    }
    if (tried.length === 0) return 0;
    return db.media.count({ where: { id: { in: tried }, thumbPath: { not: null } } });
  }
}
