import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepVideoTempDirs, VIDEO_TEMP_PREFIX, withTempDir } from "./temp-dir";

/** A temp root of its own: other test files' live jobs use the OS temp dir meanwhile. */
let root: string;
let sleeper: ReturnType<typeof spawn>;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "temp-dir-test-"));
  // Another studio process on this machine, alive for the whole file.
  sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 600000)"], { stdio: "ignore" });
});
afterAll(() => {
  sleeper.kill("SIGKILL");
  fs.rmSync(root, { recursive: true, force: true });
});

/** A job's dir as a process left it: its owner file and a half-written film. */
function leftover(name: string, owner: object | null, ageMs = 0) {
  const dir = path.join(root, `${VIDEO_TEMP_PREFIX}${name}`);
  fs.mkdirSync(dir);
  if (owner) fs.writeFileSync(path.join(dir, ".studio-owner.json"), JSON.stringify(owner));
  fs.writeFileSync(path.join(dir, "film.mp4"), Buffer.alloc(1024));
  const at = new Date(Date.now() - ageMs);
  for (const file of fs.readdirSync(dir)) fs.utimesSync(path.join(dir, file), at, at);
  fs.utimesSync(dir, at, at);
  return dir;
}

const host = os.hostname();
/** The PID of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid!;
const present = () => fs.readdirSync(root).sort();

describe("sweepVideoTempDirs", () => {
  it("removes a killed process's dirs at once, leaves live jobs' dirs, and idle unknown ones after idleMs", async () => {
    leftover("killed", { pid: deadPid(), host, token: "t1" });
    // An earlier studio that ran under this very PID (a container restart).
    leftover("same-pid", { pid: process.pid, host, token: "an earlier process" });
    leftover("other-live", { pid: sleeper.pid, host, token: "t2" });
    leftover("other-live-idle", { pid: sleeper.pid, host, token: "t2" }, 2 * 60 * 60_000);
    leftover("no-owner-fresh", null);
    leftover("no-owner-idle", null, 2 * 60 * 60_000);
    fs.mkdirSync(path.join(root, "someone-elses-dir"));

    const result = await withTempDir(
      async (mine) => {
        const swept = await sweepVideoTempDirs({ root, idleMs: 60 * 60_000 });
        // This process's running job keeps its dir.
        expect(fs.existsSync(mine)).toBe(true);
        return { swept, mine: path.basename(mine) };
      },
      { root },
    );
    expect(result.swept).toEqual({ removed: 4, left: 0 });
    // Only the live process's fresh dir, the fresh one of unknown origin, and what is not ours remain
    // (this job's own dir is gone too: its job ended).
    expect(present()).toEqual(
      [`${VIDEO_TEMP_PREFIX}no-owner-fresh`, `${VIDEO_TEMP_PREFIX}other-live`, "someone-elses-dir"].sort(),
    );
  });

  it("is bounded: at most `max` dirs per sweep, the rest left for the next", async () => {
    const pid = deadPid();
    for (let i = 0; i < 5; i++) leftover(`bounded-${i}`, { pid, host, token: "t" });
    expect(await sweepVideoTempDirs({ root, max: 2 })).toEqual({ removed: 2, left: 3 });
    expect(await sweepVideoTempDirs({ root, max: 2 })).toEqual({ removed: 2, left: 1 });
    expect(await sweepVideoTempDirs({ root, max: 2 })).toEqual({ removed: 1, left: 0 });
    expect(present().filter((n) => n.includes("bounded"))).toEqual([]);
  });
});
