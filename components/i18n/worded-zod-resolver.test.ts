import { describe, expect, it } from "vitest";
import { uploadAssetSchema } from "@/lib/assets/schema";
import { inChinese } from "./testing/issue-words";
import { wordedZodResolver } from "./worded-zod-resolver";

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("wordedZodResolver", () => {
  it("words each field's issue from its code, as the server would answer it", async () => {
    const resolve = wordedZodResolver(uploadAssetSchema, (issue) => inChinese(issue));
    const refused = await resolve({ label: " ", kind: "document" as "image", notes: "" }, undefined, options);
    expect(refused.values).toEqual({});
    expect(refused.errors.label?.message).toBe("不能为空");
    expect(refused.errors.kind?.message).toBe("须为 image、video、audio 之一");
  });

  it("answers the schema's output when the values pass", async () => {
    const resolve = wordedZodResolver(uploadAssetSchema, (issue) => issue.message);
    const passed = await resolve({ label: " Frame ", kind: "image" }, undefined, options);
    expect(passed).toEqual({ values: { label: "Frame", kind: "image", notes: "" }, errors: {} });
  });
});
