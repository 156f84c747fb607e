// Collection benchmark (issue 21): a collection of 1,000 items, taken from across a 20,000-item
// library, answers its first page in < 50 ms on both databases. Calls the function the route calls
// (listCollectionItems, GET /api/collections/<id>/items), as its owner and as a member it is shared with.
//   npx tsx scripts/bench/collection.ts                  both databases
//   npx tsx scripts/bench/collection.ts --db postgresql  one (sqlite or postgresql)
import path from "node:path";
import type { Viewer } from "../../lib/auth/scope";
import { collectionItemsQuerySchema, listCollectionItems } from "../../lib/collections/item-page";
import { POSITION_STEP } from "../../lib/collections/order";
import { bulkSeedGallery, bulkSeedGalleryPostgres } from "../../lib/gallery/testing/bulk-seed";
import { wantedDatabases } from "./options";
import { createBenchDb, type BenchDbKind } from "./bench-db";
import { measure as measureRuns, reportTiming } from "./support";

const LIBRARY = 20_000;
const COLLECTION = 1_000;
const RUNS = 60;
const WARMUP = 5;
const TARGET_MS = 50;
const owner: Viewer = { id: "bench-owner", role: "member", via: "session" };
const member: Viewer = { id: "bench-member", role: "member", via: "session" };

const scenarios: { name: string; viewer: Viewer; query: Record<string, string> }[] = [
  { name: "first page (60), owner", viewer: owner, query: { limit: "60" } },
  { name: "first page (60), shared member", viewer: member, query: { limit: "60" } },
  { name: "approval=approved", viewer: owner, query: { limit: "60", approval: "approved" } },
  { name: "type=video + rating>=3", viewer: owner, query: { limit: "60", type: "video", rating: "3" } },
  { name: "search q=dragon", viewer: owner, query: { limit: "60", q: "dragon" } },
];

const measure = (run: () => Promise<unknown>) => measureRuns(run, RUNS, WARMUP);
const report = (name: string, samples: number[]) => reportTiming(name, samples, TARGET_MS, 44, "median");

async function benchmark(dialect: BenchDbKind): Promise<boolean> {
  console.log(`\n--- ${dialect}`);
  const temp = await createBenchDb(dialect);
  const mediaDir = path.join(temp.dir, "media");
  process.env.MEDIA_DIR = mediaDir;
  let allOk = true;
  try {
    if (dialect === "sqlite") bulkSeedGallery(temp.file, LIBRARY, { mediaDir });
    else await bulkSeedGalleryPostgres(temp.url, LIBRARY, { mediaDir });
    const db = temp.db;
    for (const u of [owner, member])
      await db.user.create({ data: { id: u.id, name: u.id, email: `${u.id}@example.com` } });
    // The owner's library: every task is theirs; the collection takes every 20th, newest last.
    await db.task.updateMany({ data: { userId: owner.id } });
    const tasks = await db.task.findMany({ select: { id: true }, orderBy: { submittedAt: "asc" } });
    const picked = tasks.filter((_, i) => i % (LIBRARY / COLLECTION) === 0).slice(0, COLLECTION);
    const collection = await db.collection.create({
      data: { name: "bench", userId: owner.id },
      select: { id: true },
    });
    await db.collectionItem.createMany({
      data: picked.map((t, i) => ({
        collectionId: collection.id,
        taskId: t.id,
        position: (i + 1) * POSITION_STEP,
        approval: i % 4 === 0 ? "approved" : "pending",
      })),
    });
    await db.collectionMember.create({
      data: { collectionId: collection.id, userId: member.id, role: "viewer" },
    });
    console.log(
      `${COLLECTION} items in a collection over ${LIBRARY} tasks; median of ${RUNS} runs; target < ${TARGET_MS} ms`,
    );
    for (const s of scenarios) {
      const query = collectionItemsQuerySchema.parse(s.query);
      const first = await listCollectionItems(db, s.viewer, collection.id, query);
      const samples = await measure(() => listCollectionItems(db, s.viewer, collection.id, query));
      allOk = report(`${s.name} [${first.total} match]`, samples) && allOk;
    }
    let cursor: string | null = null;
    for (let i = 0; i < 15; i++)
      cursor = (
        await listCollectionItems(db, owner, collection.id, { limit: 60, cursor: cursor ?? undefined })
      ).nextCursor;
    const deep = { limit: 60, cursor: cursor ?? undefined };
    allOk =
      report(
        "page 16 (cursor after 900 items)",
        await measure(() => listCollectionItems(db, owner, collection.id, deep)),
      ) && allOk;
  } finally {
    await temp.cleanup();
  }
  return allOk;
}

let allOk = true;
for (const dialect of wantedDatabases()) allOk = (await benchmark(dialect)) && allOk;
if (!allOk) process.exitCode = 1;
