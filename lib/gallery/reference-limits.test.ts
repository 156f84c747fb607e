import { describe, expect, it } from "vitest";
import { getModel } from "../catalog";
import { referenceLimits, unmetLimit, type StoredMediaFacts } from "./reference-limits";
import { referenceTargets } from "./reference-targets";

const MB = 1024 * 1024;
const video = (facts: Partial<StoredMediaFacts>): StoredMediaFacts => ({
  contentType: "video/mp4",
  width: 1280,
  height: 720,
  durationSec: 5,
  size: 2 * MB,
  ...facts,
});
const image = (facts: Partial<StoredMediaFacts>): StoredMediaFacts => ({
  contentType: "image/png",
  width: 1024,
  height: 768,
  durationSec: null,
  size: MB,
  ...facts,
});

/** Field → reason (or null) for every field of the live catalog that takes this kind of file. */
function verdicts(kind: "image" | "video", facts: StoredMediaFacts) {
  return Object.fromEntries(
    referenceTargets(kind).map((t) => [`${t.modelId}.${t.field}`, unmetLimit(t.limits, facts)]),
  );
}

describe("which reference fields a stored video can fill", () => {
  it("a 5 s clip fits the asset library (2–15 s) but not a field limited to 4 s in total", () => {
    const v = verdicts("video", video({}));
    expect(v["sd2_disc_nvid.reference_videos"]).toBeNull();
    expect(v["sd_2.0_mini_discount.reference_videos"]).toBeNull();
    expect(v["sd_2.5_ORelay.reference_videos"]).toBeNull();
    expect(v["vendorm-H3-768p-c2.reference_videos"]).toBe("Length must be at most 4 s; this one is 5 s.");
  });

  it("the asset library refuses clips outside 2–15 s and of 50 MB or more", () => {
    expect(verdicts("video", video({ durationSec: 20 }))["sd2_disc_nvid.reference_videos"]).toBe(
      "Length must be 2 s–15 s; this one is 20 s.",
    );
    expect(verdicts("video", video({ durationSec: 1.5 }))["sd2_disc_nvid.reference_videos"]).toContain(
      "this one is 1.5 s",
    );
    expect(
      verdicts("video", video({ durationSec: 15, size: 50 * MB - 1 }))["sd2_disc_nvid.reference_videos"],
    ).toBeNull();
    expect(verdicts("video", video({ size: 50 * MB }))["sd2_disc_nvid.reference_videos"]).toBe(
      "Files must be under 50 MB; this one is 50 MB.",
    );
  });

  it("holds nothing it does not know against a file", () => {
    const v = verdicts(
      "video",
      video({ durationSec: null, size: null, width: null, height: null, contentType: null }),
    );
    expect(Object.values(v).every((reason) => reason === null)).toBe(true);
  });
});

describe("which reference fields a stored image can fill", () => {
  it("an ordinary PNG fits every field", () => {
    expect(Object.values(verdicts("image", image({}))).every((reason) => reason === null)).toBe(true);
  });

  it("the asset library wants each side strictly between 300 and 6000 px", () => {
    const small = verdicts("image", image({ width: 300, height: 400 }));
    expect(small["sd2_disc_nvid.reference_images"]).toBe(
      "Width and height must each be between 300 px and 6000 px (exclusive); this file is 300×400.",
    );
    expect(small["sd2_disc_nvid.first_image"]).toBe(small["sd2_disc_nvid.reference_images"]);
    // Models without those limits still take it.
    expect(small["sd_2.5_ORelay.reference_images"]).toBeNull();
    expect(
      verdicts("image", image({ width: 6000, height: 4000 }))["sd2_disc_nvid.reference_images"],
    ).toContain("6000×4000");
    expect(
      verdicts("image", image({ width: 5999, height: 4000 }))["sd2_disc_nvid.reference_images"],
    ).toBeNull();
  });

  it("the asset library wants an aspect ratio strictly between 0.4 and 2.5, and under 30 MB", () => {
    expect(verdicts("image", image({ width: 1000, height: 400 }))["sd2_disc_nvid.reference_images"]).toBe(
      "Aspect ratio (width ÷ height) must be between 0.4 and 2.5 (exclusive); this file's is 2.5.",
    );
    expect(
      verdicts("image", image({ width: 999, height: 400 }))["sd2_disc_nvid.reference_images"],
    ).toBeNull();
    expect(
      verdicts("image", image({ width: 400, height: 1000 }))["sd2_disc_nvid.reference_images"],
    ).toContain("this file's is 0.4");
    expect(verdicts("image", image({ size: 30 * MB }))["sd2_disc_nvid.reference_images"]).toBe(
      "Files must be under 30 MB; this one is 30 MB.",
    );
  });

  it("checks the stored content type against the formats the catalog lists", () => {
    const gif = verdicts("image", image({ contentType: "image/gif" }));
    expect(gif["sd2_disc_nvid.reference_images"]).toBeNull();
    expect(gif["vendorm-H3-768p-c2.reference_images"]).toBe(
      "Takes JPG/JPEG, PNG, WebP, HEIC, HEIF; this file is image/gif.",
    );
    const jpeg = verdicts("image", image({ contentType: "image/jpeg" }));
    expect(jpeg["vendorm-H3-768p-c2.reference_images"]).toBeNull();
    expect(jpeg["sd2_disc_nvid.reference_images"]).toBeNull();
  });

  it("inclusive limits (at least 300 px, 1:2.5 to 2.5:1, at most 20 MB) admit their bounds", () => {
    const model = getModel("hh-1.1-i2v-o")!;
    const param = model.params.find((p) => p.name === "first_image");
    if (param?.type !== "media") throw new Error("hh-1.1-i2v-o has no first_image media field");
    const limits = referenceLimits(param);
    expect(unmetLimit(limits, image({ width: 300, height: 750, size: 20 * MB }))).toBeNull();
    expect(unmetLimit(limits, image({ width: 299, height: 700 }))).toContain("at least 300 px");
    expect(unmetLimit(limits, image({ size: 20 * MB + 1 }))).toBe(
      "Files must be at most 20 MB; this one is 20.1 MB.",
    );
  });
});
