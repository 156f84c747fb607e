import { describe, expect, it } from "vitest";
import { POST } from "./route";

type ErrorBody = { error: { code: string; message: string; issues: { path: string; message: string }[] } };

const post = (body: BodyInit | null, contentType?: string) =>
  POST(
    new Request("http://127.0.0.1:3999/api/gallery/zip", {
      method: "POST",
      body,
      headers: contentType ? { "Content-Type": contentType } : {},
    }),
  );

describe("POST /api/gallery/zip", () => {
  it("answers 400 invalid_request for a body that is neither JSON nor a form", async () => {
    for (const response of [await post("ids=a", "text/plain"), await post("x", undefined)]) {
      expect(response.status).toBe(400);
      const body = (await response.json()) as ErrorBody;
      expect(body.error).toMatchObject({ code: "invalid_request", issues: [{ path: "body" }] });
      expect(body.error.message).toMatch(/application\/json.*form/);
    }
  });

  it("answers 400 for a form body that cannot be parsed", async () => {
    const response = await post("not a multipart body", "multipart/form-data; boundary=xyz");
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error).toMatchObject({
      code: "invalid_request",
      issues: [{ path: "body", message: "must be a well-formed form" }],
    });
  });

  it("names the ids field when a form or JSON names no item", async () => {
    for (const response of [
      await post("other=1", "application/x-www-form-urlencoded"),
      await post(JSON.stringify({ ids: [] }), "application/json"),
    ]) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.issues[0].path).toBe("ids");
    }
  });
});
