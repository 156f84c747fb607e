import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { RequestLog } from "./request-log";
import { handleSandboxRequest } from "./router";

const cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), "sandbox-mount-"));
afterAll(() => fs.rm(cacheDir, { recursive: true, force: true }));

let now = Date.UTC(2031, 5, 1);
const options = { basePath: "/api/sandbox", now: () => now, cacheDir, log: new RequestLog() };
const origin = "http://127.0.0.1:3999";
const auth = { Authorization: "Bearer k", "Content-Type": "application/json", Host: "127.0.0.1:3999" };
const call = (url: string, init: RequestInit = {}) => handleSandboxRequest(new Request(url, init), options);

describe("mounted under a base path", () => {
  it("builds result URLs under the mount and serves them there", async () => {
    const submit = await call(`${origin}/api/sandbox/v2/model-center/tasks`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ model: "vendors_5.0Pro", prompt: "mounted", aspect_ratio: "3:4" }),
    });
    const { id } = await submit.json();
    now += 31_000;
    const task = await (
      await call(`${origin}/api/sandbox/v2/model-center/tasks/${id}`, { headers: auth })
    ).json();
    expect(task.image_url.startsWith(`${origin}/api/sandbox/files/${id}/image.jpg?`)).toBe(true);
    const image = await call(task.image_url);
    expect(image.status).toBe(200);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 768, height: 1024 });
    expect(options.log.list().map((e) => e.path.split("?")[0])).toEqual([
      "/v2/model-center/tasks",
      `/v2/model-center/tasks/${id}`,
      `/files/${id}/image.jpg`,
    ]);
  });

  it("answers 404 for paths outside the mount", async () => {
    expect((await call(`${origin}/v2/model-center/tasks/x`, { headers: auth })).status).toBe(404);
  });
});
