import fs from "node:fs";

/**
 * The pid of the process listening on a local TCP port (Linux /proc; the e2e server runs on this
 * machine). Used to watch the studio's memory from the outside, as an operator would.
 */
export function listeningPid(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is "ADDR:PORT"; state 0A is LISTEN; inode is column 10.
      if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === "0A") inodes.add(cols[9]);
    }
  }
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return Number(pid);
      } catch {
        // the fd closed while we looked
      }
    }
  }
  throw new Error(`No process listens on port ${port}`);
}

/** Resident memory of a process in bytes. */
export function residentBytes(pid: number): number {
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  if (!kb) throw new Error(`No VmRSS for pid ${pid}`);
  return Number(kb) * 1024;
}
