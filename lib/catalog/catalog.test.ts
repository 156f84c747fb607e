import { describe, expect, it } from "vitest";
import {
  findModelByName,
  getModel,
  listModelGroups,
  listModelNames,
  listModels,
  suggestModelIds,
} from "./index";
import { SPEC, UNDOCUMENTED } from "./test-support/spec-tables";

const PUBLISHED: [string, "video" | "image", string[]][] = [
  ["image group A", "image", ["vendors_5.0Pro", "vendors-5.0"]],
  ["video, official discount 2.5", "video", ["sd_2.5_discount_v1"]],
  ["video, special price 2.5", "video", ["sd_2.5_special_v1"]],
  ["video, special price 2.0", "video", ["sd_2.0_fast_special", "sd_2.0_mini_special", "sd_2.0_special"]],
  [
    "video, official discount 2.0",
    "video",
    ["sd_2.0_discount", "sd_2.0_fast_discount", "sd_2.0_mini_discount"],
  ],
  [
    "video group vendorm",
    "video",
    ["vendorm-H3_933_1080p", "vendorm-H3-2K-c1", "vendorm-H3-768p", "vendorm-H3-768p-c2"],
  ],
  ["video group videos", "video", ["videos_2.5_30_10_10_c6", "videos_30_10_10_c3"]],
  ["video group three-model", "video", []],
  ["video group vendorw", "video", ["vendorw3.0-prime-r2v-c1", "vendorw3.0-video-r2v-c2"]],
  ["video group single", "video", []],
];
const REFERENCE_PAGES = [
  "sd2_disc_nvid",
  "sd_2.5_ORelay",
  "videos_30_10_10_c4",
  "vendorm-H3-768p-c1",
  "videos_900_720p-c1",
  "vendorw2.7-videoedit",
  "vendorw2.7-r2v",
  "hh-1.1-i2v-o",
];

describe("model groups", () => {
  it("lists the spec's published groups in order, then the reference pages", () => {
    const groups = listModelGroups();
    expect(groups.map((g) => [g.label, g.kind, g.models.map((m) => m.id)])).toEqual([
      ...PUBLISHED,
      ["More models (reference pages)", "video", REFERENCE_PAGES],
    ]);
    for (const group of groups) for (const m of group.models) expect(m.group).toBe(group.label);
  });

  it("puts the published names in their groups, and nowhere among ids", () => {
    const byLabel = Object.fromEntries(listModelGroups().map((g) => [g.label, g.names?.map((n) => n.name)]));
    expect(byLabel["video group three-model"]).toEqual([
      "1.1 v2 Image To Video",
      "1.1 v2 Reference Raw Video",
      "1.1 v2 Text To Video",
    ]);
    expect(byLabel["video group single"]).toEqual(["O3 Video Generation"]);
    expect(listModelNames()).toHaveLength(4);
    for (const { name } of listModelNames()) expect(getModel(name)).toBeUndefined();
  });

  it("defines every spec id exactly once", () => {
    const ids = listModels().map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...Object.keys(SPEC), ...UNDOCUMENTED].sort());
    expect([...ids].sort()).toEqual([...PUBLISHED.flatMap(([, , m]) => m), ...REFERENCE_PAGES].sort());
  });
});

describe("model flags", () => {
  it("marks the spec's visible-but-unavailable models with their reason", () => {
    const unavailable = Object.fromEntries(
      listModels()
        .filter((m) => m.unavailableReason)
        .map((m) => [m.id, m.unavailableReason]),
    );
    expect(unavailable).toEqual({
      videos_30_10_10_c4: "brand_model_missing",
      "vendorw2.7-videoedit": "brand_model_disabled",
      "vendorw2.7-r2v": "brand_model_disabled",
      "hh-1.1-i2v-o": "brand_model_disabled",
      "vendors-5.0": "brand_model_disabled",
    });
  });

  it("flags only sd2_disc_nvid and sd_2.0_mini_discount as asset-library models", () => {
    expect(
      listModels()
        .filter((m) => m.assetLibrary)
        .map((m) => m.id),
    ).toEqual(["sd_2.0_mini_discount", "sd2_disc_nvid"]);
  });

  it("marks ids without a parameter page undocumented: prompt + advanced JSON only", () => {
    for (const id of UNDOCUMENTED) {
      const model = getModel(id)!;
      expect(model.documented, id).toBe(false);
      expect(model.params.map((p) => [p.name, p.type, p.required])).toEqual([
        ["prompt", "string", true],
        ["advanced", "json", false],
      ]);
      expect(model.params[1].help).toMatch(/undocumented/);
      expect(model.notes?.join(" ")).toMatch(/no parameter page/);
    }
    for (const id of Object.keys(SPEC)) expect(getModel(id)!.documented, id).toBe(true);
  });

  it("knows which models are images", () => {
    expect(
      listModels()
        .filter((m) => m.kind === "image")
        .map((m) => m.id),
    ).toEqual(["vendors_5.0Pro", "vendors-5.0"]);
  });

  it("gives every param a label and every documented model a description", () => {
    for (const model of listModels()) {
      expect(model.description, model.id).toBeTruthy();
      for (const p of model.params) expect(p.label, `${model.id}.${p.name}`).toMatch(/\S/);
    }
  });
});

describe("rules per model", () => {
  it("opts each model into exactly the spec's cross-field rules", () => {
    const frames = ["scenario-exclusivity", "last-image-needs-first", "audio-needs-reference"];
    const rules = Object.fromEntries(
      listModels()
        .filter((m) => m.rules?.length)
        .map((m) => [m.id, m.rules]),
    );
    expect(rules).toEqual({
      "sd_2.0_mini_discount": [...frames, "asset-prompt-limits", "object-tools"],
      "vendorm-H3-768p-c2": frames,
      "videos_2.5_30_10_10_c6": frames,
      sd2_disc_nvid: [...frames, "asset-prompt-limits", "web-search-tools"],
      "sd_2.5_ORelay": ["image-roles", "audio-needs-reference"],
      videos_30_10_10_c4: ["audio-needs-reference"],
      "vendorm-H3-768p-c1": ["audio-needs-reference"],
    });
    const truncating = listModels()
      .filter((m) => m.promptTruncation)
      .map((m) => m.id);
    expect(truncating).toEqual(["vendorw2.7-videoedit", "vendorw2.7-r2v", "hh-1.1-i2v-o"]);
    expect(
      listModels()
        .filter((m) => m.modeRule)
        .map((m) => m.id),
    ).toEqual(["vendorm-H3-768p-c1"]);
  });
});

describe("names and suggestions", () => {
  it("finds names regardless of case and spacing", () => {
    expect(findModelByName("o3  video generation")?.name).toBe("O3 Video Generation");
    expect(findModelByName("sd2_disc_nvid")).toBeUndefined();
  });

  it("suggests close ids for a typo", () => {
    expect(suggestModelIds("sd2-disc-nvid")).toEqual(["sd2_disc_nvid"]);
    expect(suggestModelIds("VENDORS-5.0")[0]).toBe("vendors-5.0");
    expect(suggestModelIds("completely different")).toEqual([]);
  });
});
