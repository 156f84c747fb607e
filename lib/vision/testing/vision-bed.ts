import path from "node:path";
import { startSandboxServer, type SandboxServer } from "../../sandbox";
import { makeMp4, makePng } from "../../testing/media-fixtures";
import { setEnv } from "../../testing/env-vars";
import { createTempDb, type TempDb } from "../../testing/temp-db";
import { seedTasks } from "../../gallery/testing/seed-tasks";
import type { DescriberDeps } from "../describer";

/**
 * A migrated temp database, a media folder the studio's env points at (stored results are read
 * from it) and the sandbox upstream over HTTP: what the describer needs, nothing mocked.
 */
export type VisionBed = {
  temp: TempDb;
  sandbox: SandboxServer;
  mediaDir: string;
  deps: (overrides?: Partial<DescriberDeps>) => DescriberDeps;
  /** A completed image task with its stored PNG; returns its id. */
  seedImage: (id: string, prompt: string, userId?: string | null) => Promise<string>;
  seedVideo: (id: string, prompt: string, userId?: string | null) => Promise<string>;
  /** Text API calls the sandbox received for describing. */
  describeCalls: () => number;
  close: () => Promise<void>;
};

export async function visionBed(): Promise<VisionBed> {
  const temp = createTempDb();
  const mediaDir = path.join(temp.dir, "media");
  const restore = setEnv({
    MEDIA_DIR: mediaDir,
    DATABASE_URL: temp.url,
    TRACKER: "0",
    TEXT_RATE_PER_MINUTE: "0",
  });
  const sandbox = await startSandboxServer({ port: 0 });
  const seed = async (id: string, prompt: string, kind: "image" | "video", userId: string | null) => {
    const rel = `results/${id}.${kind === "image" ? "png" : "mp4"}`;
    const file = path.join(mediaDir, rel);
    const bytes =
      kind === "image"
        ? await makePng(file, { width: 320, height: 200 })
        : makeMp4(file, { width: 160, height: 90, seconds: 1, fps: 6 });
    await seedTasks(temp.db, [
      {
        id,
        prompt,
        kind,
        userId,
        media: [{ path: rel, size: bytes.length, durationSec: kind === "video" ? 1 : null }],
      },
    ]);
    return id;
  };
  return {
    temp,
    sandbox,
    mediaDir,
    deps: (overrides = {}) => ({
      db: temp.db,
      model: "llm-2.5-flash-lite",
      paceMs: 0,
      leaseMs: 60_000,
      now: Date.now,
      config: { baseUrl: sandbox.url, apiKey: "test-key" },
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      ...overrides,
    }),
    seedImage: (id, prompt, userId = null) => seed(id, prompt, "image", userId),
    seedVideo: (id, prompt, userId = null) => seed(id, prompt, "video", userId),
    describeCalls: () => sandbox.log.list().filter((r) => r.path.includes(":generateContent")).length,
    close: async () => {
      await sandbox.close();
      await temp.cleanup();
      restore();
    },
  };
}
