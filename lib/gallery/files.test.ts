import { LOCAL_USER } from "../auth/local-user";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createThumbnail } from "../storage/thumbnails";
import { thumbnailResponse } from "../tasks/serve-media";
import { createTempDb } from "../testing/temp-db";
import { deleteGalleryItem, deleteGalleryItems } from "./delete";
import { galleryDownloadResponse } from "./download";
import { downloadFileName, promptSlug, uniqueNames } from "../storage/file-names";
import { makeMp4, makePng } from "../testing/media-fixtures";
import { seedTasks } from "./testing/seed-tasks";
import { listGalleryItems } from "./list";
import { galleryZipResponse } from "./zip";

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "gallery-files-media-"));
process.env.MEDIA_DIR = mediaDir;

let temp: ReturnType<typeof createTempDb>;
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const abs = (rel: string) => path.join(mediaDir, rel);

async function storedTask(
  id: string,
  prompt: string,
  files: { rel: string; bytes: Buffer; role?: string }[],
) {
  await seedTasks(temp.db, [
    {
      id,
      prompt,
      model: "sd_2.5_ORelay",
      submittedAt: new Date("2026-11-20T10:00:00Z"),
      media: files.map((f) => ({
        role: f.role ?? "result",
        path: f.rel,
        contentType: f.rel.endsWith(".mp4") ? "video/mp4" : "image/png",
        size: f.bytes.length,
        sha256: sha(f.bytes),
      })),
    },
  ]);
}

beforeAll(() => {
  temp = createTempDb();
});
afterAll(async () => {
  await temp.cleanup();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe("delete", () => {
  it("removes the rows, the stored files and the thumbnails", async () => {
    const video = makeMp4(abs("results/del-1.mp4"), { seconds: 1 });
    const frame = await makePng(abs("results/del-1-last.png"));
    await storedTask("del-1", "to delete", [
      { rel: "results/del-1.mp4", bytes: video },
      { rel: "results/del-1-last.png", bytes: frame, role: "last_frame" },
    ]);
    const media = await temp.db.media.findMany({ where: { taskId: "del-1" } });
    for (const m of media) await createThumbnail(temp.db, m.id);
    const thumbs = (await temp.db.media.findMany({ where: { taskId: "del-1" } })).map((m) => m.thumbPath!);
    expect(thumbs.every((t) => fs.existsSync(abs(t)))).toBe(true);

    const result = await deleteGalleryItem(temp.db, LOCAL_USER, "del-1");
    expect(result).toEqual({ deleted: ["del-1"], notFound: [], removedFiles: 4 });
    for (const rel of ["results/del-1.mp4", "results/del-1-last.png", ...thumbs])
      expect(fs.existsSync(abs(rel))).toBe(false);
    expect(await temp.db.media.count({ where: { taskId: "del-1" } })).toBe(0);
    await expect(deleteGalleryItem(temp.db, LOCAL_USER, "del-1")).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("keeps a file a chat attachment still uses, and reports unknown ids", async () => {
    const bytes = await makePng(abs("results/shared.png"));
    await storedTask("del-2", "shared", [{ rel: "results/shared.png", bytes }]);
    await temp.db.attachment.create({
      data: {
        kind: "image",
        mimeType: "image/png",
        size: bytes.length,
        sha256: sha(bytes),
        path: "results/shared.png",
      },
    });
    const result = await deleteGalleryItems(temp.db, LOCAL_USER, ["del-2", "ghost"]);
    expect(result).toEqual({ deleted: ["del-2"], notFound: ["ghost"], removedFiles: 0 });
    expect(fs.existsSync(abs("results/shared.png"))).toBe(true);
  });
});

describe("thumbnails in the list", () => {
  it("keep their URL when the recorded file is gone, and that URL serves a thumbnail made again", async () => {
    const bytes = await makePng(abs("results/thumb-gone.png"), { width: 800, height: 600 });
    await storedTask("thumb-gone", "thumbgone lost poster", [{ rel: "results/thumb-gone.png", bytes }]);
    const [media] = await temp.db.media.findMany({ where: { taskId: "thumb-gone" } });
    await createThumbnail(temp.db, media.id);
    const rel = (await temp.db.media.findUniqueOrThrow({ where: { id: media.id } })).thumbPath!;
    fs.rmSync(abs(rel));

    const listed = (await listGalleryItems(temp.db, LOCAL_USER, { q: "thumbgone" })).items[0].media[0]
      .thumbnailUrl;
    expect(listed).toBe(`/api/media/${media.id}/thumbnail`);
    const response = await thumbnailResponse(
      temp.db,
      LOCAL_USER,
      new Request(`http://studio${listed}`),
      media.id,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const served = Buffer.from(await response.arrayBuffer());
    expect(served.subarray(8, 12).toString("ascii")).toBe("WEBP");
    expect(served.equals(fs.readFileSync(abs(rel)))).toBe(true);
  });
});

describe("zip download", () => {
  it("streams the selected files byte-identical under meaningful unique names", async () => {
    const v1 = makeMp4(abs("results/z1.mp4"), { seconds: 1 });
    const v2 = makeMp4(abs("results/z2.mp4"), { seconds: 1, width: 320, height: 240 });
    const png = await makePng(abs("results/z2-last.png"), { label: "last" });
    // Same prompt and model on purpose: the short task id keeps the names apart.
    await storedTask("task-zip-0001", "Same prompt", [{ rel: "results/z1.mp4", bytes: v1 }]);
    await storedTask("task-zip-0002", "Same prompt", [
      { rel: "results/z2.mp4", bytes: v2 },
      { rel: "results/z2-last.png", bytes: png, role: "last_frame" },
    ]);
    await seedTasks(temp.db, [
      { id: "task-zip-fail", prompt: "failed one", status: "failed", error: "boom" },
    ]);

    const response = await galleryZipResponse(temp.db, LOCAL_USER, [
      "task-zip-0001",
      "task-zip-0002",
      "task-zip-fail",
      "gone",
    ]);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="model-studio_4-items_.*\.zip"$/,
    );
    const zipBytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(zipBytes.length);

    const file = abs("out.zip");
    fs.writeFileSync(file, zipBytes);
    execFileSync("unzip", ["-tq", file]);
    const names = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n");
    expect(names).toEqual([
      "2026-11-20_sd_2.5_ORelay_same-prompt_kzip0001.mp4",
      "2026-11-20_sd_2.5_ORelay_same-prompt_kzip0002.mp4",
      "2026-11-20_sd_2.5_ORelay_same-prompt_kzip0002_last-frame.png",
      "MISSING.txt",
    ]);
    const entry = (name: string) => execFileSync("unzip", ["-p", file, name], { maxBuffer: 64 << 20 });
    expect(entry(names[0]).equals(v1)).toBe(true);
    expect(entry(names[1]).equals(v2)).toBe(true);
    expect(entry(names[2]).equals(png)).toBe(true);
    expect(entry("MISSING.txt").toString()).toBe(
      "Not included in this archive:\ntask-zip-fail: no result files\ngone: item not found (deleted?)\n",
    );
  });

  it("answers not_found when nothing selected exists", async () => {
    await expect(galleryZipResponse(temp.db, LOCAL_USER, ["nothing"])).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("single download", () => {
  it("serves the stored bytes with a meaningful file name", async () => {
    const bytes = await makePng(abs("results/one.png"));
    await storedTask("dl-1", "Café at dawn, 16:9!", [{ rel: "results/one.png", bytes }]);
    const response = await galleryDownloadResponse(
      temp.db,
      LOCAL_USER,
      new Request("http://studio/x"),
      "dl-1",
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(
      "2026-11-20_sd_2.5_ORelay_cafe-at-dawn-16-9_dl1.png",
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("explains why an expired file cannot be downloaded", async () => {
    await seedTasks(temp.db, [{ id: "dl-2", media: [{ status: "expired", path: null }] }]);
    await expect(
      galleryDownloadResponse(temp.db, LOCAL_USER, new Request("http://studio/x"), "dl-2"),
    ).rejects.toThrow(/upstream URL expired/);
  });
});

describe("file names", () => {
  it("slugs prompts in any script and cuts at a word boundary", () => {
    expect(promptSlug("A dragon — flying over SNOWY mountains at dusk, cinematic 35mm film look")).toBe(
      "a-dragon-flying-over-snowy-mountains-at-dusk",
    );
    expect(promptSlug("一只猫在跳舞")).toBe("一只猫在跳舞");
    expect(promptSlug("!!!")).toBe("");
  });

  it("names every role and numbers repeats", () => {
    const task = {
      id: "abc",
      model: "vendors-5.0",
      prompt: "",
      submittedAt: new Date("2026-01-02T00:00:00Z"),
    };
    expect(downloadFileName(task, { role: "extra", contentType: "image/jpeg", path: null }, 1)).toBe(
      "2026-01-02_vendors-5.0_abc_extra-2.jpg",
    );
    const unique = uniqueNames();
    expect(["a.mp4", "A.mp4", "a.mp4"].map(unique)).toEqual(["a.mp4", "A (2).mp4", "a (3).mp4"]);
  });
});
