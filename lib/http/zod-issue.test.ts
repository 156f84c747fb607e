import { describe, expect, it } from "vitest";
import { z } from "zod";
import { inChinese } from "@/components/i18n/testing/issue-words";
import { newTokenSchema } from "../auth/tokens";
import { emailSchema } from "../auth/password-policy";
import { createCollectionSchema } from "../collections/schema";
import { commentPatchSchema, newCommentSchema } from "../comments/schema";
import { createShareSchema } from "../shares/schema";
import { issueCode, requiredOr, zodIssueCode } from "./zod-issue";

/** The issues a schema answers, as the API's 400 carries them (lib/http/respond.ts). */
function issuesOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected the input to be refused");
  return result.error.issues.map((issue) => ({ message: issue.message, ...zodIssueCode(issue) }));
}

describe("zod's issues in the catalog's codes", () => {
  it("words types and formats in the page's language", () => {
    const [text] = issuesOf(z.object({ name: z.string({ error: "must be text" }) }), { name: 5 });
    expect(text).toMatchObject({ code: "invalid_type", params: { expected: "string" } });
    expect(inChinese(text)).toBe("类型不对（应为文本）");
    const [email] = issuesOf(emailSchema, "not an address");
    expect(email).toMatchObject({ code: "invalid_format", params: { format: "email" } });
    expect(inChinese(email, "电子邮箱")).toBe("电子邮箱不是有效的电子邮箱地址");
    const [expiry] = issuesOf(createShareSchema, { collectionId: "c", expiresAt: "tomorrow" });
    expect(expiry).toMatchObject({ code: "invalid_format", params: { format: "datetime" } });
    expect(inChinese(expiry)).toBe("不是有效的日期时间（ISO 8601，如 2026-12-31T23:59:00Z）");
  });

  it("answers a whole number, an empty text and a missing field by their own codes", () => {
    const [days] = issuesOf(newTokenSchema, { name: "ci", expiresInDays: 1.5 });
    expect(days).toMatchObject({ message: "must be a whole number of days", code: "not_integer" });
    expect(inChinese(days)).toBe("须为整数");
    const [empty] = issuesOf(createCollectionSchema, { name: "  " });
    expect(empty).toMatchObject({ message: "must not be empty", code: "empty" });
    expect(inChinese(empty, "名称")).toBe("名称不能为空");
    const [missing] = issuesOf(createCollectionSchema, {});
    expect(missing).toMatchObject({ message: "is required", code: "required" });
    const [wrongType] = issuesOf(z.object({ name: z.string({ error: requiredOr("must be text") }) }), {
      name: 1,
    });
    expect(wrongType).toMatchObject({ message: "must be text", code: "invalid_type" });
  });

  it("answers a union's choices, or that no shape fits", () => {
    const [kind] = issuesOf(newCommentSchema, { body: "b", shape: { kind: "circle", x: 0, y: 0 } });
    expect(kind).toMatchObject({ code: "not_one_of", params: { allowed: ["rect", "point"] } });
    expect(inChinese(kind)).toBe("须为 rect、point 之一");
    const [patch] = issuesOf(commentPatchSchema, { resolved: "yes" });
    expect(patch).toMatchObject({ code: "no_matching_shape", params: {} });
    expect(inChinese(patch)).toBe("不符合此请求接受的任何格式");
  });

  it("takes a refinement's own code, and leaves a bare regex to its English", () => {
    const refined = z
      .string()
      .refine((v) => v.length > 3, { error: "too plain", ...issueCode("too_short", { min: 4 }) });
    expect(issuesOf(refined, "abc")[0]).toMatchObject({ code: "too_short", params: { min: 4 } });
    const [regex] = issuesOf(z.string().regex(/^a+$/, { error: "must be a's" }), "b");
    expect(regex).toMatchObject({ code: "invalid", params: {} });
    expect(inChinese(regex)).toBe("must be a's");
  });
});
