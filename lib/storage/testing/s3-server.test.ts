import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3TestServer } from "./s3-server";

let s3: S3TestServer;

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3?.close();
});

/** A plain PUT announcing `announced` bytes; the connection is cut after `sent` of them when fewer. */
async function rawPut(key: string, announced: number, sent: number): Promise<string> {
  const { hostname, port, host } = new URL(s3.endpoint);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(
        `PUT /${s3.bucket}/${key} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: ${announced}\r\n` +
          `Content-Type: video/mp4\r\nConnection: close\r\n\r\n`,
      );
      socket.write(Buffer.alloc(sent, 5));
      if (sent < announced)
        setTimeout(() => {
          socket.destroy();
          resolve("cut off");
        }, 300);
    });
    socket.on("data", (data) => resolve(data.toString().split("\r\n")[0]));
    socket.on("error", reject);
  });
}

describe("the S3 test server", () => {
  it("keeps nothing of a PUT cut off before its announced length, as S3 does", async () => {
    expect(await rawPut("cut/off.mp4", 300_000, 171_046)).toBe("cut off");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(s3.keys()).not.toContain("cut/off.mp4");
    expect(await s3.objectBytes("cut/off.mp4")).toBeUndefined();
  });

  it("stores a whole PUT byte for byte", async () => {
    expect(await rawPut("whole.mp4", 300_000, 300_000)).toBe("HTTP/1.1 200 OK");
    expect(s3.keys()).toContain("whole.mp4");
    expect(await s3.objectBytes("whole.mp4")).toEqual(Buffer.alloc(300_000, 5));
  });
});
