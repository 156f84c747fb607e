import { describe, expect, it } from "vitest";
import {
  defaultFormValues,
  describeParam,
  formValuesFromRequest,
  getModel,
  type ModelDef,
  type ParamDef,
} from "./index";
import { formSchema } from "./schema";

const m = (id: string) => getModel(id) as ModelDef;
const param = (id: string, name: string) => m(id).params.find((p) => p.name === name) as ParamDef;
const IMG = "https://cdn.example.com/i.png";

function formIssues(id: string, values: Record<string, unknown>) {
  const result = formSchema(m(id)).safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
}

describe("defaultFormValues", () => {
  it("prefills required defaults and switches, leaves the rest empty", () => {
    expect(defaultFormValues(m("sd2_disc_nvid"))).toEqual({
      prompt: "",
      reference_images: [],
      reference_videos: [],
      reference_audios: [],
      duration: 5,
      aspect_ratio: "",
      resolution: "",
      seed: "",
      first_image: [],
      last_image: [],
      generate_audio: true,
      tools: "",
    });
  });
  it("nests dotted names as react-hook-form does", () => {
    expect(defaultFormValues(m("vendorw2.7-videoedit"))).toMatchObject({
      video_edit: { basic: "" },
      resolution: "",
    });
  });
});

describe("formSchema", () => {
  it("turns untouched defaults into the same body the API would build", () => {
    const filled = { ...defaultFormValues(m("sd2_disc_nvid")), prompt: "a cat" };
    expect(formSchema(m("sd2_disc_nvid")).parse(filled)).toEqual({ prompt: "a cat", duration: 5 });
  });

  it("reports the required prompt on an empty form", () => {
    expect(formIssues("sd2_disc_nvid", defaultFormValues(m("sd2_disc_nvid")))).toEqual([
      ["prompt", "is required"],
    ]);
  });

  it("sends a switch only when it differs from its default", () => {
    const values = { ...defaultFormValues(m("sd2_disc_nvid")), prompt: "p", generate_audio: false };
    expect(formSchema(m("sd2_disc_nvid")).parse(values)).toEqual({
      prompt: "p",
      duration: 5,
      generate_audio: false,
    });
  });

  it("skips blank media rows and points errors at the row the user sees", () => {
    const values = {
      ...defaultFormValues(m("sd2_disc_nvid")),
      prompt: "p",
      reference_images: [{ url: "" }, { url: IMG }, { url: "data:image/png;base64,AA" }],
    };
    expect(formIssues("sd2_disc_nvid", values)).toEqual([
      [
        "reference_images.2",
        "base64/data URLs are not supported; use a public http(s) URL or an assetId:// reference",
      ],
    ]);
    const ok = { ...values, reference_images: ["", IMG, " "] };
    expect(formSchema(m("sd2_disc_nvid")).parse(ok)).toEqual({
      prompt: "p",
      duration: 5,
      reference_images: [IMG],
    });
  });

  it("parses JSON editor text and names invalid JSON", () => {
    const base = { ...defaultFormValues(m("sd2_disc_nvid")), prompt: "p" };
    expect(formSchema(m("sd2_disc_nvid")).parse({ ...base, tools: '[{"type":"web_search"}]' })).toMatchObject(
      { tools: [{ type: "web_search" }] },
    );
    const [[path, message]] = formIssues("sd2_disc_nvid", { ...base, tools: "[{type:" });
    expect(path).toBe("tools");
    expect(message).toMatch(/^must be a JSON array; the text is not valid JSON/);
  });

  it("accepts numbers typed as text and reports bounds like the server", () => {
    const base = { ...defaultFormValues(m("sd2_disc_nvid")), prompt: "p" };
    expect(formSchema(m("sd2_disc_nvid")).parse({ ...base, seed: "42" })).toMatchObject({ seed: 42 });
    expect(formIssues("sd2_disc_nvid", { ...base, duration: "16" })).toEqual([
      ["duration", "must be an integer between 4 and 15 (got 16)"],
    ]);
    expect(formIssues("sd2_disc_nvid", { ...base, duration: Number.NaN })).toEqual([]);
  });

  it("drops values of fields the model does not have (left over from another model)", () => {
    const values = { ...defaultFormValues(m("vendorm-H3-768p-c1")), prompt: "p", first_image: [IMG] };
    expect(formSchema(m("vendorm-H3-768p-c1")).parse(values)).toEqual({ prompt: "p", duration: 5 });
  });

  it("builds an undocumented model's body from prompt and the advanced JSON", () => {
    expect(formSchema(m("sd_2.0_special")).parse({ prompt: "p", advanced: '{"duration": 8}' })).toEqual({
      prompt: "p",
      duration: 8,
    });
    expect(formSchema(m("sd_2.0_special")).parse({ prompt: "p", advanced: "" })).toEqual({ prompt: "p" });
  });

  it("sends the nested field of vendorw2.7-videoedit nested", () => {
    const values = {
      ...defaultFormValues(m("vendorw2.7-videoedit")),
      prompt: "p",
      reference_videos: ["https://x/v.mp4"],
      video_edit: { basic: "on" },
    };
    expect(formSchema(m("vendorw2.7-videoedit")).parse(values)).toEqual({
      prompt: "p",
      reference_videos: ["https://x/v.mp4"],
      video_edit: { basic: "on" },
    });
  });
});

describe("formValuesFromRequest (remix)", () => {
  it("round-trips a stored documented request", () => {
    const body = {
      model: "sd2_disc_nvid",
      prompt: "p",
      duration: 8,
      images: [IMG],
      tools: [{ type: "web_search" }],
      generate_audio: false,
    };
    const values = formValuesFromRequest(m("sd2_disc_nvid"), body);
    expect(values).toMatchObject({
      prompt: "p",
      duration: "8",
      reference_images: [IMG],
      generate_audio: false,
    });
    expect(formSchema(m("sd2_disc_nvid")).parse(values)).toEqual({
      prompt: "p",
      duration: 8,
      reference_images: [IMG],
      generate_audio: false,
      tools: [{ type: "web_search" }],
    });
  });
  it("puts an undocumented request's extra fields into advanced", () => {
    const values = formValuesFromRequest(m("videos_30_10_10_c3"), {
      model: "videos_30_10_10_c3",
      prompt: "p",
      duration: 10,
    });
    expect(values).toEqual({ prompt: "p", advanced: JSON.stringify({ duration: 10 }, null, 2) });
  });
});

describe("describeParam", () => {
  it("adds bounds, counts, formats and defaults to the spec's help", () => {
    expect(describeParam(param("sd2_disc_nvid", "duration"))).toBe(
      "Length of the video in seconds. (4–15 · default 5 · required)",
    );
    expect(describeParam(param("videos_900_720p-c1", "duration"))).toBe(
      "Always 15 seconds. (always 15 · default 15)",
    );
    expect(describeParam(param("vendorw2.7-r2v", "reference_images"))).toBe("(1–3 images · required)");
    expect(describeParam(param("hh-1.1-i2v-o", "first_image"))).toMatch(
      /\(exactly 1 image · JPEG, JPG, PNG, WEBP · required\)$/,
    );
    expect(describeParam(param("vendorm-H3-768p-c2", "prompt"))).toBe(
      "What to generate. (up to 7000 characters · required)",
    );
    expect(describeParam(param("sd2_disc_nvid", "reference_audios"))).toMatch(
      /at most 3 audio files · wav, mp3/,
    );
  });
});
