import { describe, expect, it } from "vitest";
import { getModel, normalizeRequest, validateTaskRequest } from "./index";
import { rejection } from "./test-support/rejection";

const IMG = "https://cdn.example.com/cat.png";

describe("reference_images aliases", () => {
  it.each(["image_urls", "referenceImages", "images"])("%s becomes reference_images", (alias) => {
    const { body } = validateTaskRequest({ model: "sd2_disc_nvid", prompt: "p", [alias]: [IMG] });
    expect(body).toEqual({ model: "sd2_disc_nvid", prompt: "p", duration: 5, reference_images: [IMG] });
  });

  it("accepts an alias and the canonical field with the same value", () => {
    const { body } = validateTaskRequest({
      model: "sd2_disc_nvid",
      prompt: "p",
      images: [IMG],
      reference_images: [IMG],
    });
    expect(body.reference_images).toEqual([IMG]);
    expect(body).not.toHaveProperty("images");
  });

  it("rejects an alias and the canonical field with different values", () => {
    const error = rejection({
      model: "sd2_disc_nvid",
      prompt: "p",
      image_urls: [IMG],
      reference_images: [`${IMG}?2`],
    });
    expect(error.issues).toMatchObject([
      {
        path: "image_urls",
        message:
          "is an alias of reference_images, which is also given with a different value; send only one of them",
      },
    ]);
  });

  it("rejects two aliases with different values", () => {
    expect(
      rejection({ model: "sd2_disc_nvid", prompt: "p", images: [IMG], referenceImages: [`${IMG}?2`] })
        .issues[0].path,
    ).toBe("images");
  });

  it("checks alias values like reference_images (count, URLs)", () => {
    expect(
      rejection({ model: "vendorm-H3-768p-c1", prompt: "p", images: Array(10).fill(IMG) }).issues,
    ).toMatchObject([{ path: "reference_images", message: "at most 9 items (got 10)" }]);
  });

  it("says an alias is unknown on a model without reference_images", () => {
    const result = normalizeRequest(getModel("hh-1.1-i2v-o")!, {
      prompt: "p",
      first_image: [IMG],
      images: [IMG],
    });
    expect(result.ok ? [] : result.issues.map((i) => i.message)).toEqual([
      "(an alias of reference_images) is not a parameter of hh-1.1-i2v-o; accepted fields: prompt, duration, resolution, seed, first_image, watermark",
    ]);
  });
});

describe("undocumented ids pass parameters through", () => {
  it("merges advanced into the body and keeps other top-level keys", () => {
    const { body } = validateTaskRequest({
      model: "sd_2.0_fast_special",
      prompt: "p",
      fps: 24,
      advanced: { duration: 8, style: { name: "noir" } },
    });
    expect(body).toEqual({
      model: "sd_2.0_fast_special",
      prompt: "p",
      fps: 24,
      duration: 8,
      style: { name: "noir" },
    });
  });

  it("still requires the prompt", () => {
    expect(rejection({ model: "vendorm-H3-2K-c1", advanced: {} }).issues).toMatchObject([
      { path: "prompt", message: "is required" },
    ]);
  });

  it("requires advanced to be an object", () => {
    expect(rejection({ model: "vendorm-H3-2K-c1", prompt: "p", advanced: [1] }).issues).toMatchObject([
      { path: "advanced", message: "must be a JSON object (got a list)" },
    ]);
  });

  it("rejects advanced keys that contradict the top level or the model", () => {
    expect(
      rejection({ model: "videos_30_10_10_c3", prompt: "p", advanced: { prompt: "q" } }).issues,
    ).toMatchObject([
      { path: "advanced.prompt", message: "conflicts with the prompt field given outside advanced" },
    ]);
    expect(
      rejection({ model: "videos_30_10_10_c3", prompt: "p", advanced: { model: "x" } }).issues[0].path,
    ).toBe("advanced.model");
  });

  it("normalizes aliases and rejects base64 media even without a parameter page", () => {
    expect(
      validateTaskRequest({ model: "vendors_5.0Pro", prompt: "p", advanced: { image_urls: [IMG] } }).body,
    ).toEqual({
      model: "vendors_5.0Pro",
      prompt: "p",
      reference_images: [IMG],
    });
    expect(
      rejection({
        model: "vendors_5.0Pro",
        prompt: "p",
        advanced: { first_image: ["data:image/png;base64,AAAA"] },
      }).issues,
    ).toMatchObject([
      {
        path: "advanced.first_image[0]",
        message: "base64/data URLs are not supported; use a public http(s) URL",
      },
    ]);
  });
});

describe("nested field video_edit.basic (vendorw2.7-videoedit)", () => {
  const model = getModel("vendorw2.7-videoedit")!;
  const base = { prompt: "p", reference_videos: ["https://cdn.example.com/v.mp4"] };
  it("accepts the nested and the dotted spelling and sends it nested", () => {
    for (const extra of [{ video_edit: { basic: "on" } }, { "video_edit.basic": "on" }])
      expect(normalizeRequest(model, { ...base, ...extra })).toEqual({
        ok: true,
        value: { ...base, video_edit: { basic: "on" } },
      });
  });
  it("rejects both spellings with different values", () => {
    const result = normalizeRequest(model, { ...base, video_edit: { basic: "a" }, "video_edit.basic": "b" });
    expect(result.ok).toBe(false);
  });
});
