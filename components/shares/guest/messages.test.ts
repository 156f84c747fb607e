import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "@/components/api-client";
import { sharePageMessages } from "@/lib/shares/page-messages";
import { reviewErrorText, setShareMessages } from "./messages";

/** A guest's approval without a name, as /api/s/<token>/items/<id>/approval refuses it. */
const nameless = new ApiError(400, "invalid_request", "guestName: give your name before you approve.", [
  { path: "guestName", message: "must not be empty", code: "required", params: {} },
]);

afterEach(() => setShareMessages("en", {}));

describe("the share page's review errors", () => {
  it("word a refusal's field issues with the page's compiled messages", () => {
    setShareMessages("zh-CN", sharePageMessages("zh-CN"));
    expect(reviewErrorText(nameless)).toBe("guestName：为必填项");
    const tooLong = new ApiError(400, "invalid_request", "body: must be at most 4000 characters", [
      { path: "body", message: "must be at most 4000 characters", code: "too_long", params: { max: 4000 } },
    ]);
    expect(reviewErrorText(tooLong)).toBe("body：最多 4000 个字符");
  });

  it("word a failure without issues as the share page words its own", () => {
    setShareMessages("zh-CN", sharePageMessages("zh-CN"));
    const limited = new ApiError(429, "rate_limited", "Too many attempts.", [], { retryAfterSeconds: 30 });
    expect(reviewErrorText(limited)).toBe("尝试次数过多：请在 30 秒后重试。");
  });

  it("keep the server's English on an English page", () => {
    setShareMessages("en", sharePageMessages("en"));
    expect(reviewErrorText(nameless)).toBe("guestName: must not be empty");
  });
});
