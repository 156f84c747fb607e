import { describe, expect, it } from "vitest";
import { errorKind } from "./error-advice";

describe("errorKind", () => {
  it.each([
    [{ code: "upstream_rejected", status: 429 }, "quota"],
    [{ code: "upstream_rejected", status: 400 }, "bad_request"],
    [{ code: "payload_too_large", status: 413 }, "bad_request"],
    [{ code: "upstream_rejected", status: 401 }, "auth"],
    [{ code: "upstream_rejected", status: 503 }, "unavailable"],
    [{ code: "upstream_unreachable", status: 502 }, "unavailable"],
    [{ code: "upstream_unreachable", status: 504 }, "timeout"],
    [{ code: "timeout", status: 504 }, "timeout"],
    [{ code: "client_disconnected" }, "disconnected"],
    [{ code: "stream_broken" }, "network"],
    [{ code: "network", status: 0 }, "network"],
  ])("%o is %s", (error, kind) => {
    expect(errorKind(error)).toBe(kind);
  });
});
