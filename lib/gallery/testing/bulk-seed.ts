import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { toDbTime } from "../where";

/**
 * Fills a migrated database with `count` realistic gallery items fast (multi-row INSERTs of 500
 * rows): a SQLite file (the FTS triggers included) or a PostgreSQL database, with the same rows
 * for the same seed. The benchmark's 100,000-item library, and the e2e scale spec's. Deterministic
 * (seeded), so runs compare.
 */
const SUBJECTS = [
  "dragon",
  "lighthouse",
  "city skyline",
  "red car",
  "cat",
  "astronaut",
  "forest",
  "waterfall",
];
const ACTIONS = [
  "flying over",
  "racing through",
  "glowing above",
  "walking across",
  "dancing in",
  "resting by",
];
const PLACES = [
  "snowy mountains",
  "a neon street",
  "the ocean",
  "a desert at dusk",
  "a rainy market",
  "the moon",
];
const STYLES = ["cinematic", "35mm film", "watercolor", "hyperreal", "anime", "isometric", "noir"];
const VIDEO_MODELS = [
  "sd_2.5_ORelay",
  "sd2_disc_nvid",
  "sd_2.0_mini_discount",
  "vendorm-H3-768p-c2",
  "videos_2.5_30_10_10_c6",
];
const IMAGE_MODELS = ["vendors_5.0Pro", "vendors-5.0"];
const TAGS = ["keeper", "client", "draft", "b-roll", "hero shot", "sunset", "to upscale", "social"];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A 1×1 WebP: tiles that ask for a recorded thumbnail get a real file, as in a real library.
const TINY_WEBP = Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");

export type BulkSeedOptions = {
  seed?: number;
  /**
   * Where to write every stored item's (tiny) thumbnail file, as a real library has them; without
   * it the rows name thumbnails that do not exist and the thumbnail route would try to rebuild them.
   */
  mediaDir?: string;
  /** The newest item's submission time (default: now); the rest are spread back from it. */
  newest?: Date;
  /** Ids are `<idPrefix><index, 6 digits>` (default "bench-"). */
  idPrefix?: string;
  /**
   * Prepended to every prompt with the item's index (`<label> item 123 dragon …`): a word that
   * finds exactly this seed's items, and a number that says which item a tile shows.
   */
  label?: string;
  /**
   * A pause between two 500-row transactions, for a seed into the database of a running server:
   * back-to-back transactions free the write lock for microseconds, too short for the server's
   * busy handler to catch, and its writes time out while the seed runs.
   */
  pauseMs?: number;
};

/** The id of the seeded item at `index` (0 = newest). */
function bulkSeedId(index: number, idPrefix = "bench-"): string {
  return `${idPrefix}${String(index).padStart(6, "0")}`;
}

type Value = string | number | boolean | null;
/** One 500-row batch, as column values in the order of the INSERTs below. */
type SeedBatch = { tasks: Value[][]; media: Value[][]; links: { taskId: string; tag: string }[] };

const BATCH = 500;
const TASK_COLUMNS = [
  "id",
  "model",
  "kind",
  "status",
  "prompt",
  "request",
  "error",
  "submittedAt",
  "mediaState",
  "favorite",
  "rating",
  "updatedAt",
];
const MEDIA_COLUMNS = [
  "id",
  "taskId",
  "role",
  "fields",
  "sourceUrl",
  "status",
  "path",
  "contentType",
  "size",
  "thumbPath",
  "width",
  "height",
  "durationSec",
];

/**
 * The rows both databases get (times as Prisma's ISO text, which PostgreSQL's `timestamp` reads as
 * the same UTC clock time), and each stored item's thumbnail file when `mediaDir` is given.
 */
function* seedBatches(count: number, options: BulkSeedOptions): Generator<SeedBatch> {
  const { seed = 42, mediaDir, idPrefix = "bench-", label } = options;
  if (mediaDir) fs.mkdirSync(path.join(mediaDir, "thumbs"), { recursive: true });
  const random = rng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  // Spread back from the newest, ~45 minutes apart (20,000 items cover about 20 months).
  const newest = (options.newest ?? new Date()).getTime();
  const now = toDbTime(new Date());

  for (let offset = 0; offset < count; offset += BATCH) {
    const batch: SeedBatch = { tasks: [], media: [], links: [] };
    const n = Math.min(BATCH, count - offset);
    for (let i = 0; i < n; i++) {
      const index = offset + i;
      const id = bulkSeedId(index, idPrefix);
      const kind = random() < 0.8 ? "video" : "image";
      const model = pick(kind === "video" ? VIDEO_MODELS : IMAGE_MODELS);
      const failed = random() < 0.05;
      const expired = !failed && random() < 0.03;
      const text = `${pick(SUBJECTS)} ${pick(ACTIONS)} ${pick(PLACES)}, ${pick(STYLES)}`;
      const prompt = label ? `${label} item ${index} ${text}` : text;
      // Every 50th shares its neighbour's instant (the id tie-break path).
      const submitted = toDbTime(new Date(newest - (index - (index % 50 === 0 ? 1 : 0)) * 2_700_000));
      const status = failed ? "failed" : "completed";
      const mediaState = failed ? "none" : expired ? "expired" : "stored";
      const request = JSON.stringify({
        model,
        prompt,
        duration: 5,
        resolution: "720p",
        aspect_ratio: "16:9",
      });
      const favorite = random() < 0.1;
      const rating = random() < 0.3 ? 1 + Math.floor(random() * 5) : null;
      const error = failed ? "content review failed" : null;
      batch.tasks.push([
        id,
        model,
        kind,
        status,
        prompt,
        request,
        error,
        submitted,
        mediaState,
        favorite,
        rating,
        now,
      ]);
      if (!failed) {
        const ext = kind === "video" ? "mp4" : "png";
        batch.media.push([
          `m-${id}`,
          id,
          "result",
          "result_url",
          `https://upstream.example/${id}.${ext}`,
          expired ? "expired" : "stored",
          expired ? null : `results/${id}.${ext}`,
          kind === "video" ? "video/mp4" : "image/png",
          expired ? null : 1_000_000,
          expired ? null : `thumbs/m-${id}.webp`,
          1280,
          720,
          kind === "video" ? 5 : null,
        ]);
        if (mediaDir && !expired) fs.writeFileSync(path.join(mediaDir, `thumbs/m-${id}.webp`), TINY_WEBP);
      }
      if (random() < 0.2) batch.links.push({ taskId: id, tag: pick(TAGS) });
    }
    yield batch;
  }
}

const columnList = (columns: string[]) => `(${columns.map((c) => `"${c}"`).join(", ")})`;

export function bulkSeedGallery(file: string, count: number, options: BulkSeedOptions = {}): void {
  const idPrefix = options.idPrefix ?? "bench-";
  // A running studio may write to the same file (the e2e server): wait for its lock.
  const sqlite = new Database(file, { timeout: 10_000 });
  sqlite.pragma("journal_mode = WAL");

  // The tags may exist already (a library in use): reuse them by name.
  sqlite
    .prepare(`INSERT OR IGNORE INTO Tag (id, name) VALUES ${TAGS.map(() => "(?, ?)").join(", ")}`)
    .run(...TAGS.flatMap((name, i) => [`${idPrefix}tag-${i}`, name]));
  const tagId = new Map(
    (
      sqlite
        .prepare(`SELECT id, name FROM Tag WHERE name IN (${TAGS.map(() => "?").join(", ")})`)
        .all(...TAGS) as { id: string; name: string }[]
    ).map((row) => [row.name, row.id]),
  );

  const insert = (table: string, columns: string[], rows: Value[][], verb = "INSERT") => {
    if (!rows.length) return;
    const row = `(${columns.map(() => "?").join(",")})`;
    sqlite
      .prepare(
        `${verb} INTO ${table} ${columnList(columns)} VALUES ${Array(rows.length).fill(row).join(",")}`,
      )
      // SQLite keeps booleans as 0/1.
      .run(...rows.flat().map((v) => (typeof v === "boolean" ? Number(v) : v)));
  };
  // One transaction per batch: a running server's writes wait for one batch, not the whole seed.
  const insertBatch = sqlite.transaction((batch: SeedBatch) => {
    insert("Task", TASK_COLUMNS, batch.tasks);
    insert("Media", MEDIA_COLUMNS, batch.media);
    const links = batch.links.map((l) => [l.taskId, tagId.get(l.tag)!]);
    insert("TaskTag", ["taskId", "tagId"], links, "INSERT OR IGNORE");
  });
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const batch of seedBatches(count, options)) {
    insertBatch(batch);
    if (options.pauseMs) Atomics.wait(pause, 0, 0, options.pauseMs); // sleeps without the lock
  }
  sqlite.pragma("optimize");
  sqlite.close();
}

/**
 * The same library in a migrated PostgreSQL database; the trigger on Task fills the prompt search
 * table (TaskPromptSearch) as it does for the studio's own inserts. Vacuumed and analyzed, so plans
 * see its real size.
 */
export async function bulkSeedGalleryPostgres(
  databaseUrl: string,
  count: number,
  options: BulkSeedOptions = {},
): Promise<void> {
  const idPrefix = options.idPrefix ?? "bench-";
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "Tag" ("id", "name") VALUES ${TAGS.map((_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(", ")}
       ON CONFLICT ("name") DO NOTHING`,
      TAGS.flatMap((name, i) => [`${idPrefix}tag-${i}`, name]),
    );
    const { rows: tags } = await client.query<{ id: string; name: string }>(
      `SELECT "id", "name" FROM "Tag" WHERE "name" = ANY($1)`,
      [TAGS],
    );
    const tagId = new Map(tags.map((row) => [row.name, row.id]));

    const insert = async (table: string, columns: string[], rows: Value[][], suffix = "") => {
      if (!rows.length) return;
      const values = rows.map(
        (_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(",")})`,
      );
      await client.query(
        `INSERT INTO "${table}" ${columnList(columns)} VALUES ${values.join(",")} ${suffix}`,
        rows.flat(),
      );
    };
    for (const batch of seedBatches(count, options)) {
      await client.query("BEGIN");
      await insert("Task", TASK_COLUMNS, batch.tasks);
      await insert("Media", MEDIA_COLUMNS, batch.media);
      const links = batch.links.map((l) => [l.taskId, tagId.get(l.tag)!]);
      await insert("TaskTag", ["taskId", "tagId"], links, "ON CONFLICT DO NOTHING");
      await client.query("COMMIT");
    }
    // VACUUM as well: the steady state autovacuum leaves, whose visibility map lets the total count
    // be an index-only scan (a fresh load has none, and every count would read the heap).
    await client.query("VACUUM ANALYZE");
  } finally {
    await client.end();
  }
}
