/**
 * The asset upload client against a real HTTP listener: what it sends (multipart `file`, bearer
 * key, the file's bytes) and how it reads every plausible answer, or fails saying what came back.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StudioError } from "../errors";
import { assetIdFromAnswer, uploadToAssetLibrary } from "./upload-client";

type Seen = { authorization?: string; contentType?: string; body: Buffer };
let server: http.Server;
let base: string;
let seen: Seen | undefined;
/** What the listener answers next: status and raw body text. */
let answer: { status: number; body: string } = { status: 200, body: "{}" };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "asset-upload-"));
process.env.MEDIA_DIR = dir; // read lazily by env() on first use
let file: { key: string; name: string; contentType: string; size: number };
const BYTES = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));

beforeAll(async () => {
  fs.writeFileSync(path.join(dir, "clip.bin"), BYTES);
  file = { key: "clip.bin", name: 'my "clip".mp4', contentType: "video/mp4", size: BYTES.length };
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen = {
        authorization: req.headers.authorization,
        contentType: req.headers["content-type"],
        body: Buffer.concat(chunks),
      };
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const upload = () => uploadToAssetLibrary({ url: `${base}/upload`, apiKey: "secret-key" }, file);

async function failure(promise: Promise<unknown>): Promise<StudioError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StudioError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("uploadToAssetLibrary", () => {
  it("streams the file as multipart field `file` with the bearer key", async () => {
    answer = { status: 200, body: JSON.stringify({ assetId: "a-1" }) };
    expect(await upload()).toBe("a-1");
    expect(seen!.authorization).toBe("Bearer secret-key");
    const boundary = /boundary=(.+)$/.exec(seen!.contentType!)![1];
    const text = seen!.body.toString("latin1");
    expect(text).toContain('Content-Disposition: form-data; name="file"; filename="my _clip_.mp4"');
    expect(text).toContain("Content-Type: video/mp4");
    const start = seen!.body.indexOf("\r\n\r\n") + 4;
    const end = seen!.body.lastIndexOf(`\r\n--${boundary}--`);
    expect(seen!.body.subarray(start, end).equals(BYTES)).toBe(true);
  });

  it.each([
    [{ assetId: "a-2" }, "a-2"],
    [{ asset_id: "a-3" }, "a-3"],
    [{ id: 12345 }, "12345"],
    [{ data: { asset_id: "a-4" } }, "a-4"],
    [{ code: 0, data: { assetId: "a-5", status: "reviewing" } }, "a-5"],
    [{ data: [{ id: "a-6" }] }, "a-6"],
    [{ id: "req-9", data: { asset_id: "a-7" } }, "a-7"],
  ])("reads the id from %j", async (body, id) => {
    answer = { status: 201, body: JSON.stringify(body) };
    expect(await upload()).toBe(id);
  });

  it("fails clearly when a 2xx answer carries no id, quoting what came back", async () => {
    answer = { status: 200, body: JSON.stringify({ ok: true, url: "https://cdn.example.com/x" }) };
    const error = await failure(upload());
    expect(error.code).toBe("upstream_bad_response");
    expect(error.message).toContain(
      "without an asset id (looked for assetId, asset_id or id, also inside data)",
    );
    expect(error.message).toContain('"ok":true');
    answer = { status: 200, body: "<html>maintenance</html>" };
    expect((await failure(upload())).message).toContain("<html>maintenance</html>");
  });

  it("passes the endpoint's refusal on with its status and message", async () => {
    answer = { status: 422, body: JSON.stringify({ error: { message: "unsupported format: bin" } }) };
    const error = await failure(upload());
    expect(error.code).toBe("upstream_rejected");
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      "The asset upload endpoint refused the file (HTTP 422): unsupported format: bin",
    );
  });

  it("says when the endpoint cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(
      uploadToAssetLibrary({ url: `http://127.0.0.1:${port}/up`, apiKey: "k" }, file),
    );
    expect(error.code).toBe("upstream_unreachable");
    expect(error.message).toMatch(/could not be reached \(ECONNREFUSED\); nothing was recorded/);
  });
});

describe("assetIdFromAnswer", () => {
  it("ignores ids with whitespace or slashes and non-objects", () => {
    expect(assetIdFromAnswer({ id: "a b" })).toBeUndefined();
    expect(assetIdFromAnswer({ assetId: "x/y" })).toBeUndefined();
    expect(assetIdFromAnswer("a-1")).toBeUndefined();
    expect(assetIdFromAnswer(null)).toBeUndefined();
  });
});
