/**
 * Issue 23, part 4: the official `@google/genai` SDK, unchanged (its apiKey = a studio API token),
 * against the studio's text API mirror over real HTTP (the route handler behind a node:http
 * listener, accounts on), the sandbox as the text upstream: generate, stream, an inline image part.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { GoogleGenAI } from "@google/genai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "@/lib/auth/testing/auth-testbed";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox";
import { toNodeListener } from "@/lib/sandbox/node-adapter";
import { setEnv } from "@/lib/testing/env-vars";
import { makePng } from "@/lib/testing/media-fixtures";
import { createTempDb } from "@/lib/testing/temp-db";

type Handler = (request: Request) => Promise<Response>;

const MODEL = "llm-2.5-pro";
let temp: ReturnType<typeof createTempDb>;
let sandbox: SandboxServer;
let studio: http.Server;
let baseUrl: string;
let token: string;
let restoreEnv: () => void;

beforeAll(async () => {
  temp = createTempDb();
  sandbox = await startSandboxServer({ port: 0, cacheDir: path.join(temp.dir, "sandbox-cache") });
  restoreEnv = setEnv({
    DATABASE_URL: temp.url,
    MEDIA_DIR: path.join(temp.dir, "media"),
    UPSTREAM_BASE_URL: sandbox.url,
    UPSTREAM_LLM_BASE_URL: sandbox.url,
    UPSTREAM_API_KEY: "genai-sdk-test-key",
    TRACKER: "0",
    AUTH: "on",
    AUTH_SECRET: "genai-sdk-test-secret-genai-sdk-test-0123",
  });
  const { POST } = (await import("@/app/api/llm/v1/models/[target]/route")) as unknown as { POST: Handler };
  studio = http.createServer(
    toNodeListener(async (request) =>
      new URL(request.url).pathname.startsWith("/api/llm/v1/models/")
        ? POST(request)
        : new Response(null, { status: 404 }),
    ),
  );
  await new Promise<void>((resolve) => studio.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(studio.address() as AddressInfo).port}/api/llm`;
  const { authContext } = await import("@/lib/auth/context");
  const { createToken } = await import("@/lib/auth/tokens");
  const ada = await signedInUser("ada@example.com");
  token = (await createToken(await authContext(), ada.id, { name: "genai" })).token;
});

afterAll(async () => {
  const { db } = await import("@/lib/db");
  await db().$disconnect();
  await new Promise((resolve) => studio?.close(resolve));
  await sandbox?.close();
  await temp?.cleanup();
  restoreEnv?.();
});

const genai = (apiKey: string) => new GoogleGenAI({ apiKey, httpOptions: { baseUrl, apiVersion: "v1" } });
const upstreamCalls = () => sandbox.log.list().filter((e) => e.path.startsWith("/v1/models/"));

describe("the @google/genai SDK against /api/llm", () => {
  it("generates, with the studio token as its apiKey (sent as x-goog-api-key)", async () => {
    const answer = await genai(token).models.generateContent({ model: MODEL, contents: "Say hello" });
    expect(answer.text?.length).toBeGreaterThan(0);
    expect(answer.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
    const sent = upstreamCalls().at(-1)!;
    expect(sent.path).toBe(`/v1/models/${MODEL}:generateContent`);
  });

  it("streams the answer in several chunks", async () => {
    const stream = await genai(token).models.generateContentStream({
      model: MODEL,
      contents: "Tell a long story about a lighthouse keeper and the sea, in many sentences.",
    });
    const chunks: string[] = [];
    for await (const chunk of stream) chunks.push(chunk.text ?? "");
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join("").length).toBeGreaterThan(0);
    expect(upstreamCalls().at(-1)!.path).toBe(`/v1/models/${MODEL}:streamGenerateContent?alt=sse`);
  });

  it("sends an inline image part through to the upstream", async () => {
    const png = await makePng(path.join(temp.dir, "part.png"), { width: 64, height: 64 });
    const answer = await genai(token).models.generateContent({
      model: MODEL,
      contents: [
        {
          role: "user",
          parts: [
            { text: "What is in this picture?" },
            { inlineData: { mimeType: "image/png", data: png.toString("base64") } },
          ],
        },
      ],
    });
    expect(answer.text?.length).toBeGreaterThan(0);
    const body = upstreamCalls().at(-1)!.body as {
      contents: { parts: { inlineData?: { data: string } }[] }[];
    };
    expect(body.contents[0].parts[1].inlineData?.data).toBe(png.toString("base64"));
  });

  it("refuses a key that is not a studio token, before the upstream hears of it", async () => {
    const before = upstreamCalls().length;
    await expect(
      genai("genai-sdk-test-key").models.generateContent({ model: MODEL, contents: "x" }),
    ).rejects.toThrow(/401|personal API token/);
    expect(upstreamCalls().length).toBe(before);
  });
});
