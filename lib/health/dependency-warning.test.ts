/**
 * The header's warning text from real health reports: a media folder that cannot be written (a
 * file where the folder should be), then the same folder writable again.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTempDb } from "../testing/temp-db";
import { checkDependencies } from "./check-dependencies";
import { DependencyStates } from "./dependency-state";
import { dependencyWarning } from "./dependency-warning";

let temp: ReturnType<typeof createTempDb>;
beforeAll(() => {
  temp = createTempDb();
});
afterAll(async () => {
  await temp.cleanup();
});

it("warns that downloads are failing while the media store is down, naming no path, and not once it is back", async () => {
  const mediaDir = path.join(temp.dir, "media");
  fs.writeFileSync(mediaDir, "");
  const states = new DependencyStates({ info: () => undefined, warn: () => undefined });
  const sources = {
    db: temp.db,
    mediaStore: { kind: "local" } as never,
    mediaDir,
    mediaMinFreeBytes: 0,
    lastUpstreamError: null,
    now: Date.now,
  };
  const warning = dependencyWarning(await checkDependencies(sources, states));
  expect(warning?.text).toBe("Downloads are failing: the media store is unavailable");
  expect(warning?.dependency).toBe("media");
  expect(warning?.detail).toMatch(
    /^Results cannot be stored right now \(since .+\): The media folder cannot be written/,
  );
  expect(warning?.detail).not.toContain(temp.dir);

  fs.rmSync(mediaDir);
  expect(dependencyWarning(await checkDependencies(sources, states))).toBeNull();
});
