import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * An independent double of the Model Task Service's task API (spec: "Submit task", "Query task",
 * "States and transitions") on a real HTTP listener, for the tracker's tests and benchmark:
 * every answer takes `latencyMs`, a task is queued then processing (progress rising) for
 * `taskDurationMs`, then completed with `result_url` and `video_url` (one URL) that work for
 * `urlLifetimeMs` and answer 403 afterwards. It records when each task was asked about, so poll
 * gaps are measured where the upstream sees them.
 */
export type TaskServiceDoubleOptions = {
  latencyMs: number;
  /** From submit (or seed) to completed; a function gives each task its own. */
  taskDurationMs: number | ((id: string) => number);
  urlLifetimeMs: number;
  /** Size of each result file (an MP4 header, then filler). */
  fileBytes: number;
  /** Share of the duration spent queued before processing. */
  queuedShare: number;
  /** Sends each result file at this rate (bytes per second), so downloads are in flight for a while; 0 = at once. */
  bytesPerSecond: number;
  apiKey: string;
};

type DoubleTask = { id: string; model: string; submittedAt: number; durationMs: number };

/** What a request may be answered with instead of the task (rate limiting, outages). */
export type Interference = { status: number; headers?: Record<string, string>; body?: unknown } | null;

export type TaskServiceDouble = {
  url: string;
  /** Registers tasks as if submitted at `submittedAt` (default now), without a request. */
  seed(ids: readonly string[], options?: { submittedAt?: number; durationMs?: number }): void;
  /** Query times (ms since epoch) per task id, in arrival order. */
  queries: Map<string, number[]>;
  /** Every query in arrival order (task id and time). */
  queryLog: { id: string; at: number }[];
  /** Answer queries with this instead (e.g. 429 with Retry-After) while it returns non-null. */
  interfere: ((id: string) => Interference) | null;
  stats: { submits: number; queries: number; filesServed: number; filesExpired: number; interfered: number };
  /**
   * Every result file request: which task's file, when it began, whether all its bytes went out
   * and when (the last byte handed to the socket: the client may not have read it yet), and the
   * client's TCP port (which process is downloading it, e2e/support/server-process.ts).
   */
  fileTransfers: {
    id: string;
    startedAt: number;
    complete: boolean;
    endedAt: number | null;
    clientPort: number;
  }[];
  /** When a task completed (ms), or null while it runs. */
  completedAt(id: string): number | null;
  close(): Promise<void>;
};

const DEFAULTS: TaskServiceDoubleOptions = {
  latencyMs: 0,
  taskDurationMs: 10_000,
  urlLifetimeMs: 60_000,
  fileBytes: 64 * 1024,
  queuedShare: 0.1,
  bytesPerSecond: 0,
  apiKey: "test-key",
};

// An ftyp box: file-type (and the studio) recognise the bytes as MP4.
const MP4_HEADER = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");

export async function startTaskServiceDouble(
  options: Partial<TaskServiceDoubleOptions> = {},
): Promise<TaskServiceDouble> {
  const o = { ...DEFAULTS, ...options };
  const tasks = new Map<string, DoubleTask>();
  const queries = new Map<string, number[]>();
  const queryLog: { id: string; at: number }[] = [];
  const stats = { submits: 0, queries: 0, filesServed: 0, filesExpired: 0, interfered: 0 };
  const duration = (id: string) =>
    typeof o.taskDurationMs === "function" ? o.taskDurationMs(id) : o.taskDurationMs;
  let counter = 0;
  const file = Buffer.alloc(Math.max(o.fileBytes, MP4_HEADER.length), 7);
  MP4_HEADER.copy(file);

  const double: TaskServiceDouble = {
    url: "",
    queries,
    queryLog,
    interfere: null,
    stats,
    fileTransfers: [],
    seed(ids, seedOptions = {}) {
      const submittedAt = seedOptions.submittedAt ?? Date.now();
      for (const id of ids) {
        tasks.set(id, {
          id,
          model: "sd_2.5_ORelay",
          submittedAt,
          durationMs: seedOptions.durationMs ?? duration(id),
        });
      }
    },
    completedAt(id) {
      const task = tasks.get(id);
      if (!task) return null;
      const at = task.submittedAt + task.durationMs;
      return Date.now() >= at ? at : null;
    },
    close: async () => undefined,
  };

  const taskObject = (task: DoubleTask, now: number) => {
    const elapsed = now - task.submittedAt;
    const base = {
      id: task.id,
      object: "video",
      created: Math.floor(task.submittedAt / 1000),
      model: task.model,
      error: null,
    };
    if (elapsed < task.durationMs * o.queuedShare) return { ...base, status: "queued", progress: 0 };
    if (elapsed < task.durationMs) {
      return { ...base, status: "processing", progress: Math.floor((elapsed / task.durationMs) * 100) };
    }
    const completedAt = task.submittedAt + task.durationMs;
    const expires = Math.floor((completedAt + o.urlLifetimeMs) / 1000);
    const url = `${double.url}/files/${encodeURIComponent(task.id)}.mp4?expires=${expires}&sig=double`;
    return {
      ...base,
      status: "completed",
      progress: 100,
      result_url: url,
      video_url: url,
      amount: 0.4,
      actualDuration: 5,
    };
  };

  const answer = (res: http.ServerResponse, status: number, body: unknown, headers = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const arrived = Date.now();
    const url = new URL(req.url ?? "/", "http://double");
    const fileMatch = /^\/files\/([^/]+)\.mp4$/.exec(url.pathname);
    const queryMatch = /^\/v2\/model-center\/tasks\/([^/]+)$/.exec(url.pathname);
    if (queryMatch && req.method === "GET") {
      const id = decodeURIComponent(queryMatch[1]);
      stats.queries++;
      queryLog.push({ id, at: arrived });
      const list = queries.get(id);
      if (list) list.push(arrived);
      else queries.set(id, [arrived]);
    }
    if (o.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, o.latencyMs));

    if (fileMatch && req.method === "GET") {
      const expires = Number(url.searchParams.get("expires"));
      if (!Number.isFinite(expires) || Date.now() >= expires * 1000) {
        stats.filesExpired++;
        res.writeHead(403, { "content-type": "application/xml" });
        return void res.end("<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>");
      }
      stats.filesServed++;
      const transfer = {
        id: decodeURIComponent(fileMatch[1]),
        startedAt: Date.now(),
        complete: false,
        endedAt: null as number | null,
        clientPort: req.socket.remotePort ?? 0,
      };
      double.fileTransfers.push(transfer);
      res.writeHead(200, { "content-type": "video/mp4", "content-length": String(file.length) });
      transfer.complete = await sendPaced(res, file, o.bytesPerSecond);
      if (transfer.complete) transfer.endedAt = Date.now();
      return;
    }
    if (req.headers.authorization !== `Bearer ${o.apiKey}`) {
      return answer(res, 401, { error: { message: "invalid API key" } });
    }
    if (url.pathname === "/v2/model-center/tasks" && req.method === "POST") {
      let body: { model?: unknown };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return answer(res, 400, { error: { message: "body is not JSON" } });
      }
      if (typeof body.model !== "string")
        return answer(res, 400, { error: { message: "model is required" } });
      stats.submits++;
      const id = `dbl-${Date.now().toString(36)}-${++counter}`;
      const task = { id, model: body.model, submittedAt: Date.now(), durationMs: duration(id) };
      tasks.set(id, task);
      return answer(res, 200, taskObject(task, Date.now()));
    }
    if (queryMatch && req.method === "GET") {
      const id = decodeURIComponent(queryMatch[1]);
      const interference = double.interfere?.(id) ?? null;
      if (interference) {
        stats.interfered++;
        return answer(res, interference.status, interference.body ?? { error: { message: "slow down" } }, {
          ...interference.headers,
        });
      }
      const task = tasks.get(id);
      if (!task) return answer(res, 404, { error: { message: `task ${id} not found` } });
      return answer(res, 200, taskObject(task, Date.now()));
    }
    answer(res, 404, { error: { message: `no route ${req.method} ${url.pathname}` } });
  };

  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  // A real upstream keeps connections open: the studio's keep-alive pool is what is measured.
  server.keepAliveTimeout = 60_000;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  double.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return double;
}

/** Gaps (ms) between consecutive queries of each task; with the window's edges when given. */
/**
 * Writes `body` in tenths of a second's worth at `bytesPerSecond`. True when every byte went out;
 * false when the client went away first (its process was killed mid-download).
 */
async function sendPaced(res: http.ServerResponse, body: Buffer, bytesPerSecond: number): Promise<boolean> {
  let gone = false;
  res.on("close", () => (gone = !res.writableFinished));
  if (bytesPerSecond <= 0) {
    await new Promise<void>((resolve) => res.end(body, resolve));
    return true;
  }
  const slice = Math.max(1, Math.floor(bytesPerSecond / 10));
  for (let at = 0; at < body.length && !gone; at += slice) {
    if (at > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    // No pause after the last slice: the client has every byte then, and may store the file before
    // a late end() would mark the transfer complete.
    if (!gone) res.write(body.subarray(at, at + slice));
  }
  if (gone) return false;
  await new Promise<void>((resolve) => res.end(resolve));
  return true;
}

export function pollGaps(
  queries: Map<string, number[]>,
  ids: readonly string[],
  window?: { from: number; to: number },
): { gaps: number[]; longestPerTask: Map<string, number> } {
  const gaps: number[] = [];
  const longestPerTask = new Map<string, number>();
  for (const id of ids) {
    const times = (queries.get(id) ?? []).filter((t) => !window || (t >= window.from && t <= window.to));
    const points = window ? [window.from, ...times, window.to] : times;
    let longest = 0;
    for (let i = 1; i < points.length; i++) {
      const gap = points[i] - points[i - 1];
      // The window's edges bound how long a task went unpolled; only poll-to-poll gaps are gaps.
      const edge = window && (i === 1 || i === points.length - 1);
      if (!edge) gaps.push(gap);
      longest = Math.max(longest, gap);
    }
    longestPerTask.set(id, longest);
  }
  return { gaps, longestPerTask };
}
