import { spawn } from "node:child_process";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import { StudioError } from "../errors";

/** The ffmpeg binary shipped by npm (@ffmpeg-installer/ffmpeg), as thumbnails and the sandbox use it. */
export const ffmpegPath: string = ffmpegInstaller.path;

/** stderr kept for error messages and probes: the banner and the last lines are what matter. */
const STDERR_KEEP = 64_000;

export type FfmpegRunOptions = {
  /** Aborting kills ffmpeg (SIGKILL) and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Seconds of output written so far, parsed from `-progress pipe:1` (out_time_us). */
  onOutTime?: (seconds: number) => void;
  /** Killed past this; a stuck decode must not hold a job forever. */
  timeoutMs?: number;
  /** Exit codes that are not failures (a probe with `-i` only exits 1 by design). */
  okCodes?: number[];
};

export type FfmpegRun = { code: number; stderr: string };

/**
 * Runs ffmpeg with `args` (after -hide_banner -nostdin -y). With onOutTime, `-progress pipe:1`
 * is added and stdout parsed; otherwise stdout is discarded. Rejects with a StudioError naming
 * ffmpeg's last stderr lines when it exits with a code not in okCodes (default [0]).
 */
export function runFfmpeg(args: string[], options: FfmpegRunOptions = {}): Promise<FfmpegRun> {
  const { signal, onOutTime, timeoutMs, okCodes = [0] } = options;
  const full = ["-hide_banner", "-nostdin", "-y"];
  if (onOutTime) full.push("-progress", "pipe:1", "-nostats");
  full.push(...args);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const child = spawn(ffmpegPath, full, { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    let stdoutRest = "";
    let killedBy: "abort" | "timeout" | null = null;
    const kill = (why: "abort" | "timeout") => {
      killedBy ??= why;
      child.kill("SIGKILL");
    };
    const onAbort = () => kill("abort");
    signal?.addEventListener("abort", onAbort, { once: true });
    const timer = timeoutMs ? setTimeout(() => kill("timeout"), timeoutMs) : undefined;
    child.stdout.on("data", (chunk: Buffer) => {
      if (!onOutTime) return;
      const lines = (stdoutRest + chunk.toString("utf8")).split("\n");
      stdoutRest = lines.pop() ?? "";
      for (const line of lines) {
        // out_time_us (out_time_ms is microseconds too, misnamed in ffmpeg); N/A before the first frame.
        const m = /^out_time_(?:us|ms)=(\d+)/.exec(line.trim());
        if (m) onOutTime(Number(m[1]) / 1_000_000);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      // Keep the head (the input banner) and the tail (the error) of a long log.
      if (stderr.length > STDERR_KEEP)
        stderr = stderr.slice(0, STDERR_KEEP / 2) + stderr.slice(-STDERR_KEEP / 2);
    });
    const done = () => {
      signal?.removeEventListener("abort", onAbort);
      if (timer) clearTimeout(timer);
    };
    child.on("error", (error) => {
      done();
      reject(
        new StudioError("internal", `ffmpeg could not start (${ffmpegPath}): ${error.message}`, {
          cause: error,
        }),
      );
    });
    child.on("close", (code) => {
      done();
      if (killedBy === "abort" && signal) return reject(abortReason(signal));
      if (killedBy === "timeout") {
        return reject(
          new StudioError("internal", `ffmpeg was stopped after ${timeoutMs} ms without finishing.`),
        );
      }
      if (code === null || !okCodes.includes(code)) {
        return reject(new StudioError("internal", `ffmpeg exited ${code}: ${lastLines(stderr)}`));
      }
      resolve({ code, stderr });
    });
  });
}

/** The last meaningful lines of an ffmpeg log, for an error message. */
export function lastLines(stderr: string, count = 3): string {
  return stderr.trim().split("\n").slice(-count).join(" | ");
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new StudioError("conflict", "The video job was cancelled.");
}
