import { describe, expect, it } from "vitest";
import { validateTaskRequest } from "./validate";
import {
  firstFrameField,
  firstFrameModels,
  firstFrameOf,
  returnsLastFrame,
  withFirstFrame,
  withLastFrameRequested,
} from "./first-frame";

const url = "https://studio.example/api/media/abc?expires=1&signature=x";

describe("first-frame models per family (spec)", () => {
  it("knows which field each family takes its first frame in", () => {
    expect(firstFrameField("sd2_disc_nvid")).toBe("first_image");
    expect(firstFrameField("sd_2.0_mini_discount")).toBe("first_image");
    expect(firstFrameField("vendorm-H3-768p-c2")).toBe("first_image");
    expect(firstFrameField("videos_2.5_30_10_10_c6")).toBe("first_image");
    expect(firstFrameField("hh-1.1-i2v-o")).toBe("first_image");
    expect(firstFrameField("sd_2.5_ORelay")).toBe("image_roles");
    expect(firstFrameField("vendorw2.7-r2v")).toBeNull();
    expect(firstFrameField("vendors-5.0")).toBeNull();
    expect(firstFrameField("no-such-model")).toBeNull();
  });

  it("offers only runnable models that take a first frame in the picker", () => {
    const ids = firstFrameModels().map((m) => m.id);
    expect(ids).toContain("sd_2.5_ORelay");
    expect(ids).toContain("sd2_disc_nvid");
    expect(ids).not.toContain("hh-1.1-i2v-o"); // visible but unavailable
    expect(ids).not.toContain("vendorw2.7-r2v");
  });

  it("sets first_image to the one frame", () => {
    const body = withFirstFrame(
      "sd2_disc_nvid",
      { model: "sd2_disc_nvid", prompt: "on", first_image: ["old"] },
      url,
    );
    expect(body.first_image).toEqual([url]);
    expect(firstFrameOf(body)).toBe(url);
    expect(validateTaskRequest(body).body).toMatchObject(body);
  });

  it("sets the first_frame role of image_roles and keeps a last_frame", () => {
    const last = { url: "https://x/last.png", role: "last_frame" };
    const body = withFirstFrame(
      "sd_2.5_ORelay",
      { model: "sd_2.5_ORelay", prompt: "on", image_roles: [{ url: "old", role: "first_frame" }, last] },
      url,
    );
    expect(body.image_roles).toEqual([{ url, role: "first_frame" }, last]);
    expect(firstFrameOf(body)).toBe(url);
    expect(validateTaskRequest(body).body).toMatchObject(body);
  });

  it("refuses a model without a first frame, naming it", () => {
    expect(() => withFirstFrame("vendorw2.7-r2v", { prompt: "x" }, url)).toThrow(
      /vendorw2.7-r2v does not take a first frame/,
    );
  });

  it("asks for the last frame only where the model can return one", () => {
    expect(returnsLastFrame("sd_2.5_ORelay")).toBe(true);
    expect(returnsLastFrame("sd_2.0_mini_discount")).toBe(true);
    expect(returnsLastFrame("sd2_disc_nvid")).toBe(false);
    expect(withLastFrameRequested("sd_2.5_ORelay", { prompt: "x" })).toEqual({
      prompt: "x",
      return_last_frame: true,
    });
    expect(withLastFrameRequested("sd2_disc_nvid", { prompt: "x" })).toEqual({ prompt: "x" });
    expect(withLastFrameRequested("sd_2.5_ORelay", { return_last_frame: false })).toEqual({
      return_last_frame: false,
    });
    expect(withLastFrameRequested("sd_2.5_ORelay", { return_last_frame: false }, { force: true })).toEqual({
      return_last_frame: true,
    });
  });
});
