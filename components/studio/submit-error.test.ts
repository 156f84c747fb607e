import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/components/api-client";
import en from "@/messages/en.json";
import zhCN from "@/messages/zh-CN.json";
import { describeSubmitError, type SubmitWords } from "./submit-error";

const words = (locale: "en" | "zh-CN"): SubmitWords => {
  const messages = locale === "en" ? en : (zhCN as typeof en);
  return {
    t: createTranslator({ locale, messages, namespace: "submit" }),
    errors: createTranslator({ locale, messages, namespace: "errors" }),
    locale,
    unavailableSentence: (reason) => reason,
  };
};

describe("describeSubmitError", () => {
  it("invites a retry when nothing reached the upstream", () => {
    const error = new ApiError(502, "upstream_unreachable", "could not be reached (connection refused)");
    expect(describeSubmitError(error, [], words("en")).hint).toMatch(
      /^The studio got no task back\. Try again/,
    );
  });

  it("warns against a blind retry when the upstream may have created the task", () => {
    const error = new ApiError(504, "upstream_unreachable", "did not answer within 60 s", [], {
      outcome: "unknown",
    });
    const shown = describeSubmitError(error, [], words("en"));
    expect(shown.title).toBe("The upstream may have created this task");
    expect(shown.hint).toMatch(/may create \(and bill\) a second task/);
    expect(shown.hint).not.toMatch(/Try again/);
  });

  it("speaks Chinese on a Chinese page, the upstream's own words kept", () => {
    const error = new ApiError(400, "upstream_rejected", "prompt: too long", [], { upstreamStatus: 400 });
    const shown = describeSubmitError(error, [], words("zh-CN"));
    expect(shown.title).toBe("上游服务拒绝了该任务（HTTP 400）");
    expect(shown.message).toBe("prompt: too long");
    expect(shown.hint).toMatch(/^请对照模型规则检查参数.*表单中的内容已保留。$/);
  });
});
