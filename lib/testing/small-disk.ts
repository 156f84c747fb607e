import { execFileSync } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * How the small disk was made, most faithful first: a tmpfs mount (needs root / CAP_SYS_ADMIN), a
 * loop-mounted ext4 image (the same, plus loop devices), or — where the container allows no mount —
 * a wrapper around node:fs/promises that fails writes under the folder with ENOSPC once the files
 * there would pass the size, and reports the free space statfs would.
 */
export type DiskMechanism = "tmpfs" | "ext4 image" | "ENOSPC wrapper";

export type SmallDisk = {
  dir: string;
  mechanism: DiskMechanism;
  /** Bytes free now, as the media store's health check reads them (statfs). */
  freeBytes(): Promise<number>;
  /**
   * Writes a file of zeros that leaves `leaveFreeBytes` free (0: the disk is full, not one more
   * byte fits); returns its path.
   */
  fill(name: string, leaveFreeBytes?: number): Promise<string>;
  release(): Promise<void>;
};

const MECHANISMS: DiskMechanism[] = ["tmpfs", "ext4 image", "ENOSPC wrapper"];

/**
 * A folder on a disk of about `sizeBytes`, for full-disk tests. Never skips: when one mechanism is
 * refused the next is tried, and the last needs nothing from the system. FAULT_DISK=<mechanism>
 * forces one (to check a fallback on a machine that could mount).
 */
export function smallDisk(sizeBytes: number): SmallDisk {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "small-disk-"));
  const dir = path.join(scratch, "disk");
  fs.mkdirSync(dir);
  const forced = MECHANISMS.find((m) => m === process.env.FAULT_DISK);
  const failures: string[] = [];
  for (const mechanism of forced ? [forced] : MECHANISMS) {
    try {
      const release = make(mechanism, scratch, dir, sizeBytes);
      const disk: SmallDisk = {
        dir,
        mechanism,
        freeBytes: async () => {
          const stat = await fsp.statfs(dir);
          return stat.bavail * stat.bsize;
        },
        fill: async (name, leaveFreeBytes = 0) => {
          const file = path.join(dir, name);
          if (leaveFreeBytes === 0) return fillDisk(file);
          return fillDisk(file, Math.max(0, (await disk.freeBytes()) - leaveFreeBytes));
        },
        release: async () => {
          release();
          fs.rmSync(scratch, { recursive: true, force: true });
        },
      };
      if (failures.length) console.info(`[small-disk] using ${mechanism}: ${failures.join("; ")}`);
      return disk;
    } catch (error) {
      failures.push(`${mechanism} refused (${(error as Error).message.split("\n")[0]})`);
    }
  }
  throw new Error(`No small disk could be made: ${failures.join("; ")}`);
}

function make(mechanism: DiskMechanism, scratch: string, dir: string, sizeBytes: number): () => void {
  const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { stdio: "pipe" });
  if (mechanism === "tmpfs") {
    run("mount", ["-t", "tmpfs", "-o", `size=${sizeBytes}`, "tmpfs", dir]);
    return () => run("umount", [dir]);
  }
  if (mechanism === "ext4 image") {
    const image = path.join(scratch, "disk.img");
    // Room for ext4's own tables beside the files; no blocks reserved for root (tests run as root).
    fs.writeFileSync(image, "");
    fs.truncateSync(image, sizeBytes + 2 * 1024 * 1024);
    run("mkfs.ext4", ["-q", "-F", "-m", "0", image]);
    run("mount", ["-o", "loop", image, dir]);
    return () => run("umount", [dir]);
  }
  return wrapFsWithQuota(dir, sizeBytes);
}

// Zeros, one block at a time, until `bytes` are written or the disk refuses even one byte.
function fillDisk(file: string, bytes = Infinity): string {
  const block = Buffer.alloc(64 * 1024);
  const fd = fs.openSync(file, "w");
  try {
    let left = bytes;
    let size = block.length;
    while (left > 0) {
      try {
        left -= fs.writeSync(fd, block, 0, Math.min(size, left));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
        if (size === 1) {
          if (bytes === Infinity) return file;
          throw error;
        }
        // The last bytes: smaller writes until not even one fits.
        size = Math.max(1, size >> 1);
      }
    }
    return file;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The last resort: node:fs/promises (which the media store and its health check use) and sync
 * writes under `dir` (the fill) act as if `dir` were a disk of `capacity` bytes. Returns the undo.
 */
function wrapFsWithQuota(dir: string, capacity: number): () => void {
  const inside = (file: unknown) =>
    typeof file === "string" && path.resolve(file).startsWith(`${path.resolve(dir)}${path.sep}`);
  const used = () =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
  const noSpace = (syscall: string) =>
    Object.assign(new Error(`ENOSPC: no space left on device, ${syscall}`), {
      code: "ENOSPC",
      errno: -28,
      syscall,
    });
  const check = (bytes: number, syscall: string) => {
    if (bytes > 0 && used() + bytes > capacity) throw noSpace(syscall);
  };
  const byteLength = (data: unknown, length?: unknown, offset?: unknown) => {
    if (typeof data === "string") return Buffer.byteLength(data);
    const view = data as ArrayBufferView;
    return typeof length === "number" ? length : view.byteLength - (typeof offset === "number" ? offset : 0);
  };

  const limitedFds = new Set<number>();
  const original = {
    open: fsp.open,
    writeFile: fsp.writeFile,
    statfs: fsp.statfs,
    openSync: fs.openSync,
    writeSync: fs.writeSync,
    closeSync: fs.closeSync,
  };
  const patch = <T extends object, K extends keyof T>(target: T, key: K, value: T[K]) => {
    (target as Record<K, T[K]>)[key] = value;
  };
  patch(fsp, "open", (async (file: fs.PathLike, ...rest: unknown[]) => {
    const handle = await (original.open as (...args: unknown[]) => Promise<fsp.FileHandle>)(file, ...rest);
    if (inside(file)) wrapHandleWrite(handle);
    return handle;
  }) as typeof fsp.open);
  patch(fsp, "writeFile", (async (file: unknown, data: unknown, ...rest: unknown[]) => {
    if (inside(file)) check(byteLength(data), "write");
    return (original.writeFile as (...args: unknown[]) => Promise<void>)(file, data, ...rest);
  }) as typeof fsp.writeFile);
  patch(fsp, "statfs", (async (file: fs.PathLike, ...rest: unknown[]) => {
    const stat = await (original.statfs as (...args: unknown[]) => Promise<fs.StatsFs>)(file, ...rest);
    if (!inside(file) && path.resolve(String(file)) !== path.resolve(dir)) return stat;
    const free = Math.max(0, Math.floor((capacity - used()) / stat.bsize));
    return Object.assign(Object.create(Object.getPrototypeOf(stat)), stat, { bavail: free, bfree: free });
  }) as typeof fsp.statfs);
  patch(fs, "openSync", ((file: fs.PathLike, ...rest: unknown[]) => {
    const fd = (original.openSync as (...args: unknown[]) => number)(file, ...rest);
    if (inside(file)) limitedFds.add(fd);
    return fd;
  }) as typeof fs.openSync);
  patch(fs, "writeSync", ((
    fd: number,
    data: unknown,
    offset?: unknown,
    length?: unknown,
    ...rest: unknown[]
  ) => {
    if (limitedFds.has(fd)) check(byteLength(data, length, offset), "write");
    return (original.writeSync as (...args: unknown[]) => number)(fd, data, offset, length, ...rest);
  }) as typeof fs.writeSync);
  patch(fs, "closeSync", ((fd: number) => {
    limitedFds.delete(fd);
    original.closeSync(fd);
  }) as typeof fs.closeSync);

  function wrapHandleWrite(handle: fsp.FileHandle) {
    const write = handle.write.bind(handle) as (...args: unknown[]) => Promise<unknown>;
    (handle as unknown as { write: unknown }).write = async (
      data: unknown,
      offset?: unknown,
      length?: unknown,
      ...rest: unknown[]
    ) => {
      check(byteLength(data, length, offset), "write");
      return write(data, offset, length, ...rest);
    };
  }

  return () => {
    Object.assign(fsp, { open: original.open, writeFile: original.writeFile, statfs: original.statfs });
    Object.assign(fs, {
      openSync: original.openSync,
      writeSync: original.writeSync,
      closeSync: original.closeSync,
    });
  };
}
