import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../testing/wait-for";
import { runBackfill } from "./backfill";
import { visionBed, type VisionBed } from "./testing/vision-bed";

let bed: VisionBed;
beforeAll(async () => {
  bed = await visionBed();
});
afterAll(() => bed.close());

describe("npm run admin -- describe (the backfill)", () => {
  it("resumes after a kill and describes no item twice", { timeout: 60_000 }, async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await bed.seedImage(`b-${i}`, `picture ${i}`));
    const script = path.join(import.meta.dirname, "testing/backfill-process.ts");
    const child = spawn(
      process.execPath,
      [
        "--conditions=react-server",
        "--import",
        "tsx",
        script,
        bed.temp.url,
        bed.mediaDir,
        bed.sandbox.url,
        "300",
        "1500",
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const done = () => bed.temp.db.taskDescription.count({ where: { status: "done" } });
    await waitFor(done, (n) => n >= 2, { timeoutMs: 30_000, intervalMs: 20 });
    child.kill("SIGKILL");
    await exited;
    const before = await bed.temp.db.taskDescription.findMany({
      where: { status: "done" },
      select: { taskId: true },
    });
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(before.length).toBeLessThan(6);

    const result = await runBackfill(bed.deps({ leaseMs: 1500 }), {});
    const rows = await bed.temp.db.taskDescription.findMany({ orderBy: { taskId: "asc" } });
    expect(rows.map((r) => [r.taskId, r.status])).toEqual(ids.sort().map((id) => [id, "done"]));
    // What was described before the kill was not asked about again…
    for (const { taskId } of before) expect(rows.find((r) => r.taskId === taskId)?.attempts).toBe(1);
    expect(result.described).toBe(6 - before.length);
    // …and the upstream was asked once per item, plus at most the one in flight at the kill.
    expect(bed.describeCalls()).toBeGreaterThanOrEqual(6);
    expect(bed.describeCalls()).toBeLessThanOrEqual(7);

    // Run again: nothing left to describe, nothing sent.
    const calls = bed.describeCalls();
    expect(await runBackfill(bed.deps(), {})).toMatchObject({ described: 0 });
    expect(bed.describeCalls()).toBe(calls);
  });
});
