import { describe, expect, it } from "vitest";
import { detectMode, detectScenario, getModel, type ModelDef } from "./index";

const IMG = "https://cdn.example.com/i.png";

describe("detectMode (vendorm-H3-768p-c1)", () => {
  const model = getModel("vendorm-H3-768p-c1") as ModelDef;
  it("follows the mode rule", () => {
    expect(detectMode(model, {})).toBe("text-to-video");
    expect(detectMode(model, { reference_images: ["", " "] })).toBe("text-to-video");
    expect(detectMode(model, { reference_images: [IMG] })).toBe("image-to-video");
    expect(detectMode(model, { reference_images: [IMG], reference_audios: ["https://x/a.mp3"] })).toBe(
      "audio-synchronized",
    );
  });
  it("is undefined for models without the rule", () => {
    expect(detectMode(getModel("sd2_disc_nvid") as ModelDef, {})).toBeUndefined();
  });
});

describe("detectScenario", () => {
  it("names the scenario of a body or form state", () => {
    expect(detectScenario({ prompt: "p" })).toBe("text");
    expect(detectScenario({ first_image: [IMG] })).toBe("first-frame");
    expect(detectScenario({ first_image: [IMG], last_image: [IMG] })).toBe("first-last-frame");
    expect(detectScenario({ reference_videos: [IMG] })).toBe("multimodal-reference");
    expect(detectScenario({ first_image: [{ url: IMG }], reference_images: [IMG] })).toBe("mixed");
    expect(
      detectScenario({
        image_roles: [
          { url: IMG, role: "first_frame" },
          { url: IMG, role: "last_frame" },
        ],
      }),
    ).toBe("first-last-frame");
  });
});
