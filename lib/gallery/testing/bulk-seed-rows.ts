/**
 * The bulk seed's rows as one SQL SELECT per range of item indexes, computed by the database
 * itself (PostgreSQL: generate_series; SQLite: a recursive CTE), so a million items are a few
 * INSERT … SELECT statements instead of a million bound parameters sent from JS. Every "random"
 * choice is an integer hash of the item's index and the seed, the same arithmetic on both
 * databases: the same seed gives the same rows on SQLite and on PostgreSQL.
 */
export type SeedDialect = "sqlite" | "postgresql";

export const SUBJECTS = [
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
export const TAGS = ["keeper", "client", "draft", "b-roll", "hero shot", "sunset", "to upscale", "social"];

/** Items are this far apart in submission time, newest first (20,000 items cover about 20 months). */
const SPACING_SECONDS = 2700;

export type SeedRowsOptions = {
  seed: number;
  idPrefix: string;
  label?: string;
  /** The newest item's submission time. */
  newest: Date;
  /** Prisma's ISO text of the seed's own time (updatedAt). */
  now: string;
};

const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** `list[index]` as a CASE over the literals (both databases, no arrays). */
const pick = (list: readonly string[], index: string) =>
  `CASE ${index} ${list.map((v, i) => `WHEN ${i} THEN ${text(v)}`).join(" ")} END`;

// Park–Miller's prime: every product below stays under 2^62, within SQLite's and PostgreSQL's bigint.
const PRIME = 2147483647;
const MULTIPLIERS = [48271, 69621, 16807, 39373, 950706376, 742938285, 1226874159];

/**
 * Hash number `k` of item `i`: (i·a + seed·b + k) mod p, squared mod p (the square breaks the
 * lattice a linear step leaves between two hashes of the same item). Six usable decimal digits:
 * `h % 1000` and `(h / 1000) % 1000` are both uniform on 0–999 to a few parts in a million.
 */
function hash(k: number, seed: number): string {
  const x = `((i + 1) * ${MULTIPLIERS[k]} + ${(seed * 7919 + k * 104729) % PRIME}) % ${PRIME}`;
  return `((${x}) * (${x})) % ${PRIME}`;
}

const low = (h: string) => `(${h} % 1000)`;
const high = (h: string) => `((${h} / 1000) % 1000)`;

function indexes(dialect: SeedDialect, from: number, to: number): string {
  return dialect === "postgresql"
    ? `SELECT g.i::bigint AS i FROM generate_series(${from}, ${to - 1}) AS g(i)`
    : `WITH RECURSIVE g(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM g WHERE i < ${to - 1}) SELECT i FROM g`;
}

/**
 * Items `from` (inclusive) to `to` (exclusive) as rows of: i, id, kind, model, failed, expired
 * (0/1), prompt, request, submittedAt, favorite, rating, tag (null for most), ext, updatedAt.
 * Item 0 is the newest; every 50th shares its newer neighbour's instant (the id tie-break path).
 */
export function seedRowsSql(dialect: SeedDialect, from: number, to: number, o: SeedRowsOptions): string {
  const pg = dialect === "postgresql";
  const hashes = MULTIPLIERS.map((_, k) => `${hash(k, o.seed)} AS h${k}`).join(", ");
  const step = `(i - CASE WHEN i % 50 = 0 THEN 1 ELSE 0 END) * ${SPACING_SECONDS}`;
  const newestMs = o.newest.getTime();
  const wholeSeconds = Math.floor(newestMs / 1000);
  const millis = String(newestMs - wholeSeconds * 1000).padStart(3, "0");
  // SQLite keeps Prisma's ISO text (`…T10:00:00.123+00:00`); PostgreSQL a timestamp(3) of UTC.
  const submitted = pg
    ? `(to_timestamp(${wholeSeconds} - ${step}) AT TIME ZONE 'UTC') + interval '${millis} milliseconds'`
    : `strftime('%Y-%m-%dT%H:%M:%S', ${wholeSeconds} - ${step}, 'unixepoch') || '.${millis}+00:00'`;
  const id = pg
    ? `${text(o.idPrefix)} || lpad(i::text, greatest(6, length(i::text)), '0')`
    : `${text(o.idPrefix)} || printf('%06d', i)`;
  const scene = `${pick(SUBJECTS, `${low("h3")} % ${SUBJECTS.length}`)} || ' ' || ${pick(ACTIONS, `${high("h3")} % ${ACTIONS.length}`)} || ' ' || ${pick(PLACES, `${low("h4")} % ${PLACES.length}`)} || ', ' || ${pick(STYLES, `${high("h4")} % ${STYLES.length}`)}`;
  const prompt = o.label ? `${text(`${o.label} item `)} || i || ' ' || ${scene}` : scene;
  const json = pg ? "jsonb_build_object" : "json_object";
  const request = `${json}('model', model, 'prompt', prompt, 'duration', 5, 'resolution', '720p', 'aspect_ratio', '16:9')${pg ? "::text" : ""}`;
  const flag = (condition: string) => (pg ? `(${condition})` : `CASE WHEN ${condition} THEN 1 ELSE 0 END`);
  return `
    SELECT i, id, kind, model, failed, expired, prompt, ${request} AS request, submitted, favorite,
      rating, tag, CASE kind WHEN 'video' THEN 'mp4' ELSE 'png' END AS ext, ${text(o.now)} AS now
    FROM (
      SELECT i, ${id} AS id, kind, failed, expired, ${prompt} AS prompt, ${submitted} AS submitted,
        CASE kind WHEN 'video' THEN ${pick(VIDEO_MODELS, `${high("h0")} % ${VIDEO_MODELS.length}`)}
          ELSE ${pick(IMAGE_MODELS, `${high("h0")} % ${IMAGE_MODELS.length}`)} END AS model,
        ${flag(`${high("h2")} < 100`)} AS favorite,
        CASE WHEN ${low("h5")} < 300 THEN 1 + ${high("h5")} % 5 END AS rating,
        CASE WHEN ${low("h6")} < 200 THEN ${pick(TAGS, `${high("h6")} % ${TAGS.length}`)} END AS tag,
        h3, h4
      FROM (
        SELECT i, h0, h2, h3, h4, h5, h6,
          CASE WHEN ${low("h0")} < 800 THEN 'video' ELSE 'image' END AS kind,
          CASE WHEN ${low("h1")} < 50 THEN 1 ELSE 0 END AS failed,
          CASE WHEN ${low("h1")} >= 50 AND ${high("h1")} < 30 THEN 1 ELSE 0 END AS expired
        FROM (SELECT i, ${hashes} FROM (${indexes(dialect, from, to)}) AS g) AS hashed
      ) AS drawn
    ) AS items`;
}

const TASK_COLUMNS = `("id", "model", "kind", "status", "prompt", "request", "error", "submittedAt", "mediaState", "favorite", "rating", "updatedAt")`;
const MEDIA_COLUMNS = `("id", "taskId", "role", "fields", "sourceUrl", "status", "path", "contentType", "size", "thumbPath", "width", "height", "durationSec")`;

/** The INSERT … SELECT statements of one range: tasks, their result media, their tag links. */
export function seedInsertsSql(dialect: SeedDialect, from: number, to: number, o: SeedRowsOptions): string[] {
  const rows = seedRowsSql(dialect, from, to, o);
  const pg = dialect === "postgresql";
  const time = (column: string) => (pg ? `CAST(${column} AS timestamp(3))` : column);
  return [
    `INSERT INTO "Task" ${TASK_COLUMNS}
     SELECT id, model, kind, CASE failed WHEN 1 THEN 'failed' ELSE 'completed' END, prompt, request,
       CASE failed WHEN 1 THEN 'content review failed' END, submitted,
       CASE WHEN failed = 1 THEN 'none' WHEN expired = 1 THEN 'expired' ELSE 'stored' END,
       favorite, rating, ${time("now")}
     FROM (${rows}) AS r`,
    `INSERT INTO "Media" ${MEDIA_COLUMNS}
     SELECT 'm-' || id, id, 'result', 'result_url', 'https://upstream.example/' || id || '.' || ext,
       CASE expired WHEN 1 THEN 'expired' ELSE 'stored' END,
       CASE expired WHEN 1 THEN NULL ELSE 'results/' || id || '.' || ext END,
       CASE kind WHEN 'video' THEN 'video/mp4' ELSE 'image/png' END,
       CASE expired WHEN 1 THEN NULL ELSE 1000000 END,
       CASE expired WHEN 1 THEN NULL ELSE 'thumbs/m-' || id || '.webp' END,
       1280, 720, CASE kind WHEN 'video' THEN 5 END
     FROM (${rows}) AS r WHERE failed = 0`,
    `INSERT INTO "TaskTag" ("taskId", "tagId")
     SELECT r.id, g."id" FROM (${rows}) AS r JOIN "Tag" g ON g."name" = r.tag
     ${pg ? "ON CONFLICT DO NOTHING" : ""}`.replace(
      "INSERT INTO",
      pg ? "INSERT INTO" : "INSERT OR IGNORE INTO",
    ),
  ];
}

/** The media ids of the range's stored results (those that have a thumbnail file). */
export function storedMediaIdsSql(
  dialect: SeedDialect,
  from: number,
  to: number,
  o: SeedRowsOptions,
): string {
  return `SELECT 'm-' || id AS "id" FROM (${seedRowsSql(dialect, from, to, o)}) AS r WHERE failed = 0 AND expired = 0`;
}
