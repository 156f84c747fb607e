import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import { startStudioServer, type StudioServer } from "@/lib/openapi/testing/studio-server";

/**
 * The CLI as a script runs it: a child process against the studio on a real loopback listener
 * (its route handlers, the sandbox upstream, the tracker), with a member's API token.
 */
const run = promisify(execFile);
const cli = path.join(import.meta.dirname, "../cli.ts");
let studio: StudioServer;
let token: string;

beforeAll(async () => {
  studio = await startStudioServer({ AUTH: "on", AUTH_SECRET: "cli-test-secret-cli-test-secret-0123456" });
  const member = await signedInUser("ada@example.com", "member");
  const [{ authContext }, { createToken }] = await Promise.all([
    import("@/lib/auth/context"),
    import("@/lib/auth/tokens"),
  ]);
  token = (await createToken(await authContext(), member.id, { name: "cli" })).token;
}, 60_000);
afterAll(async () => studio?.close());

async function studioCli(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", cli, ...args], {
      env: { ...process.env, STUDIO_URL: studio.url, STUDIO_TOKEN: token, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout: string; stderr: string };
    return { code: e.code ?? -1, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("model-studio CLI", () => {
  it("submit --wait --out writes exactly the stored bytes", async () => {
    const out = path.join(studio.temp.dir, "result.mp4");
    // The sandbox's clock runs ahead so the task finishes when the tracker first asks.
    studio.advanceUpstreamClock(120_000);
    const result = await studioCli([
      "submit",
      "sd_2.5_ORelay",
      "--prompt",
      "a lighthouse at dusk [fast]",
      "--param",
      "duration=4",
      "--param",
      "aspect_ratio=9:16",
      "--wait",
      "--out",
      out,
      "--interval-ms",
      "200",
    ]);
    expect(result.stderr).toMatch(/\] +\d+% /);
    expect(result.code, result.stderr).toBe(0);
    const task = JSON.parse(result.stdout) as { id: string; status: string };
    expect(task.status).toBe("completed");
    const row = await studio.temp.db.task.findUniqueOrThrow({
      where: { id: task.id },
      include: { media: true },
    });
    const result0 = row.media.find((m) => m.role === "result")!;
    // What the upstream served for the result (its URL still lives): the bytes the CLI wrote.
    const upstream = Buffer.from(await (await fetch(result0.sourceUrl)).arrayBuffer());
    expect(upstream.length).toBeGreaterThan(0);
    expect(Buffer.compare(fs.readFileSync(out), upstream)).toBe(0);
  }, 90_000);

  it("a bad parameter prints the field and the rule, exit 1, and nothing is sent", async () => {
    const before = await studio.temp.db.task.count();
    const result = await studioCli(["submit", "sd_2.5_ORelay", "--prompt", "x", "--param", "duration=99"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/invalid_request, 400/);
    expect(result.stderr).toMatch(/^ {2}duration: .+/m);
    expect(await studio.temp.db.task.count()).toBe(before);
  }, 60_000);

  it("lists and describes models from the document; usage and unreachable exit codes", async () => {
    const models = await studioCli(["models"]);
    expect(models.code).toBe(0);
    expect(models.stdout).toMatch(/^sd_2\.5_ORelay\t/m);
    const described = await studioCli(["describe", "sd_2.5_ORelay"]);
    expect(described.stdout).toMatch(/duration.*4/);
    expect((await studioCli(["frobnicate"])).code).toBe(2);
    expect((await studioCli(["batch", "/nonexistent/tasks.json"])).code).toBe(2);
    expect((await studioCli(["models"], { STUDIO_URL: "http://127.0.0.1:1" })).code).toBe(3);
    const spend = await studioCli(["spend"]);
    expect(spend.code, spend.stderr).toBe(0);
    expect(JSON.parse(spend.stdout)).toBeTypeOf("object");
    // The first test's task, found by its prompt through the token's owner.
    const found = await studioCli(["gallery", "search", "lighthouse"]);
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).toMatch(/\tsd_2\.5_ORelay\t/);
    const unauthorized = await studioCli(["spend"], { STUDIO_TOKEN: "" });
    expect(unauthorized.code).toBe(1);
    expect(unauthorized.stderr).toMatch(/unauthorized, 401/);
  }, 90_000);

  it("a 503 (a dependency down) is waited out on reads as Retry-After asks; a write or a longer fault exits 4", async () => {
    // A stand-in for a studio whose database is down for the first two reads.
    let reads = 0;
    const down = http.createServer((req, res) => {
      const fault = req.method !== "GET" || ++reads <= 2;
      if (!fault) return void res.writeHead(200, { "content-type": "application/json" }).end("{}");
      res.writeHead(503, { "content-type": "application/json", "retry-after": "1" });
      res.end(
        JSON.stringify({
          error: {
            code: "dependency_unavailable",
            message: "The database is unavailable (it could not be reached); try again in a few seconds.",
            retryAfterSeconds: 1,
            issues: [],
          },
        }),
      );
    });
    await new Promise<void>((resolve) => down.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(down.address() as AddressInfo).port}`;
    try {
      const read = await studioCli(["spend"], { STUDIO_URL: url });
      expect(read.code, read.stderr).toBe(0);
      expect(reads).toBe(3);
      const tasks = path.join(studio.temp.dir, "batch-503.json");
      fs.writeFileSync(tasks, JSON.stringify({ items: [{ model: "sd_2.5_ORelay", prompt: "x" }] }));
      const write = await studioCli(["batch", tasks], { STUDIO_URL: url });
      expect(write.code).toBe(4);
      expect(write.stderr).toMatch(/dependency_unavailable, 503\): The database is unavailable/);
      reads = -100; // down for longer than the CLI waits
      const long = await studioCli(["spend"], { STUDIO_URL: url, STUDIO_RETRY_SECONDS: "1" });
      expect(long.code).toBe(4);
    } finally {
      down.close();
    }
  }, 60_000);
});
