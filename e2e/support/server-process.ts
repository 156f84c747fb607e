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

/**
 * The local ports of the TCP connections that the processes of one process group hold open to a
 * local server port: which studio process a request that server received came from (its client
 * port), seen from the outside.
 */
export function clientPortsOfGroup(groupId: number, serverPort: number): Set<number> {
  const hexPort = serverPort.toString(16).toUpperCase().padStart(4, "0");
  const portOfInode = new Map<string, number>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // rem_address is "ADDR:PORT"; state 01 is ESTABLISHED.
      if (cols[2]?.endsWith(`:${hexPort}`) && cols[3] === "01") {
        portOfInode.set(cols[9], parseInt(cols[1].split(":")[1], 16));
      }
    }
  }
  const ports = new Set<number>();
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      // "pid (comm) state ppid pgrp …": the comm may hold spaces, so read after its ")".
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== groupId) continue;
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        const inode = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        const port = inode && portOfInode.get(inode);
        if (port) ports.add(port);
      }
    } catch {
      // the process or the fd went away while we looked
    }
  }
  return ports;
}
