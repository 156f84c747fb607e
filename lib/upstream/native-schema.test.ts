// The native request schema shared by the proxy, the chat and the sandbox: what the spec requires is
// checked, what it does not mention passes through untouched.
import { describe, expect, it } from "vitest";
import { generateContentRequestSchema } from "./native-schema";

const issuesOf = (body: unknown) => {
  const result = generateContentRequestSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("generateContentRequestSchema", () => {
  it("accepts systemInstruction parts without text (the spec does not require it)", () => {
    const body = {
      contents: [{ role: "user", parts: [{ text: "hi" }] }],
      systemInstruction: { parts: [{ inlineData: { mimeType: "image/png", data: "AAAA" } }, {}] },
    };
    expect(issuesOf(body)).toEqual([]);
    expect(issuesOf({ ...body, systemInstruction: { parts: [{ text: 3 }] } })).toEqual([
      "systemInstruction.parts.0.text: must be a string",
    ]);
  });

  it("passes other kinds of part through untouched", () => {
    const parts = [
      { functionCall: { name: "lookup", args: { q: "x" } } },
      { functionResponse: { name: "lookup", response: { ok: true } } },
      { text: "and", thought: true },
    ];
    const parsed = generateContentRequestSchema.parse({
      contents: [{ role: "model", parts }],
      safetySettings: [{ category: "HARM_CATEGORY_HATE_SPEECH", threshold: "BLOCK_NONE" }],
    });
    expect(parsed.contents[0].parts).toEqual(parts);
    expect((parsed as Record<string, unknown>).safetySettings).toHaveLength(1);
  });

  it("still checks the parts it knows and refuses an empty part", () => {
    expect(issuesOf({ contents: [{ parts: [{}] }] })[0]).toContain("contents.0.parts.0: must carry text");
    expect(
      issuesOf({ contents: [{ parts: [{ inlineData: { mimeType: "image/png", data: "!!" } }] }] }),
    ).toEqual(["contents.0.parts.0.inlineData.data: must be base64-encoded bytes"]);
    expect(
      issuesOf({ contents: [{ parts: [{ fileData: { mimeType: "video/mp4", fileUri: "ftp://x/y" } }] }] }),
    ).toEqual(["contents.0.parts.0.fileData.fileUri: must be an http(s) URL"]);
    expect(issuesOf({ contents: [] })).toEqual(["contents: must hold at least one message"]);
  });
});
