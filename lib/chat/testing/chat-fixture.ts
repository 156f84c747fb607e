/**
 * Shared set-up of the chat's integration tests: a real SQLite file, a temp MEDIA_DIR and the
 * sandbox upstream served over HTTP, plus a reader for the chat's event stream.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startSandboxServer, type SandboxServer } from "../../sandbox";
import { createTempDb } from "../../testing/temp-db";
import { readChatEvents, type ChatEvent } from "../chat-events";
import type { TextApiConfig } from "../../upstream/text-client";

// MEDIA_DIR is read once by env(); set before any test touches storage, put back on close.
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "chat-media-"));
const previousMediaDir = process.env.MEDIA_DIR;
process.env.MEDIA_DIR = mediaDir;

export type ChatFixture = {
  db: ReturnType<typeof createTempDb>["db"];
  /** The database's URL, for a second client or process on the same file. */
  url: string;
  sandbox: SandboxServer;
  config: TextApiConfig;
  mediaDir: string;
  close(): Promise<void>;
};

export async function startChatFixture(): Promise<ChatFixture> {
  const temp = createTempDb();
  const sandbox = await startSandboxServer({ port: 0 });
  return {
    db: temp.db,
    url: temp.url,
    sandbox,
    config: { baseUrl: sandbox.url, apiKey: "test-key" },
    mediaDir,
    async close() {
      await sandbox.close();
      await temp.cleanup();
      fs.rmSync(mediaDir, { recursive: true, force: true });
      if (previousMediaDir === undefined) delete process.env.MEDIA_DIR;
      else process.env.MEDIA_DIR = previousMediaDir;
    },
  };
}

/** Reads a chat stream to its end. */
export async function collectEvents(stream: ReadableStream<Uint8Array>): Promise<ChatEvent[]> {
  const events: ChatEvent[] = [];
  await readChatEvents(stream, (e) => events.push(e));
  return events;
}

export function doneOf(events: ChatEvent[]) {
  const done = events.find((e) => e.type === "done");
  if (!done || done.type !== "done")
    throw new Error(`no done event in ${JSON.stringify(events.map((e) => e.type))}`);
  return done;
}

export function textOf(events: ChatEvent[]): string {
  return events.map((e) => (e.type === "delta" ? e.text : "")).join("");
}

export function bytesStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}
