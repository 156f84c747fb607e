import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createDb, type Db } from "@/lib/db-client";
import { makeMp4, makePng } from "@/lib/testing/media-fixtures";
import { bulkSeedGallery } from "@/lib/gallery/testing/bulk-seed";
import { seedTasks, type SeedTask } from "@/lib/gallery/testing/seed-tasks";

/**
 * Seeds the e2e server's own database and media folder through Prisma, with real media files, so
 * specs can start from a known gallery. Parallel specs share one server: give every seeded item a
 * unique prompt word (see `uniqueWord`) and filter on it instead of counting the whole gallery.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const e2eRoot = path.resolve(`data/e2e-${port}`);
export const e2eMediaDir = path.join(e2eRoot, "media");
const databaseUrl = `file:./data/e2e-${port}/studio.db`;

let client: Db | undefined;

/** The e2e server's database; refuses anything but the local e2e SQLite file. */
export function e2eDb(): Db {
  if (!/^file:\.\/data\/e2e-\d+\/studio\.db$/.test(databaseUrl)) {
    throw new Error(`Refusing to seed a non-e2e database: ${databaseUrl}`);
  }
  if (!fs.existsSync(path.join(e2eRoot, "studio.db"))) {
    throw new Error(`The e2e database ${databaseUrl} does not exist yet: is the e2e server running?`);
  }
  client ??= createDb(databaseUrl);
  return client;
}

/** A word no other test uses: search for it to see only this test's items. */
export function uniqueWord(prefix = "seed"): string {
  return `${prefix}${randomUUID().replace(/-/g, "").slice(0, 10)}`;
}

export type SeedFile = {
  kind: "video" | "image";
  role?: "result" | "last_frame";
  width?: number;
  height?: number;
  seconds?: number;
  /** The upstream's original URL of this file (default: an unreachable example URL). */
  sourceUrl?: string;
  /** Its URL expired before the studio stored it: a media row without a file. */
  expired?: boolean;
};
export type SeedItem = Omit<SeedTask, "media" | "id"> & { id?: string; files?: SeedFile[] };
export type SeededItem = {
  id: string;
  prompt: string;
  media: { id: string; role: string; path: string; absolutePath: string; bytes: Buffer; sha256: string }[];
};

/**
 * The server (tracker, thumbnails) writes to the same SQLite file from another process; in its
 * rollback-journal mode a lock upgrade can fail at once (SQLITE_BUSY, Prisma P2034) instead of
 * waiting. A seed is a fresh insert, so trying again is safe.
 */
async function retryWhileBusy<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      const text = `${(error as { code?: string }).code ?? ""} ${(error as Error).message}`;
      if (attempt >= attempts || !/P2034|P1008|busy|locked/i.test(text)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** Inserts items with real stored files (PNG via sharp, MP4 via ffmpeg) under MEDIA_DIR/seed/. */
export async function seedGallery(items: SeedItem[]): Promise<SeededItem[]> {
  const db = e2eDb();
  const seeded: SeededItem[] = [];
  for (const item of items) {
    const id = item.id ?? `e2e-${randomUUID()}`;
    const files = await Promise.all(
      (item.files ?? []).map(async (file, i) => {
        const sourceUrl = file.sourceUrl ?? `https://upstream.example/${id}/${i}`;
        if (file.expired)
          return { file, sourceUrl, rel: null, absolute: "", bytes: Buffer.alloc(0), sha256: "", facts: {} };
        const ext = file.kind === "video" ? "mp4" : "png";
        const rel = `seed/${id}/${file.role ?? "result"}-${i}.${ext}`;
        const absolute = path.join(e2eMediaDir, rel);
        const video = file.kind === "video";
        const width = file.width ?? (video ? 320 : 640);
        const height = file.height ?? (video ? 180 : 480);
        const seconds = file.seconds ?? 2;
        const bytes = video
          ? makeMp4(absolute, { width, height, seconds })
          : await makePng(absolute, { width, height, label: item.prompt?.slice(0, 12) });
        const sha256 = createHash("sha256").update(bytes).digest("hex");
        const facts = video ? { width, height, durationSec: seconds } : { width, height };
        return { file, sourceUrl, rel, absolute, bytes, sha256, facts };
      }),
    );
    await retryWhileBusy(() =>
      seedTasks(db, [
        {
          ...item,
          id,
          media: files.map((f) => ({
            role: f.file.role ?? "result",
            status: f.rel ? "stored" : "expired",
            path: f.rel,
            contentType: f.file.kind === "video" ? "video/mp4" : "image/png",
            size: f.rel ? f.bytes.length : null,
            sha256: f.rel ? f.sha256 : null,
            sourceUrl: f.sourceUrl,
            // What the studio records when it stores a file (the reference picker checks it).
            ...(f.rel ? f.facts : {}),
          })),
        },
      ]),
    );
    const rows = await db.media.findMany({
      where: { taskId: id },
      select: { id: true, path: true, sourceUrl: true },
    });
    seeded.push({
      id,
      prompt: item.prompt ?? "",
      media: files.map((f) => ({
        id: rows.find((r) => (f.rel ? r.path === f.rel : r.sourceUrl === f.sourceUrl))!.id,
        role: f.file.role ?? "result",
        path: f.rel ?? "",
        absolutePath: f.absolute,
        bytes: f.bytes,
        sha256: f.sha256,
      })),
    });
  }
  return seeded;
}

export type ScaleSeed = { label: string; count: number; idPrefix: string };

/**
 * A large library in one go (the benchmark's bulk insert, with thumbnail files): `count` items
 * whose prompts start with `<label> item <index>` (item 0 is the newest), all older than
 * `olderThan` (default: a day ago), so lists of the newest tasks that other specs read
 * (/api/tasks?limit=100) still start with their own tasks.
 */
export function seedScaleGallery(
  count: number,
  options: { label?: string; olderThan?: Date } = {},
): ScaleSeed {
  e2eDb();
  const label = options.label ?? uniqueWord("scale");
  const idPrefix = `${label}-`;
  bulkSeedGallery(path.join(e2eRoot, "studio.db"), count, {
    mediaDir: e2eMediaDir,
    idPrefix,
    label,
    newest: options.olderThan ?? new Date(Date.now() - 86_400_000),
    pauseMs: 50, // the server keeps writing (other tests' ratings, the tracker)
  });
  return { label, count, idPrefix };
}
