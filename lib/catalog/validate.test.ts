import { describe, expect, it } from "vitest";
import { getModel, normalizeRequest, validateTaskRequest } from "./index";
import { requestSchema } from "./schema";
import { rejection } from "./test-support/rejection";

const IMG = "https://cdn.example.com/cat.png";

describe("validateTaskRequest: the model field", () => {
  it("rejects a model name with unknown_model 400 saying names are not ids", () => {
    for (const name of [
      "O3 Video Generation",
      "1.1 v2 Image To Video",
      "1.1 v2 Reference Raw Video",
      "1.1 v2 Text To Video",
    ]) {
      const error = rejection({ model: name, prompt: "x" });
      expect(error.code).toBe("unknown_model");
      expect(error.status).toBe(400);
      expect(error.message).toContain(`"${name}" is a model name, not a Model ID`);
      expect(error.message).toMatch(/fails to resolve model names/);
      expect(error.issues[0].path).toBe("model");
    }
  });

  it("rejects an unknown id with unknown_model 400 and suggests close ids", () => {
    const error = rejection({ model: "sd2_disc_nvidd", prompt: "x" });
    expect([error.code, error.status]).toEqual(["unknown_model", 400]);
    expect(error.message).toBe(
      'Unknown model "sd2_disc_nvidd": not a Model ID of the catalog. Did you mean "sd2_disc_nvid"?',
    );
    expect(rejection({ model: "nothing-like-it" }).message).not.toContain("Did you mean");
  });

  it("rejects each unavailable model with model_unavailable 403 and its reason", () => {
    const cases = {
      videos_30_10_10_c4: "brand_model_missing",
      "vendorw2.7-videoedit": "brand_model_disabled",
      "vendorw2.7-r2v": "brand_model_disabled",
      "hh-1.1-i2v-o": "brand_model_disabled",
      "vendors-5.0": "brand_model_disabled",
    };
    for (const [id, reason] of Object.entries(cases)) {
      const error = rejection({ model: id, prompt: "a valid prompt" });
      expect([error.code, error.status, error.details.reason], id).toEqual([
        "model_unavailable",
        403,
        reason,
      ]);
      expect(error.toJSON().error).toMatchObject({ code: "model_unavailable", reason });
      expect(error.message).toContain(reason);
    }
  });

  it("requires model as a string, with the issue on path model", () => {
    for (const body of [{ prompt: "x" }, { model: "", prompt: "x" }, { model: null }]) {
      const error = rejection(body);
      expect([error.code, error.status, error.issues[0].path]).toEqual(["invalid_request", 400, "model"]);
      expect(error.message).toMatch(/^model: is required/);
    }
    expect(rejection({ model: 7 }).message).toBe("model: must be a Model ID string (got 7)");
  });

  it("rejects a body that is not an object", () => {
    for (const body of [null, [], "sd2_disc_nvid", 3]) expect(rejection(body).code).toBe("invalid_request");
  });
});

describe("validateTaskRequest: bodies", () => {
  it("returns the normalized body with model first and left-out optional defaults still out", () => {
    expect(validateTaskRequest({ prompt: "a cat", model: "sd2_disc_nvid" })).toMatchObject({
      model: { id: "sd2_disc_nvid" },
      body: { model: "sd2_disc_nvid", prompt: "a cat", duration: 5 },
    });
    const { body } = validateTaskRequest({ model: "sd2_disc_nvid", prompt: "a cat" });
    expect(Object.keys(body)).toEqual(["model", "prompt", "duration"]);
    expect(validateTaskRequest({ model: "vendorm-H3-768p-c2", prompt: "p" }).body).toEqual({
      model: "vendorm-H3-768p-c2",
      prompt: "p",
    });
  });

  it("reports every issue with its path and a message naming the field and the rule", () => {
    const error = rejection({
      model: "sd2_disc_nvid",
      prompt: "p",
      duration: 20,
      reference_images: Array(12).fill(IMG),
    });
    expect(error.issues).toEqual([
      {
        path: "reference_images",
        message: "at most 9 items (got 12)",
        code: "too_many_items",
        params: { max: 9, got: 12 },
      },
      {
        path: "duration",
        message: "must be an integer between 4 and 15 (got 20)",
        code: "range",
        params: { min: 4, max: 15, got: 20 },
      },
    ]);
    expect(error.message).toBe("reference_images: at most 9 items (got 12) (and 1 more)");
  });

  it("names an unknown field and lists the accepted ones", () => {
    const error = rejection({ model: "videos_900_720p-c1", prompt: "p", fps: 30 });
    expect(error.issues).toEqual([
      {
        path: "fps",
        message:
          "is not a parameter of videos_900_720p-c1; accepted fields: prompt, reference_images, duration, aspect_ratio, resolution",
        code: "unknown_field",
        params: {
          model: "videos_900_720p-c1",
          accepted: ["prompt", "reference_images", "duration", "aspect_ratio", "resolution"],
        },
      },
    ]);
  });

  it("accepts integer strings and normalizes them to numbers, rejects other strings", () => {
    expect(validateTaskRequest({ model: "sd2_disc_nvid", prompt: "p", duration: " 7 " }).body.duration).toBe(
      7,
    );
    expect(rejection({ model: "sd2_disc_nvid", prompt: "p", duration: "7s" }).issues[0].message).toBe(
      'must be an integer between 4 and 15 (got "7s")',
    );
    expect(rejection({ model: "sd2_disc_nvid", prompt: "p", duration: "7.5" }).issues[0].path).toBe(
      "duration",
    );
  });

  it("accepts enum values in any case and sends the model's spelling", () => {
    expect(
      validateTaskRequest({ model: "sd2_disc_nvid", prompt: "p", resolution: "1080P" }).body.resolution,
    ).toBe("1080p");
    expect(
      validateTaskRequest({ model: "sd2_disc_nvid", prompt: "p", aspect_ratio: "Adaptive" }).body
        .aspect_ratio,
    ).toBe("adaptive");
  });

  it("accepts booleans and 'true'/'false' strings", () => {
    expect(
      validateTaskRequest({ model: "sd2_disc_nvid", prompt: "p", generate_audio: "false" }).body
        .generate_audio,
    ).toBe(false);
  });

  it("treats null like a left-out field", () => {
    expect(
      validateTaskRequest({ model: "sd2_disc_nvid", prompt: "p", seed: null, duration: null }).body,
    ).toEqual({
      model: "sd2_disc_nvid",
      prompt: "p",
      duration: 5,
    });
    expect(rejection({ model: "sd2_disc_nvid", prompt: null }).issues).toEqual([
      { path: "prompt", message: "is required", code: "required", params: {} },
    ]);
  });

  it("fills the default of required fields (sd2_disc_nvid duration, videos_900_720p-c1 resolution)", () => {
    expect(validateTaskRequest({ model: "videos_900_720p-c1", prompt: "p" }).body).toEqual({
      model: "videos_900_720p-c1",
      prompt: "p",
      resolution: "720p",
    });
    expect(validateTaskRequest({ model: "vendorm-H3-768p-c1", prompt: "p" }).body.duration).toBe(5);
  });
});

describe("n on videos_30_10_10_c4 (fixed string '1')", () => {
  const model = getModel("videos_30_10_10_c4")!;
  it('accepts "1" and the number 1, both sent as "1"', () => {
    expect(normalizeRequest(model, { prompt: "p", n: 1 })).toEqual({
      ok: true,
      value: { prompt: "p", n: "1" },
    });
    expect(normalizeRequest(model, { prompt: "p", n: "1" })).toEqual({
      ok: true,
      value: { prompt: "p", n: "1" },
    });
  });
  it("rejects any other count", () => {
    expect(normalizeRequest(model, { prompt: "p", n: 2 })).toEqual({
      ok: false,
      issues: [{ path: ["n"], message: "must be 1 (got 2)", code: "equals", params: { value: "1", got: 2 } }],
    });
  });
});

describe("requestSchema", () => {
  it("is a zod schema whose output is the normalized body and whose issues carry paths", () => {
    const schema = requestSchema(getModel("sd2_disc_nvid")!);
    expect(schema.parse({ prompt: "p", images: [IMG] })).toEqual({
      prompt: "p",
      duration: 5,
      reference_images: [IMG],
    });
    const result = schema.safeParse({ prompt: "p", reference_images: [IMG, "ftp://x/y.png"] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [
        ["reference_images", 1],
        "ftp: URLs are not supported; use a public http(s) URL or an assetId:// reference",
      ],
    ]);
  });

  it("ignores a model key in the body (the sandbox may pass the whole request)", () => {
    expect(requestSchema(getModel("sd2_disc_nvid")!).parse({ model: "sd2_disc_nvid", prompt: "p" })).toEqual({
      prompt: "p",
      duration: 5,
    });
  });
});
