/**
 * Finding 9 of issue 18: a preview URL that answers slowly ended in a 500 after 60 s. Served by a
 * real HTTP listener that stalls before its headers, or trickles its body.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StudioError } from "../errors";
import { setEnv } from "../testing/env-vars";
import { PREVIEW_FETCH_TIMEOUT_MS, storePreviewFromUrl } from "./preview";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "preview-"));
let server: http.Server;
let base: string;
let restoreEnv: () => void;

beforeAll(async () => {
  restoreEnv = setEnv({ MEDIA_DIR: dir });
  server = http.createServer((request, response) => {
    if (request.url === "/stall.png") return; // never answers
    // A PNG signature, then a byte every 200 ms: an answer that never ends in time.
    response.writeHead(200, { "Content-Type": "image/png", "Content-Length": 10_000 });
    response.write(Buffer.from("89504e470d0a1a0a", "hex"));
    const timer = setInterval(() => response.write(Buffer.from([0])), 200);
    response.on("close", () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
  restoreEnv();
});

describe("a slow preview URL", () => {
  it("has a bounded wait by default, well under a browser's or proxy's patience", () => {
    expect(PREVIEW_FETCH_TIMEOUT_MS).toBeLessThanOrEqual(15_000);
  });

  it.each(["/stall.png", "/trickle.png"])("%s ends in a 400 naming previewUrl and the wait", async (name) => {
    const started = performance.now();
    const error = await storePreviewFromUrl(`${base}${name}`, "image", { allow: [base] }, 1_000).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StudioError);
    const refused = error as StudioError;
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(
      "The preview URL did not deliver its file within 1 s; give a URL that serves it promptly, or upload the file.",
    );
    expect(refused.toJSON().error.issues).toMatchObject([
      { path: "previewUrl", message: "did not answer within 1 s" },
    ]);
    expect(performance.now() - started).toBeLessThan(3_000);
    // Nothing half-written is left behind.
    const assets = path.join(dir, "assets");
    expect(fs.existsSync(assets) ? fs.readdirSync(assets) : []).toEqual([]);
  });
});
