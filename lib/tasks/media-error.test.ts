/**
 * Members never read internal addresses in a task's error texts: a download into an S3 server that
 * is down stores the driver's words (host and port) on the media row; the task as a member sees it
 * names the failure only, as an admin sees it keeps the detail.
 */
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server } from "../storage/testing/s3-server";
import { setEnv } from "../testing/env-vars";
import { startFakeUpstream, type FakeUpstream } from "../upstream/testing/fake-upstream";
import { downloadMedia } from "./download-media";
import { loadTask } from "./load-task";
import { maskInternal } from "./media-error";
import { presentTask } from "./present-task";
import { seedTask, taskTestbed } from "./testing/task-fixtures";
import { inChinese } from "../testing/zh-failure";

let host: FakeUpstream;
let bed: ReturnType<typeof taskTestbed>;
let restoreEnv: () => void;
let s3Endpoint: string;

beforeAll(async () => {
  const s3 = await startS3Server();
  s3Endpoint = s3.endpoint;
  restoreEnv = setEnv(s3.env);
  await s3.close(); // the store is down for the whole file
  host = await startFakeUpstream(() => ({
    stream: () => Readable.from([Buffer.from("\x89PNG\r\n\x1a\n"), Buffer.alloc(2048)]),
    headers: { "content-type": "image/png" },
  }));
  bed = taskTestbed({ downloads: { backoffMs: 1_000, maxAttempts: 3 } });
  bed.deps.fetchPolicy = { allow: [host.url] };
});
afterAll(async () => {
  restoreEnv();
  await host.close();
  await bed.cleanup();
});

describe("error texts shown to members", () => {
  it("a download into an S3 that is down names the failure, not the store's address", async () => {
    await seedTask(bed.db, {
      id: "mask-1",
      status: "completed",
      finishedAt: new Date(bed.now()),
      mediaState: "pending",
    });
    const media = await bed.db.media.create({
      data: {
        taskId: "mask-1",
        role: "result",
        fields: "result_url",
        sourceUrl: `${host.url}/r/image.png`,
        nextAttemptAt: new Date(bed.now()),
      },
    });
    await downloadMedia(media.id, bed.deps);
    const stored = (await bed.db.media.findUniqueOrThrow({ where: { id: media.id } })).error!;
    const address = new URL(s3Endpoint).host;
    // The row names the store and what to expect; the address goes to the log only (faults.md).
    expect(stored).toBe(
      "The media store is unavailable (it could not be reached), so the file could not be stored; the download is tried again.",
    );
    expect(bed.logs.some((line) => line.text.includes(address))).toBe(true);

    const task = (await loadTask(bed.db, "mask-1"))!;
    const member = presentTask(task, "https://studio.example", undefined, bed.now(), "member");
    expect(JSON.stringify(member)).not.toContain(address);
    expect(member.studio.media[0].error).toBe(stored);
    // A Chinese page words it from the code, naming the kind of fault in its own words.
    const shown = member.studio.media[0];
    expect(shown).toMatchObject({
      errorCode: "download_store_unavailable",
      errorParams: { kind: "unreachable", detail: "it could not be reached" },
    });
    expect(inChinese({ code: shown.errorCode!, message: shown.error!, params: shown.errorParams! })).toBe(
      "媒体存储不可用（无法连接），文件未能保存；下载会自动重试。",
    );
  });

  it("masks addresses and paths in every form Node's errors use, and leaves times and API paths", () => {
    expect(maskInternal("The download broke off: connect ECONNREFUSED 127.0.0.1:9000.")).toBe(
      "The download broke off: connection refused {internal address}.",
    );
    expect(maskInternal("connect ECONNREFUSED ::1:9000")).toBe("connection refused {internal address}");
    expect(maskInternal("getaddrinfo ENOTFOUND minio.internal:9000 via http://10.0.0.5/x")).toBe(
      "getaddrinfo host not found {internal address} via {internal address}",
    );
    expect(maskInternal("ENOSPC: no space left on device, open '/var/lib/studio/media/tasks/t1/a.png'")).toBe(
      "disk full: no space left on device, open '{path}'",
    );
    expect(maskInternal("POST /v2/model-center/tasks answered HTTP 503 at 2026-11-26T13:44:47.000Z")).toBe(
      "POST /v2/model-center/tasks answered HTTP 503 at 2026-11-26T13:44:47.000Z",
    );
  });
});
