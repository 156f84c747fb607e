import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { getModel, normalizeRequest, type CatalogIssue, type ModelDef } from "@/lib/catalog";
import en from "@/messages/en.json";
import zhCN from "@/messages/zh-CN.json";
import { ApiError } from "@/components/api-client";
import { errorMessage } from "./error-message";
import { issueMessage, issuesLine, withWordedIssues, wordIssueRule } from "./issue-message";

const zh = createTranslator({ locale: "zh-CN", messages: zhCN as typeof en, namespace: "issues" });
const english = createTranslator({ locale: "en", messages: en, namespace: "issues" });

/** The catalog's issues for a body, as the server and the studio form both make them. */
function issuesOf(id: string, body: Record<string, unknown>): CatalogIssue[] {
  const result = normalizeRequest(getModel(id) as ModelDef, body);
  return result.ok ? [] : result.issues;
}

describe("field issues worded from code + params", () => {
  it("words the main rules of the catalog in Chinese, with the rejected value", () => {
    const [duration] = issuesOf("sd2_disc_nvid", { prompt: "p", duration: 20 });
    expect(duration).toMatchObject({ code: "range", params: { min: 4, max: 15, got: 20 } });
    expect(issueMessage(zh, "zh-CN", duration, "时长（秒）")).toBe(
      "时长（秒）须为 4 到 15 之间的整数（当前为 20）",
    );

    const [oneOf] = issuesOf("sd2_disc_nvid", { prompt: "p", resolution: "4k" });
    expect(oneOf.code).toBe("not_one_of");
    expect(wordIssueRule(zh, oneOf)).toBe('须为 480p、720p、1080p 之一（当前为 "4k"）');

    const [required] = issuesOf("sd2_disc_nvid", {});
    expect(required).toMatchObject({ path: ["prompt"], code: "required" });
    expect(issueMessage(zh, "zh-CN", required, "提示词")).toBe("提示词为必填项");

    const [tooLong] = issuesOf("sd2_disc_nvid", { prompt: "a".repeat(20_001) });
    expect(tooLong).toMatchObject({ code: "too_long", params: { max: 20_000, got: 20_001 } });
    expect(issueMessage(zh, "zh-CN", tooLong, "提示词")).toBe("提示词最多 20000 个字符（当前为 20001）");

    const [chinese] = issuesOf("sd2_disc_nvid", { prompt: "猫".repeat(501) });
    expect(chinese).toMatchObject({ code: "too_many_chinese_characters", params: { max: 500, got: 501 } });
    expect(wordIssueRule(zh, chinese)).toBe("最多 500 个汉字（当前为 501）");

    const [images] = issuesOf("sd2_disc_nvid", {
      prompt: "p",
      reference_images: Array(10).fill("https://cdn.example.com/i.png"),
    });
    expect(images).toMatchObject({ code: "too_many_items", params: { max: 9, got: 10 } });
    expect(issueMessage(zh, "zh-CN", images, "参考图片")).toBe("参考图片最多 9 项（当前为 10）");
  });

  it("words them in English from the same messages, close to the server's own sentence", () => {
    const [duration] = issuesOf("sd2_disc_nvid", { prompt: "p", duration: 20 });
    expect(wordIssueRule(english, duration)).toBe(duration.message);
    const [tooLong] = issuesOf("sd2_disc_nvid", { prompt: "a".repeat(20_001) });
    expect(wordIssueRule(english, tooLong)).toBe(tooLong.message);
    const [chinese] = issuesOf("sd2_disc_nvid", { prompt: "猫".repeat(501) });
    expect(wordIssueRule(english, chinese)).toBe(chinese.message);
    const oneOf = {
      message: "must be one of 6, 10 (got 7)",
      code: "not_one_of",
      params: { allowed: [6, 10], got: 7 },
    };
    expect(wordIssueRule(english, oneOf)).toBe(oneOf.message);
    expect(wordIssueRule(zh, oneOf)).toBe("须为 6、10 之一（当前为 7）");
  });

  it("keeps the server's English on an English page", () => {
    const [duration] = issuesOf("sd2_disc_nvid", { prompt: "p", duration: 20 });
    expect(issueMessage(english, "en", duration, "Duration (seconds)")).toBe(
      "must be an integer between 4 and 15 (got 20)",
    );
  });

  it("falls back to the English message for an unknown code or a missing param", () => {
    const unknown = { message: "must be an even number of pixels", code: "invalid", params: {} };
    expect(issueMessage(zh, "zh-CN", unknown)).toBe("must be an even number of pixels");
    expect(issueMessage(zh, "zh-CN", { ...unknown, code: "not_a_code_yet" }, "高度")).toBe(
      "高度: must be an even number of pixels",
    );
    const withoutAllowed = { message: "must be one of 6, 10", code: "not_one_of", params: {} };
    expect(issueMessage(zh, "zh-CN", withoutAllowed)).toBe("must be one of 6, 10");
    expect(issueMessage(zh, "zh-CN", { message: "is required" })).toBe("is required");
  });

  it("words a media item's problem with the model's alternatives", () => {
    const [item] = issuesOf("sd2_disc_nvid", { prompt: "p", reference_images: ["ftp://x/a.png"] });
    expect(item).toMatchObject({ path: ["reference_images", 0], code: "media_protocol" });
    expect(wordIssueRule(zh, item)).toBe("不支持 ftp: URL；请使用公开的 http(s) URL 或 assetId:// 引用");
    expect(wordIssueRule(english, item)).toBe(item.message);
  });

  it("words a rejected list or object in the page's language, not as English words", () => {
    const [list] = issuesOf("sd2_disc_nvid", { prompt: ["a"] });
    expect(list).toMatchObject({ code: "not_text", params: { got: "a list" } });
    expect(issueMessage(zh, "zh-CN", list, "提示词")).toBe("提示词须为文本（当前为列表）");
    const [object] = issuesOf("sd2_disc_nvid", { prompt: "p", resolution: { a: 1 } });
    expect(object).toMatchObject({ code: "not_one_of", params: { got: "an object" } });
    expect(wordIssueRule(zh, object)).toBe("须为 480p、720p、1080p 之一（当前为对象）");
    expect(wordIssueRule(english, object)).toBe(object.message);
    // A rejected text is quoted: the words "a list" typed as a value stay as typed.
    const [text] = issuesOf("sd2_disc_nvid", { prompt: "p", resolution: "a list" });
    expect(wordIssueRule(zh, text)).toBe('须为 480p、720p、1080p 之一（当前为 "a list"）');
  });

  it("writes a size in bytes for the page's language", () => {
    const tooLarge = {
      message: "must be at most 20 MB",
      code: "file_too_large",
      params: { maxBytes: 20 * 1024 ** 2 },
    };
    expect(issueMessage(zh, "zh-CN", tooLarge, "预览")).toBe("预览不能超过 20 MB");
    expect(wordIssueRule(english, tooLarge)).toBe(tooLarge.message);
    expect(issueMessage(zh, "zh-CN", { ...tooLarge, params: { maxBytes: 900 } })).toBe("不能超过 900字节");
  });

  it("words a refused request's issues after their paths, for a message outside the fields", () => {
    const issues = [
      { path: "expiresAt", message: "must be in the future", code: "future", params: {} },
      { path: "label", message: "must be at most 120 characters", code: "too_long", params: { max: 120 } },
    ];
    expect(issuesLine(zh, "zh-CN", issues)).toBe("expiresAt：须为将来的时间；label：最多 120 个字符");
    expect(issuesLine(english, "en", issues)).toBe(
      "expiresAt: must be in the future; label: must be at most 120 characters",
    );

    const errors = createTranslator({ locale: "zh-CN", messages: zhCN as typeof en, namespace: "errors" });
    const refused = new ApiError(
      400,
      "invalid_request",
      "expiresAt: must be in the future.",
      issues.slice(0, 1),
    );
    expect(errorMessage(errors, "zh-CN", withWordedIssues(zh, "zh-CN", refused))).toBe(
      "请求不符合规则：expiresAt：须为将来的时间",
    );
    expect(withWordedIssues(english, "en", refused)).toBe(refused);
  });
});
