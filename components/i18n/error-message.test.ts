import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/components/api-client";
import en from "@/messages/en.json";
import zhCN from "@/messages/zh-CN.json";
import { errorMessage } from "./error-message";

const zh = createTranslator({ locale: "zh-CN", messages: zhCN as typeof en, namespace: "errors" });
const english = createTranslator({ locale: "en", messages: en, namespace: "errors" });

describe("errorMessage", () => {
  it("words a code with its details in the page's language", () => {
    const error = new ApiError(429, "rate_limited", "Too many attempts.", [], { retryAfterSeconds: 30 });
    expect(errorMessage(zh, "zh-CN", error)).toBe("尝试次数过多：请在 30 秒后重试。");
    // English pages keep the server's own (English, more detailed) sentence.
    expect(errorMessage(english, "en", error)).toBe("Too many attempts.");
    const down = new ApiError(503, "dependency_unavailable", "The database is unavailable (down)", [], {
      dependency: "database",
      retryAfterSeconds: 5,
    });
    expect(errorMessage(zh, "zh-CN", down)).toBe("数据库不可用，请几秒后重试。");
  });

  it("words a budget refusal with its numbers, and its price-uncertain variant", () => {
    const over = new ApiError(402, "budget_exceeded", "Over your daily budget…", [], {
      period: "day",
      spent: 1200,
      limit: 1500,
      estimate: 400,
    });
    expect(errorMessage(zh, "zh-CN", over)).toBe(
      "超出每日预算：已消耗 1,200 积分，本次约需 400；上限为 1,500 积分。",
    );
    const uncertain = new ApiError(402, "budget_exceeded", "The price…", [], {
      reason: "price_uncertain",
      inFlight: 2,
    });
    expect(errorMessage(zh, "zh-CN", uncertain)).toContain("2 个价格不确定的任务");
  });

  it("keeps the server's text when a code is unknown or its details are missing", () => {
    expect(errorMessage(zh, "zh-CN", new ApiError(418, "teapot", "I am a teapot"))).toBe("I am a teapot");
    expect(errorMessage(zh, "zh-CN", new ApiError(429, "rate_limited", "Slow down."))).toBe("Slow down.");
    expect(errorMessage(zh, "zh-CN", new Error("plain"))).toBe("plain");
  });

  it("puts the upstream's own words after ours, and lets a form override a code", () => {
    const rejected = new ApiError(400, "upstream_rejected", "prompt too long", [], { upstreamStatus: 400 });
    expect(errorMessage(zh, "zh-CN", rejected)).toBe("上游拒绝了该请求（HTTP 400）。 prompt too long");
    const wrong = new ApiError(401, "unauthorized", "Wrong e-mail or password.");
    expect(errorMessage(zh, "zh-CN", wrong, { unauthorized: "电子邮箱或密码错误。" })).toBe(
      "电子邮箱或密码错误。",
    );
  });
});
