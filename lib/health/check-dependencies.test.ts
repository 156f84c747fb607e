/**
 * /api/health's checks against real dependencies: the test database, a real S3 server (running,
 * then stopped), a media folder that cannot be written, a disk under the free-space threshold.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { MediaStoreConfig } from "../env";
import { startS3Server } from "../storage/testing/s3-server";
import { createTempDb } from "../testing/temp-db";
import { checkDependencies, type HealthSources } from "./check-dependencies";
import { DependencyStates } from "./dependency-state";

const temp = createTempDb();
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "health-media-"));
afterAll(async () => {
  await temp.cleanup();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

let clock = Date.parse("2026-11-26T12:00:00Z");
function sources(overrides: Partial<HealthSources> = {}): HealthSources {
  return {
    db: temp.db,
    mediaStore: { kind: "local" },
    mediaDir,
    mediaMinFreeBytes: 1,
    lastUpstreamError: null,
    now: () => clock,
    ...overrides,
  };
}

function quietStates() {
  const lines: string[] = [];
  const log = { warn: (line: string) => lines.push(line), info: (line: string) => lines.push(line) };
  return { states: new DependencyStates(log), lines };
}

describe("health checks", () => {
  it("a healthy studio is ok, every dependency ok", async () => {
    const report = await checkDependencies(sources(), quietStates().states);
    expect(report.ok).toBe(true);
    expect(report.dependencies.database.status).toBe("ok");
    expect(report.dependencies["media store"].status).toBe("ok");
    expect(report.dependencies.upstream.status).toBe("ok");
  });

  it("a stopped S3 server is down (ok: false), since when, logged once; back up is logged once", async () => {
    const s3 = await startS3Server();
    const config: MediaStoreConfig = s3.config();
    const { states, lines } = quietStates();
    const up = await checkDependencies(sources({ mediaStore: config }), states);
    expect(up.dependencies["media store"]).toMatchObject({ status: "ok", message: "The bucket answers." });

    await s3.close();
    clock += 1_000;
    const down = await checkDependencies(sources({ mediaStore: config }), states);
    expect(down.ok).toBe(false);
    expect(down.dependencies["media store"]).toEqual({
      status: "down",
      since: new Date(clock).toISOString(),
      message: "Unavailable: it could not be reached.",
    });
    const since = down.dependencies["media store"].since;
    clock += 5_000;
    const still = await checkDependencies(sources({ mediaStore: config }), states);
    expect(still.dependencies["media store"].since).toBe(since);
    expect(JSON.stringify(still)).not.toContain("127.0.0.1");
    expect(lines).toEqual(["[health] media store is down: Unavailable: it could not be reached."]);

    clock += 1_000;
    await checkDependencies(sources(), states);
    expect(lines[1]).toBe(`[health] media store is back (was down since ${since}).`);
  });

  it("a media folder that cannot be written is down", async () => {
    const file = path.join(mediaDir, "a-file");
    fs.writeFileSync(file, "");
    const report = await checkDependencies(
      sources({ mediaDir: path.join(file, "media") }),
      quietStates().states,
    );
    expect(report.ok).toBe(false);
    expect(report.dependencies["media store"]).toMatchObject({
      status: "down",
      message: "The media folder cannot be written (ENOTDIR).",
    });
    expect(JSON.stringify(report)).not.toContain(mediaDir);
  });

  it("free disk space under MEDIA_MIN_FREE_BYTES is degraded, still ok", async () => {
    const report = await checkDependencies(sources({ mediaMinFreeBytes: 2 ** 60 }), quietStates().states);
    expect(report.ok).toBe(true);
    expect(report.dependencies["media store"].status).toBe("degraded");
    expect(report.dependencies["media store"].message).toMatch(
      /^Low disk space: .* free, below the .* threshold/,
    );
  });

  it("the upstream is degraded while the tracker's last poll failure is recent", async () => {
    const at = new Date(clock - 10_000).toISOString();
    const report = await checkDependencies(
      sources({ lastUpstreamError: { message: "HTTP 502", at } }),
      quietStates().states,
    );
    expect(report.ok).toBe(true);
    expect(report.dependencies.upstream).toMatchObject({ status: "degraded" });
  });
});
