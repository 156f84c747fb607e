import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createThumbnail } from "../storage/thumbnails";
import { startFakeUpstream, type CannedAnswer, type FakeUpstream } from "../upstream/testing/fake-upstream";
import { downloadMedia } from "./download-media";
import { answerFailure } from "../failure-fields";
import { loadTask } from "./load-task";
import { presentTask } from "./present-task";
import { mediaResponse } from "./serve-media";
import { listFiles, seedTask, taskTestbed } from "./testing/task-fixtures";
import { inChinese, rowInChinese } from "../testing/zh-failure";

let host: FakeUpstream;
let files: Record<string, CannedAnswer | CannedAnswer[]> = {};
let bed: ReturnType<typeof taskTestbed>;
let png: Buffer;
let seq = 0;

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

beforeAll(async () => {
  host = await startFakeUpstream(({ path: p }) => {
    const key = p.split("?")[0];
    const answer = files[key];
    if (Array.isArray(answer)) return answer.length > 1 ? answer.shift()! : answer[0];
    return answer ?? { status: 404, text: "no such file" };
  });
  bed = taskTestbed({ downloads: { backoffMs: 1_000, maxAttempts: 3 } });
  // A file host on loopback, allowed as FETCH_ALLOW_PRIVATE would allow an internal store.
  bed.deps.fetchPolicy = { allow: [host.url] };
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#cc5533" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await host.close();
  await bed.cleanup();
});
beforeEach(() => {
  files = {};
});

/** A completed task with one media row per URL path, as refresh-task leaves it. */
async function completedTask(media: { path: string; role?: string; query?: string }[]) {
  const id = `dl-${++seq}`;
  await seedTask(bed.db, { id, status: "completed", finishedAt: new Date(bed.now()), mediaState: "pending" });
  const rows = [];
  for (const m of media) {
    rows.push(
      await bed.db.media.create({
        data: {
          taskId: id,
          role: m.role ?? "result",
          fields: "result_url",
          sourceUrl: `${host.url}${m.path}${m.query ?? ""}`,
          nextAttemptAt: new Date(bed.now()),
        },
      }),
    );
  }
  return { id, media: rows };
}

const mediaRow = (id: string) => bed.db.media.findUniqueOrThrow({ where: { id } });
const taskRow = (id: string) => bed.db.task.findUniqueOrThrow({ where: { id } });
const taskFiles = (taskId: string) => listFiles(path.join(bed.mediaDir(), "tasks", taskId));

describe("downloadMedia", () => {
  it("stores the exact bytes with their sha256, type and a thumbnail", async () => {
    files["/r/image.png"] = {
      stream: () => Readable.from([png.subarray(0, 100), png.subarray(100)]),
      headers: { "content-type": "image/png" },
    };
    const { id, media } = await completedTask([{ path: "/r/image.png" }]);
    const deps = { ...bed.deps, createThumbnail };
    expect(await downloadMedia(media[0].id, deps)).toBe(true);

    const row = await mediaRow(media[0].id);
    expect(row).toMatchObject({
      status: "stored",
      contentType: "image/png",
      size: png.length,
      sha256: sha(png),
      error: null,
    });
    expect(Buffer.compare(fs.readFileSync(path.join(bed.mediaDir(), row.path!)), png)).toBe(0);
    expect(row.path).toBe(`tasks/${id}/${row.id}.png`);
    expect(row.thumbPath).toBeTruthy();
    expect(fs.existsSync(path.join(bed.mediaDir(), row.thumbPath!))).toBe(true);
    expect((await taskRow(id)).mediaState).toBe("stored");
    expect(await downloadMedia(media[0].id, deps)).toBe(false); // already stored: nothing to claim
  });

  it("never leaves a temp file behind when the stream breaks off", async () => {
    files["/r/broken.mp4"] = {
      stream: () =>
        (() => {
          let sent = 0;
          return new Readable({
            read() {
              this.push(Buffer.alloc(64 * 1024, 1));
              if (++sent >= 3) this.destroy(new Error("boom"));
            },
          });
        })(),
      headers: { "content-type": "video/mp4", "content-length": "10000000" },
    };
    const { id, media } = await completedTask([{ path: "/r/broken.mp4" }]);
    await downloadMedia(media[0].id, bed.deps);
    const row = await mediaRow(media[0].id);
    expect(row.status).toBe("pending");
    // The network's own words ("terminated") are kept as the reason, in both languages.
    const { reason } = JSON.parse(row.errorParams!) as { reason: string };
    expect(row).toMatchObject({
      errorCode: "download_broke_off",
      error: `The download broke off: ${reason}.`,
    });
    expect(rowInChinese(row)).toBe(`下载中断：${reason}。`);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(bed.now());
    expect(taskFiles(id)).toEqual([]);
    expect((await taskRow(id)).mediaState).toBe("pending");
  });

  it("removes the file when its task was deleted while it downloaded", async () => {
    const video = Buffer.concat([
      Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex"),
      randomBytes(200_000),
    ]);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    files["/r/deleted.mp4"] = {
      stream: () =>
        Readable.from(
          (async function* () {
            yield video.subarray(0, 1000);
            await released;
            yield video.subarray(1000);
          })(),
        ),
      headers: { "content-type": "video/mp4" },
    };
    const { id, media } = await completedTask([{ path: "/r/deleted.mp4" }]);
    const download = downloadMedia(media[0].id, bed.deps);
    while (host.count("/r/deleted.mp4") === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    // The gallery deletes the task (its rows; no file exists yet to remove) mid-download.
    await bed.db.task.delete({ where: { id } });
    release();
    await expect(download).resolves.toBe(true);
    expect(taskFiles(id)).toEqual([]);
    expect(fs.existsSync(path.join(bed.mediaDir(), "tasks", id))).toBe(false);
    expect(bed.logs.some((l) => l.text.includes("its task was deleted during the download"))).toBe(true);
  });

  it("rejects an HTML error page served as a video, then gives up", async () => {
    files["/r/page.mp4"] = {
      text: "<!DOCTYPE html><html><body><h1>Rate limited</h1></body></html>",
      headers: { "content-type": "video/mp4" },
    };
    const { id, media } = await completedTask([{ path: "/r/page.mp4" }]);
    for (let attempt = 1; attempt <= 3; attempt++) {
      bed.advance(60_000);
      await downloadMedia(media[0].id, bed.deps);
    }
    const row = await mediaRow(media[0].id);
    expect(row.status).toBe("failed");
    expect(row.error).toBe(
      "The upstream URL served an HTML page, not an image, video or audio file. Gave up after 3 attempts.",
    );
    // Coded for the page's language: the last attempt's failure is the cause.
    expect(row.errorCode).toBe("download_gave_up");
    expect(JSON.parse(row.errorParams!)).toEqual({
      cause: {
        code: "download_html_page",
        message: "The upstream URL served an HTML page, not an image, video or audio file.",
      },
      attempts: 3,
    });
    expect(rowInChinese(row)).toBe(
      "上游 URL 返回的是 HTML 网页，而不是图像、视频或音频文件。已尝试 3 次，不再重试。",
    );
    expect(row.attempts).toBe(3);
    expect(taskFiles(id)).toEqual([]);
    expect(await taskRow(id)).toMatchObject({ status: "completed", mediaState: "failed" });
  });

  it("marks an expired URL as expired at once; the task stays completed", async () => {
    const past = Math.floor(bed.now() / 1000) - 60;
    files["/r/old.mp4"] = {
      status: 403,
      text: "<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>",
      headers: { "content-type": "application/xml" },
    };
    const { id, media } = await completedTask([
      { path: "/r/old.mp4", query: `?expires=${past}&signature=abc` },
    ]);
    await downloadMedia(media[0].id, bed.deps);
    const row = await mediaRow(media[0].id);
    expect(row.status).toBe("expired");
    expect(row.attempts).toBe(1);
    const expiredAt = new Date(past * 1000).toISOString();
    expect(row.error).toBe(
      `The upstream URL expired at ${expiredAt} (HTTP 403) before the file could be stored.`,
    );
    expect(row).toMatchObject({ errorCode: "download_url_expired" });
    expect(rowInChinese(row)).toBe(`上游 URL 已于 ${expiredAt} 过期（HTTP 403），文件未能在此之前保存。`);
    expect(await taskRow(id)).toMatchObject({ status: "completed", mediaState: "expired" });
  });

  it("calls a URL expired after 404 on every attempt when it carries no expiry", async () => {
    const { media } = await completedTask([{ path: "/r/missing.mp4" }]);
    await downloadMedia(media[0].id, bed.deps);
    expect((await mediaRow(media[0].id)).status).toBe("pending");
    for (let i = 0; i < 2; i++) {
      bed.advance(60_000);
      await downloadMedia(media[0].id, bed.deps);
    }
    const row = await mediaRow(media[0].id);
    expect(row.status).toBe("expired");
    expect(row.error).toBe(
      "The upstream URL answered HTTP 404 on all 3 attempts; it has most likely expired.",
    );
    expect(row).toMatchObject({
      errorCode: "download_gone",
      errorParams: JSON.stringify({ status: 404, attempts: 3 }),
    });
    expect(rowInChinese(row)).toBe("上游 URL 在全部 3 次尝试中均返回 HTTP 404，很可能已经过期。");
  });

  it("retries with backoff and then stores the file", async () => {
    // Bytes of no known format (random ones sometimes start like one, e.g. a BMP's "BM").
    const video = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7 + 3) % 251));
    files["/r/flaky.mp4"] = [
      { status: 503, text: "busy" },
      { stream: () => Readable.from([video]), headers: { "content-type": "video/mp4" } },
    ];
    const { id, media } = await completedTask([{ path: "/r/flaky.mp4" }]);
    await downloadMedia(media[0].id, bed.deps);
    const first = await mediaRow(media[0].id);
    expect(first).toMatchObject({
      status: "pending",
      error: "The upstream URL answered HTTP 503.",
      errorCode: "download_http_status",
      attempts: 1,
    });
    const wait = first.nextAttemptAt.getTime() - bed.now();
    expect(wait).toBeGreaterThanOrEqual(800);
    expect(wait).toBeLessThanOrEqual(1_200);

    bed.advance(wait);
    await downloadMedia(media[0].id, bed.deps);
    const row = await mediaRow(media[0].id);
    expect(row).toMatchObject({
      status: "stored",
      sha256: sha(video),
      size: video.length,
      attempts: 2,
      // A stored file keeps no failure of an earlier attempt, in any of its columns.
      error: null,
      errorCode: null,
      errorParams: null,
    });
    // Random bytes are no known format: the declared type is kept.
    expect(row.contentType).toBe("video/mp4");
    expect(await taskRow(id)).toMatchObject({ mediaState: "stored" });
  });

  it("keeps one file on disk when two URLs carry the same bytes", async () => {
    files["/r/a.png"] = { stream: () => Readable.from([png]), headers: { "content-type": "image/png" } };
    files["/r/b.png"] = { stream: () => Readable.from([png]), headers: { "content-type": "image/png" } };
    const { id, media } = await completedTask([{ path: "/r/a.png" }, { path: "/r/b.png", role: "extra" }]);
    await downloadMedia(media[0].id, bed.deps);
    await downloadMedia(media[1].id, bed.deps);
    const [a, b] = [await mediaRow(media[0].id), await mediaRow(media[1].id)];
    expect(a.status).toBe("stored");
    expect(b.status).toBe("stored");
    expect(b.path).toBe(a.path);
    expect(taskFiles(id)).toEqual([path.basename(a.path!)]);
  });

  it("reports partial when the result is stored but the last frame expired", async () => {
    files["/r/v.png"] = { stream: () => Readable.from([png]), headers: { "content-type": "image/png" } };
    const past = Math.floor(bed.now() / 1000) - 1;
    files["/r/last.png"] = { status: 403, text: "expired" };
    const { id, media } = await completedTask([
      { path: "/r/v.png" },
      { path: "/r/last.png", role: "last_frame", query: `?expires=${past}` },
    ]);
    await downloadMedia(media[0].id, bed.deps);
    await downloadMedia(media[1].id, bed.deps);
    expect((await taskRow(id)).mediaState).toBe("partial");
  });

  it("streams a 200 MB file to disk with flat memory", async () => {
    const MB = 1024 * 1024;
    const served = new Map<string, string>();
    const generated = (name: string, total: number): CannedAnswer => ({
      stream: () => {
        const hash = createHash("sha256");
        const block = randomBytes(MB);
        let sent = 0;
        return new Readable({
          read() {
            if (sent >= total) {
              served.set(name, hash.digest("hex"));
              return void this.push(null);
            }
            block[0] = sent / MB; // every MB differs
            hash.update(block);
            sent += MB;
            this.push(Buffer.from(block));
          },
        });
      },
      headers: { "content-type": "video/mp4", "content-length": String(total) },
    });
    files["/r/warm.mp4"] = generated("warm", 16 * MB);
    files["/r/large.mp4"] = generated("large", 200 * MB);
    const { media } = await completedTask([{ path: "/r/warm.mp4" }, { path: "/r/large.mp4" }]);
    // A first, smaller download settles one-off allocations (modules, sockets, buffers pools).
    await downloadMedia(media[0].id, bed.deps);

    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    try {
      await downloadMedia(media[1].id, bed.deps);
    } finally {
      clearInterval(sampler);
    }
    const row = await mediaRow(media[1].id);
    expect(row).toMatchObject({ status: "stored", size: 200 * MB, sha256: served.get("large") });
    expect(fs.statSync(path.join(bed.mediaDir(), row.path!)).size).toBe(200 * MB);
    // Buffering the body would add at least its 200 MB.
    expect(peak - before).toBeLessThan(60 * MB);
  }, 120_000);
});

describe("downloadMedia and the SSRF-safe fetch", () => {
  it("a result URL redirecting to 127.0.0.1 is refused, not stored", async () => {
    // An internal service on loopback that the studio must never be made to read.
    const internal = await startFakeUpstream(() => ({
      stream: () => Readable.from([png]),
      headers: { "content-type": "image/png" },
    }));
    try {
      // The file host is allowed (as a configured upstream is); where it redirects to is not.
      files["/r/moved.png"] = { status: 302, text: "", headers: { location: `${internal.url}/secret.png` } };
      const { id, media } = await completedTask([{ path: "/r/moved.png" }]);
      const deps = { ...bed.deps, fetchPolicy: { allow: [`${host.url}/r`] } };
      await downloadMedia(media[0].id, deps);

      expect(internal.requests).toHaveLength(0);
      const row = await mediaRow(media[0].id);
      expect(row.status).toBe("failed");
      expect(row.attempts).toBe(1);
      expect(row.error).toMatch(/^The result URL is on an address the studio does not fetch/);
      expect(row.error).toMatch(/Refused: 127\.0\.0\.1 is .*redirect/);
      expect(row.error).toContain(`FETCH_ALLOW_PRIVATE=${internal.url}`);
      expect(row.path).toBeNull();
      expect(taskFiles(id)).toEqual([]);
      expect(await taskRow(id)).toMatchObject({ mediaState: "failed" });
      expect(row.errorCode).toBe("download_refused_address");

      // A member reads that it was refused, in either language; only an admin reads the address
      // and the setting that allows it, in the params too.
      const task = (await loadTask(bed.db, id))!;
      const asMember = presentTask(task, "https://studio.example", undefined, bed.now(), "member").studio
        .media[0];
      expect(asMember).toMatchObject({ errorCode: "download_refused_address", errorParams: null });
      expect(JSON.stringify(asMember)).not.toContain("127.0.0.1");
      expect(inChinese(answerFailure(asMember))).toBe(
        "结果 URL 位于工作室不会访问的地址（私有或内部网络），因此文件未保存。管理员可以允许该地址，之后请重试下载。",
      );
      const asAdmin = presentTask(task, "https://studio.example", undefined, bed.now(), "admin").studio
        .media[0];
      expect(asAdmin).toMatchObject({
        errorCode: "download_refused_address_allow",
        errorParams: { origin: internal.url, setting: "FETCH_ALLOW_PRIVATE" },
      });
      expect(inChinese(answerFailure(asAdmin))).toMatch(
        new RegExp(
          `^结果 URL 位于.*拒绝原因：127\\.0\\.0\\.1 .*FETCH_ALLOW_PRIVATE=${internal.url.replace(/[.]/g, "\\.")}，`,
        ),
      );
      // Asked for the file itself, a member's 404 says why in the same words, and carries the code.
      const owner = await bed.db.user.create({ data: { name: "Mo", email: `mo-${id}@example.com` } });
      await bed.db.task.update({ where: { id }, data: { userId: owner.id } });
      const fileOf = (viewer: { id: string; role: "member" | "admin" }) =>
        mediaResponse(
          bed.db,
          { ...viewer, via: "session" },
          new Request("http://studio/x"),
          media[0].id,
        ).catch((error: unknown) => error as { message: string; details: Record<string, unknown> });
      const refusal = (await fileOf({ id: owner.id, role: "member" })) as {
        message: string;
        details: Record<string, unknown>;
      };
      expect(refusal.message).toBe(`Media ${media[0].id} could not be stored: ${asMember.error}`);
      expect(refusal.details).toMatchObject({
        mediaStatus: "failed",
        reasonCode: "download_refused_address",
        reasonParams: null,
      });
      const forAdmin = (await fileOf({ id: "an-admin", role: "admin" })) as {
        details: Record<string, unknown>;
      };
      expect(forAdmin.details).toMatchObject({
        reasonCode: "download_refused_address_allow",
        reasonParams: { origin: internal.url },
      });
      // Final: a later pass does not try again.
      bed.advance(600_000);
      expect(await downloadMedia(media[0].id, deps)).toBe(false);
      expect(host.count("/r/moved.png")).toBe(1);
    } finally {
      await internal.close();
    }
  });
});
