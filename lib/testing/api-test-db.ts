import path from "node:path";
import { setEnv } from "./env-vars";
import { createTempDb, type TempDb } from "./temp-db";

/** A route module's exported method, as a test calls it. */
export type RouteHandler = (
  request: Request,
  context?: { params: Promise<Record<string, string>> },
) => Promise<Response>;

/** A signed-in account (lib/auth/testing/auth-testbed.ts signedInUser): its id and browser headers. */
export type SignedIn = { id: string; headers: Headers };

/** A temp database the process's own client (lib/db.ts) uses; `close()` undoes everything. */
export type ApiTestDb = TempDb & { close(): Promise<void> };

/**
 * Set-up for tests through the real route handlers: a migrated temp database and media folder the
 * studio's env points at, accounts on and the tracker off; `env` adds the file's own variables
 * (its AUTH_SECRET, upstream). Call before the first route import: env() is read once.
 */
export function apiTestDb(env: Record<string, string>): ApiTestDb {
  const temp = createTempDb();
  const restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    MEDIA_DIR: path.join(temp.dir, "media"),
    TRACKER: "0",
    AUTH: "on",
    ...env,
  });
  return {
    ...temp,
    async close() {
      const { db } = await import("../db");
      await db().$disconnect();
      await temp.cleanup();
      restoreEnv();
    },
  };
}
