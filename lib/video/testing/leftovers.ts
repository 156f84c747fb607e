import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { VIDEO_TEMP_PREFIX } from "../temp-dir";

/** The video jobs' temp dirs present now (to compare before and after a job). */
export function videoTempDirs(): string[] {
  return fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(VIDEO_TEMP_PREFIX));
}

/** ffmpeg processes this test process started that are still alive. */
export function childFfmpegs(): string[] {
  try {
    const out = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" });
    return out.split("\n").filter((line) => /ffmpeg/.test(line));
  } catch {
    return []; // ps exits 1 when there is no child at all
  }
}
