import { describe, expect, it } from "vitest";
import { getModel, normalizeRequest, type ModelDef } from "./index";
import {
  assetPromptLimits,
  audioNeedsReference,
  imageRoles,
  lastImageNeedsFirst,
  objectTools,
  scenarioExclusivity,
  webSearchTools,
} from "./rules";

const IMG = "https://cdn.example.com/i.png";
const VID = "https://cdn.example.com/v.mp4";
const AUD = "https://cdn.example.com/a.mp3";
const model = (id: string) => getModel(id) as ModelDef;
const issues = (id: string, body: Record<string, unknown>) => {
  const result = normalizeRequest(model(id), body);
  return result.ok ? [] : result.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

const MIX = "first-frame, first+last-frame and multimodal-reference scenarios cannot be mixed";

describe("scenarioExclusivity", () => {
  const m = model("sd2_disc_nvid");
  it("allows each scenario alone", () => {
    expect(scenarioExclusivity({ first_image: [IMG] }, m)).toEqual([]);
    expect(scenarioExclusivity({ first_image: [IMG], last_image: [IMG] }, m)).toEqual([]);
    expect(
      scenarioExclusivity({ reference_images: [IMG], reference_videos: [VID], reference_audios: [AUD] }, m),
    ).toEqual([]);
    expect(scenarioExclusivity({ first_image: [IMG], reference_images: [] }, m)).toEqual([]);
  });
  it("puts an issue on every field of both mixed scenarios", () => {
    expect(
      scenarioExclusivity({ first_image: [IMG], last_image: [IMG], reference_videos: [VID] }, m),
    ).toEqual([
      {
        path: ["first_image"],
        message: `cannot be combined with reference_videos: ${MIX}`,
        code: "scenario_mix",
        params: { fields: ["reference_videos"] },
      },
      {
        path: ["last_image"],
        message: `cannot be combined with reference_videos: ${MIX}`,
        code: "scenario_mix",
        params: { fields: ["reference_videos"] },
      },
      {
        path: ["reference_videos"],
        message: `cannot be combined with first_image, last_image: ${MIX}`,
        code: "scenario_mix",
        params: { fields: ["first_image", "last_image"] },
      },
    ]);
  });
  it.each(["sd2_disc_nvid", "sd_2.0_mini_discount", "videos_2.5_30_10_10_c6", "vendorm-H3-768p-c2"])(
    "applies to %s (frames and reference_* fields)",
    (id) => {
      expect(issues(id, { prompt: "p", first_image: [IMG], reference_images: [IMG] })).toEqual([
        `first_image: cannot be combined with reference_images: ${MIX}`,
        `reference_images: cannot be combined with first_image: ${MIX}`,
      ]);
    },
  );
});

describe("lastImageNeedsFirst", () => {
  it("rejects a last frame without a first frame", () => {
    expect(lastImageNeedsFirst({ last_image: [IMG] }, model("sd2_disc_nvid"))).toEqual([
      {
        path: ["last_image"],
        message: "needs first_image: a last frame is only used with a first frame",
        code: "last_needs_first",
      },
    ]);
    expect(lastImageNeedsFirst({ last_image: [IMG], first_image: [IMG] }, model("sd2_disc_nvid"))).toEqual(
      [],
    );
  });
  it.each(["sd2_disc_nvid", "sd_2.0_mini_discount", "videos_2.5_30_10_10_c6", "vendorm-H3-768p-c2"])(
    "applies to %s",
    (id) => {
      expect(issues(id, { prompt: "p", last_image: [IMG] })).toEqual([
        "last_image: needs first_image: a last frame is only used with a first frame",
      ]);
    },
  );
});

describe("audioNeedsReference", () => {
  it("needs a reference image or video next to audio", () => {
    const m = model("sd2_disc_nvid");
    expect(audioNeedsReference({ reference_audios: [AUD] }, m)).toEqual([
      {
        path: ["reference_audios"],
        message: "audio needs at least one reference image or video",
        code: "audio_needs_reference",
        params: { needs: "image_or_video" },
      },
    ]);
    expect(audioNeedsReference({ reference_audios: [AUD], reference_videos: [VID] }, m)).toEqual([]);
    expect(audioNeedsReference({ reference_audios: [AUD], reference_images: [IMG] }, m)).toEqual([]);
  });
  it("says 'image' on a model without reference videos", () => {
    expect(issues("vendorm-H3-768p-c1", { prompt: "p", reference_audios: [AUD] })).toEqual([
      "reference_audios: audio needs at least one reference image",
    ]);
  });
  it.each([
    "sd2_disc_nvid",
    "sd_2.0_mini_discount",
    "sd_2.5_ORelay",
    "videos_30_10_10_c4",
    "videos_2.5_30_10_10_c6",
    "vendorm-H3-768p-c2",
  ])("applies to %s", (id) => {
    expect(issues(id, { prompt: "p", reference_audios: [AUD] })).toEqual([
      "reference_audios: audio needs at least one reference image or video",
    ]);
  });
  it("does not add a second error when the reference image itself is invalid", () => {
    expect(
      issues("sd2_disc_nvid", { prompt: "p", reference_audios: [AUD], reference_images: ["ftp://x"] }),
    ).toEqual([
      "reference_images.0: ftp: URLs are not supported; use a public http(s) URL or an assetId:// reference",
    ]);
  });
});

describe("assetPromptLimits (asset-library models)", () => {
  const m = model("sd2_disc_nvid");
  it("allows 500 Chinese characters and 1000 English words", () => {
    expect(assetPromptLimits({ prompt: "猫".repeat(500) }, m)).toEqual([]);
    expect(assetPromptLimits({ prompt: "cat ".repeat(1000) }, m)).toEqual([]);
  });
  it("names the Chinese limit", () => {
    expect(assetPromptLimits({ prompt: "猫".repeat(501) }, m)).toEqual([
      {
        path: ["prompt"],
        message: "must be at most 500 Chinese characters (got 501)",
        code: "too_many_chinese_characters",
        params: { max: 500, got: 501 },
      },
    ]);
  });
  it("names the English limit", () => {
    expect(assetPromptLimits({ prompt: "a slow-motion cat's jump ".repeat(251) }, m)).toEqual([
      {
        path: ["prompt"],
        message: "must be at most 1000 English words (got 1004)",
        code: "too_many_english_words",
        params: { max: 1000, got: 1004 },
      },
    ]);
  });
  it("checks both on a mixed prompt", () => {
    expect(
      assetPromptLimits({ prompt: `${"猫".repeat(600)} ${"cat ".repeat(1001)}` }, m).map((i) => i.message),
    ).toEqual([
      "must be at most 500 Chinese characters (got 600)",
      "must be at most 1000 English words (got 1001)",
    ]);
  });
  it.each(["sd2_disc_nvid", "sd_2.0_mini_discount"])("applies to %s only", (id) => {
    expect(issues(id, { prompt: "猫".repeat(501) })).toEqual([
      "prompt: must be at most 500 Chinese characters (got 501)",
    ]);
    expect(issues("videos_2.5_30_10_10_c6", { prompt: "猫".repeat(501) })).toEqual([]);
  });
});

describe("imageRoles (sd_2.5_ORelay)", () => {
  const m = model("sd_2.5_ORelay");
  it("accepts a first frame, and a first + last frame with url or image_url", () => {
    expect(imageRoles({ image_roles: [{ url: IMG, role: "first_frame" }] }, m)).toEqual([]);
    expect(
      imageRoles(
        {
          image_roles: [
            { image_url: IMG, role: "last_frame" },
            { url: IMG, role: "first_frame" },
          ],
        },
        m,
      ),
    ).toEqual([]);
  });
  it("passes the items through unchanged", () => {
    const roles = [{ image_url: IMG, role: "first_frame" }];
    expect(normalizeRequest(m, { prompt: "p", image_roles: roles })).toEqual({
      ok: true,
      value: { prompt: "p", image_roles: roles },
    });
  });
  it("needs a first_frame", () => {
    expect(issues("sd_2.5_ORelay", { prompt: "p", image_roles: [{ url: IMG, role: "last_frame" }] })).toEqual(
      ["image_roles: needs one first_frame item (a last_frame alone is not a scenario)"],
    );
  });
  it("rejects duplicate roles, unknown roles and bad items", () => {
    expect(
      issues("sd_2.5_ORelay", {
        prompt: "p",
        image_roles: [
          { url: IMG, role: "first_frame" },
          { url: IMG, role: "first_frame" },
          { url: IMG, role: "middle" },
          "x",
          { role: "last_frame" },
        ],
      }),
    ).toEqual([
      "image_roles.1.role: first_frame is given more than once; one item per role",
      'image_roles.2.role: must be first_frame or last_frame (got "middle")',
      'image_roles.3: must be an object { "url": "https://…", "role": "first_frame" }',
      "image_roles.4.url: is required (url or image_url)",
    ]);
  });
  it("checks the URL of each item", () => {
    expect(
      issues("sd_2.5_ORelay", {
        prompt: "p",
        image_roles: [{ image_url: "data:image/png;base64,AA", role: "first_frame" }],
      }),
    ).toEqual(["image_roles.0.image_url: base64/data URLs are not supported; use a public http(s) URL"]);
    expect(
      issues("sd_2.5_ORelay", {
        prompt: "p",
        image_roles: [{ url: IMG, image_url: `${IMG}?2`, role: "first_frame" }],
      }),
    ).toEqual(["image_roles.0: has both url and image_url with different values; give one"]);
  });
  it("cannot be combined with reference media", () => {
    expect(
      issues("sd_2.5_ORelay", {
        prompt: "p",
        image_roles: [{ url: IMG, role: "first_frame" }],
        reference_audios: [AUD],
        reference_videos: [VID],
      }),
    ).toEqual([
      "image_roles: cannot be combined with reference_videos, reference_audios: first-frame and first/last-frame tasks cannot be mixed with reference media",
    ]);
  });
  it("must be a list", () => {
    expect(issues("sd_2.5_ORelay", { prompt: "p", image_roles: { url: IMG } })).toEqual([
      "image_roles: must be a JSON array (got an object)",
    ]);
  });
});

describe("webSearchTools (sd2_disc_nvid)", () => {
  const m = model("sd2_disc_nvid");
  it("accepts the web_search tool object", () => {
    expect(webSearchTools({ tools: [{ type: "web_search" }] }, m)).toEqual([]);
    expect(normalizeRequest(m, { prompt: "p", tools: [{ type: "web_search" }] })).toEqual({
      ok: true,
      value: { prompt: "p", duration: 5, tools: [{ type: "web_search" }] },
    });
  });
  it("rejects every other tool clearly", () => {
    expect(
      issues("sd2_disc_nvid", {
        prompt: "p",
        tools: [{ type: "code_interpreter" }, "web_search", { type: "web_search" }, { type: "web_search" }],
      }),
    ).toEqual([
      'tools.0: unsupported tool: the only supported entry is { "type": "web_search" } (got type "code_interpreter")',
      'tools.1: unsupported tool: the only supported entry is { "type": "web_search" } (got "web_search")',
      "tools.3: web_search is listed more than once",
    ]);
    expect(issues("sd2_disc_nvid", { prompt: "p", tools: { type: "web_search" } })).toEqual([
      "tools: must be a JSON array (got an object)",
    ]);
  });
});

describe("objectTools (sd_2.0_mini_discount)", () => {
  it("passes objects through and rejects other items", () => {
    const m = model("sd_2.0_mini_discount");
    const tools = [{ type: "anything", options: { depth: 2 } }];
    expect(normalizeRequest(m, { prompt: "p", tools })).toEqual({
      ok: true,
      value: { prompt: "p", duration: 5, tools },
    });
    expect(objectTools({ tools: ["web_search"] }, m)).toEqual([
      { path: ["tools", 0], message: "must be a tool configuration object", code: "tool_object" },
    ]);
  });
});

describe("vendorm-H3-768p-c1 mode rule", () => {
  it("allows text-to-video without images (spec conflict, see decisions)", () => {
    expect(issues("vendorm-H3-768p-c1", { prompt: "p" })).toEqual([]);
  });
  it("allows 1-9 images and audio with images", () => {
    expect(
      issues("vendorm-H3-768p-c1", { prompt: "p", reference_images: [IMG], reference_audios: [AUD] }),
    ).toEqual([]);
    expect(
      issues("vendorm-H3-768p-c1", { prompt: "p", reference_images: [IMG], reference_audios: [AUD, AUD] }),
    ).toEqual(["reference_audios: at most 1 item (got 2)"]);
  });
});
