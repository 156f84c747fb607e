import fs from "node:fs";
import path from "node:path";
import type { Db } from "../../db";
import type { Prisma } from "../../generated/prisma/client";
import { mediaRoot } from "../../storage/files";
import { createTempDb } from "../../testing/temp-db";
import { taskDeps, type TaskDeps, type TaskDepsOverrides } from "../deps";
import { UpstreamGate } from "../upstream-gate";

export type LogLine = { level: "info" | "warn" | "error"; text: string };

/**
 * A temp database and MEDIA_DIR plus injected deps with a controllable clock and a captured log.
 * MEDIA_DIR is process-wide (storage reads it through env()), so it is set before first use.
 */
export function taskTestbed(overrides: TaskDepsOverrides = {}) {
  const temp = createTempDb();
  const mediaDir = path.join(temp.dir, "media");
  fs.mkdirSync(mediaDir, { recursive: true });
  // Storage resolves MEDIA_DIR through env(), cached on first use in this test file.
  process.env.MEDIA_DIR = mediaDir;
  let clock = Date.now();
  const logs: LogLine[] = [];
  const log = {
    info: (...args: unknown[]) => void logs.push({ level: "info", text: args.map(String).join(" ") }),
    warn: (...args: unknown[]) => void logs.push({ level: "warn", text: args.map(String).join(" ") }),
    error: (...args: unknown[]) => void logs.push({ level: "error", text: args.map(String).join(" ") }),
  };
  const deps: TaskDeps = taskDeps({
    db: temp.db,
    upstream: { baseUrl: "http://127.0.0.1:9", apiKey: "test-key", timeoutMs: 3000 },
    now: () => clock,
    log,
    createThumbnail: async () => undefined,
    // Nothing private is fetched unless a test allows its own file host ({ allow: [host.url] }).
    fetchPolicy: { allow: [] },
    gate: new UpstreamGate(),
    ...overrides,
  });
  return {
    deps,
    db: temp.db,
    /** The SQLite file's URL, for a second process on the same database. */
    databaseUrl: temp.url,
    logs,
    /** Where stored files land (the MEDIA_DIR env() settled on in this test file). */
    mediaDir: () => mediaRoot(),
    advance: (ms: number) => void (clock += ms),
    setNow: (ms: number) => void (clock = ms),
    now: () => clock,
    cleanup: temp.cleanup,
  };
}

/** A task row as if submitted earlier (by this or a previous process). */
export async function seedTask(db: Db, data: Partial<Prisma.TaskUncheckedCreateInput> & { id: string }) {
  return db.task.create({
    data: {
      model: "sd_2.5_ORelay",
      kind: "video",
      status: "queued",
      prompt: "a fox in the snow",
      request: JSON.stringify({ model: "sd_2.5_ORelay", prompt: "a fox in the snow" }),
      ...data,
    },
  });
}

/** Every file under a folder, relative paths, recursively (temp files included). */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
