import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import zhCN from "@/messages/zh-CN.json";
import { failureColumns, readFailure, StudioError, failureOf } from "@/lib/errors";
import { failureMessage } from "./failure-message";

const messages = zhCN as typeof en;
const zh = createTranslator({ locale: "zh-CN", messages, namespace: "failures" });
const zhErrors = createTranslator({ locale: "zh-CN", messages, namespace: "errors" });
const word = (failure: Parameters<typeof failureMessage>[3]) =>
  failureMessage(zh, zhErrors, "zh-CN", failure);

describe("failureMessage", () => {
  const lost = {
    code: "tracker_upstream_lost",
    message: "The upstream no longer knows this task: HTTP 404 on 12 queries in a row over 31 minutes.",
    params: { upstreamStatus: "404", queries: 12, minutes: 31 },
  };

  it("words a kept failure from its code and params, and keeps the English on an English page", () => {
    expect(word(lost)).toBe("上游已不再识别此任务：连续 12 次查询均返回 HTTP 404，历时 31 分钟。");
    const english = createTranslator({ locale: "en", messages: en, namespace: "failures" });
    const enErrors = createTranslator({ locale: "en", messages: en, namespace: "errors" });
    expect(failureMessage(english, enErrors, "en", lost)).toBe(lost.message);
  });

  it("words a StudioError's code through the errors messages, and shows the English for an unknown code", () => {
    const limited = failureOf(
      new StudioError("rate_limited", "Too many.", { details: { retryAfterSeconds: 30 } }),
    );
    expect(word(limited)).toBe("尝试次数过多：请在 30 秒后重试。");
    expect(word({ code: "text", message: "Written before codes were kept." })).toBe(
      "Written before codes were kept.",
    );
  });

  it("shows the English sentence rather than one with a hole when a param is missing", () => {
    expect(word({ ...lost, params: { upstreamStatus: "404" } })).toBe(lost.message);
  });

  it("round-trips through a row's three columns", () => {
    const columns = failureColumns(lost, "disabledReason");
    expect(columns).toEqual({
      disabledReason: lost.message,
      disabledReasonCode: "tracker_upstream_lost",
      disabledReasonParams: JSON.stringify(lost.params),
    });
    expect(readFailure(columns, "disabledReason")).toEqual(lost);
    expect(readFailure({ error: "old row" })).toEqual({ code: "text", message: "old row" });
    expect(readFailure(failureColumns(null))).toBeNull();
  });
});
