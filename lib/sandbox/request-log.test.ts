import { describe, expect, it } from "vitest";
import { RequestLog, type LoggedRequest } from "./request-log";

const entry = (path: string): LoggedRequest => ({
  method: "GET",
  path,
  body: null,
  authorization: true,
  at: new Date(0).toISOString(),
});

describe("request log", () => {
  it("keeps the newest entries, oldest first", () => {
    const log = new RequestLog({ maxEntries: 3 });
    for (const p of ["/a", "/b", "/c", "/d"]) log.add(entry(p));
    expect(log.list().map((e) => e.path)).toEqual(["/b", "/c", "/d"]);
    log.clear();
    expect(log.list()).toEqual([]);
  });

  it("drops the oldest bodies past the byte budget but always keeps the newest entry", () => {
    const log = new RequestLog({ maxBodyBytes: 100 });
    log.add(entry("/a"), 60);
    log.add(entry("/b"), 30);
    log.add(entry("/c"), 30);
    expect(log.list().map((e) => e.path)).toEqual(["/b", "/c"]);
    log.add(entry("/huge"), 500);
    expect(log.list().map((e) => e.path)).toEqual(["/huge"]);
  });
});
