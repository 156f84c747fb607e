import { describe, expect, it } from "vitest";
import { defaultFormValues, getModel, listModelGroups } from "@/lib/catalog";
import { applyFirstFrame, firstFrameGroups } from "./continue-frame";

const url = "http://127.0.0.1:3000/api/media/m1";

describe("the studio continuing from a last frame", () => {
  it("lists only runnable models that take a first frame", () => {
    const ids = firstFrameGroups(listModelGroups()).flatMap((g) => g.models.map((m) => m.id));
    expect(ids).toEqual(expect.arrayContaining(["sd_2.5_ORelay", "sd2_disc_nvid", "vendorm-H3-768p-c2"]));
    expect(ids).not.toContain("vendors-5.0");
    expect(ids).not.toContain("hh-1.1-i2v-o");
  });

  it("opens the form with the frame in first_image", () => {
    const model = getModel("sd2_disc_nvid")!;
    expect(applyFirstFrame(model, defaultFormValues(model), url).first_image).toEqual([url]);
  });

  it("opens the form with the frame as image_roles' first_frame (JSON)", () => {
    const model = getModel("sd_2.5_ORelay")!;
    const values = applyFirstFrame(model, { ...defaultFormValues(model), image_roles: "[ unfinished" }, url);
    expect(JSON.parse(values.image_roles as string)).toEqual([{ url, role: "first_frame" }]);
  });
});
