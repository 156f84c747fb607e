import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import zhCN from "@/messages/zh-CN.json";
import { describeError } from "./describe-error";

const english = createTranslator({ locale: "en", messages: en, namespace: "chat" });
const chinese = createTranslator({ locale: "zh-CN", messages: zhCN as typeof en, namespace: "chat" });

describe("describeError", () => {
  it("tells a quota error to wait or switch variant, in the page's language", () => {
    const quota = { code: "upstream_rejected", status: 429 };
    expect(describeError(english, quota)).toEqual({
      title: "Quota or rate limit reached",
      advice: expect.stringContaining("low-cost") as string,
    });
    expect(describeError(chinese, quota)).toEqual({
      title: "已达配额或速率上限",
      advice: expect.stringContaining("低价版") as string,
    });
  });
});
