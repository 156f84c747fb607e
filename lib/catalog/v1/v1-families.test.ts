import { beforeAll, describe, expect, it } from "vitest";
import { isStudioError } from "../../errors";
import { getModel, listModelGroups, validateTaskRequest } from "../index";
import { installV1Mapping, parseV1Mapping, SANDBOX_V1_MAPPING, V1_FAMILIES } from "./index";

beforeAll(() => installV1Mapping(SANDBOX_V1_MAPPING));

/** The issue messages of a refused body, by field. */
function refusal(body: Record<string, unknown>): Record<string, string> {
  try {
    validateTaskRequest(body);
  } catch (error) {
    if (!isStudioError(error)) throw error;
    return Object.fromEntries(error.issues.map((i) => [i.path, i.message]));
  }
  throw new Error(`accepted: ${JSON.stringify(body)}`);
}

const send = (body: Record<string, unknown>) => validateTaskRequest(body).body;

describe("the v1 family table", () => {
  it("family A: the stable variant takes 10 or 15 s, the others 4, 8 or 12 s", () => {
    expect(send({ model: "family-a-stable", prompt: "p", seconds: 15 })).toMatchObject({ seconds: 15 });
    expect(refusal({ model: "family-a-stable", prompt: "p", seconds: 12 }).seconds).toBe(
      "must be one of 10, 15 (got 12)",
    );
    for (const seconds of [4, 8, 12])
      expect(send({ model: "family-a-standard", prompt: "p", seconds })).toMatchObject({ seconds });
    expect(refusal({ model: "family-a-standard", prompt: "p", seconds: 10 }).seconds).toMatch(
      /one of 4, 8, 12/,
    );
  });

  it("family B: 1–16 s and 540p, 720p or 1080p", () => {
    expect(send({ model: "family-b-turbo", prompt: "p", seconds: 16, resolution: "540P" })).toMatchObject({
      seconds: 16,
      resolution: "540p",
    });
    expect(refusal({ model: "family-b-pro", prompt: "p", seconds: 17 }).seconds).toMatch(/between 1 and 16/);
    expect(refusal({ model: "family-b-pro", prompt: "p", seconds: 0 }).seconds).toMatch(/between 1 and 16/);
    expect(refusal({ model: "family-b-pro", prompt: "p", resolution: "480p" }).resolution).toMatch(
      /540p, 720p, 1080p/,
    );
  });

  it("family C: standard 6–30 s, 480p/720p, up to 7 reference images; pro always 10 s, no resolution", () => {
    const seven = Array.from({ length: 7 }, (_, i) => `https://example.com/${i}.png`);
    expect(send({ model: "family-c-standard", prompt: "p", seconds: 30, image_urls: seven })).toMatchObject({
      reference_images: seven,
    });
    expect(
      refusal({
        model: "family-c-standard",
        prompt: "p",
        reference_images: [...seven, "https://e.com/8.png"],
      }).reference_images,
    ).toMatch(/at most 7 items/);
    expect(refusal({ model: "family-c-standard", prompt: "p", seconds: 5 }).seconds).toMatch(
      /between 6 and 30/,
    );
    expect(send({ model: "family-c-pro", prompt: "p" })).toEqual({
      model: "family-c-pro",
      prompt: "p",
      aspect_ratio: "16:9",
      seconds: 10,
    });
    expect(refusal({ model: "family-c-pro", prompt: "p", seconds: 8 }).seconds).toBe("must be 10 (got 8)");
    expect(refusal({ model: "family-c-pro", prompt: "p", resolution: "720p" }).resolution).toMatch(
      /not a parameter of family-c-pro/,
    );
  });

  it("the 720p/1080p family takes 5–10 s; the asset family alone takes assetId:// references", () => {
    expect(send({ model: "family-d-1080p", prompt: "p", seconds: 10 })).toMatchObject({ seconds: 10 });
    expect(refusal({ model: "family-d-720p", prompt: "p", seconds: 11 }).seconds).toMatch(/between 5 and 10/);
    expect(
      send({ model: "family-e-fast-pro", prompt: "p", reference_images: ["assetId://asset-42"] }),
    ).toMatchObject({ reference_images: ["assetId://asset-42"] });
    expect(
      refusal({ model: "family-c-standard", prompt: "p", reference_images: ["assetId://asset-42"] })[
        "reference_images[0]"
      ],
    ).toMatch(/only by the asset-library models/);
  });

  it("every body is the spec's create body: model, prompt, aspect_ratio (width:height), seconds", () => {
    expect(send({ model: "family-a-standard", prompt: "p" })).toEqual({
      model: "family-a-standard",
      prompt: "p",
      aspect_ratio: "16:9",
      seconds: 4,
    });
    expect(send({ model: "family-a-standard", prompt: "p", aspect_ratio: " 1280:720 " })).toMatchObject({
      aspect_ratio: "1280:720",
    });
    for (const bad of ["wide", "16/9", "0:9", "16:9:1"])
      expect(refusal({ model: "family-a-standard", prompt: "p", aspect_ratio: bad }).aspect_ratio).toMatch(
        /must be width:height/,
      );
    expect(refusal({ model: "family-a-standard", prompt: "" }).prompt).toBe("must not be empty");
  });

  it("lists each mapped family as its own group, after the task API's", () => {
    const labels = listModelGroups().map((g) => g.label);
    const v1 = labels.filter((l) => l.startsWith("v1 · "));
    expect(v1).toEqual(
      Object.keys(V1_FAMILIES).map((k) => `v1 · Sandbox family ${k} (/v1/family-${k.toLowerCase()}/videos)`),
    );
    expect(labels.indexOf(v1[0])).toBeGreaterThan(labels.indexOf("More models (reference pages)"));
    expect(getModel("family-e-pro")).toMatchObject({
      assetLibrary: true,
      v1: { family: "E", path: "family-e" },
    });
  });
});

describe("the operator's mapping file", () => {
  const file = (families: unknown) => JSON.stringify({ families });
  const problem = (text: string) => {
    try {
      parseV1Mapping(text, "v1.json");
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error("accepted");
  };

  it("maps real paths and ids onto the table, with names", () => {
    const mapped = parseV1Mapping(
      file([
        { family: "B", path: "turbo-video", models: [{ id: "tv-1", variant: "turbo", name: "Turbo 1" }] },
      ]),
      "v1.json",
    );
    expect(mapped).toEqual([
      { family: "B", path: "turbo-video", variant: "turbo", id: "tv-1", name: "Turbo 1" },
    ]);
  });

  it("names the file, the entry and the rule for every mistake", () => {
    expect(problem("{")).toMatch(/^v1\.json: not valid JSON/);
    expect(problem(file([{ family: "Z", path: "x", models: [{ id: "a", variant: "b" }] }]))).toMatch(
      /families\.0\.family: must be one of A, B, C, D, E/,
    );
    expect(problem(file([{ family: "A", path: "x", models: [{ id: "a", variant: "turbo" }] }]))).toMatch(
      /families\.0\.models\.0\.variant: "turbo" is not a variant of family A; use one of stable, standard/,
    );
    expect(problem(file([{ family: "A", path: "a/b", models: [{ id: "a", variant: "stable" }] }]))).toMatch(
      /families\.0\.path: must be one path segment/,
    );
    expect(
      problem(file([{ family: "A", path: "models", models: [{ id: "a", variant: "stable" }] }])),
    ).toMatch(/native text API/);
    expect(
      problem(
        file([
          { family: "A", path: "x", models: [{ id: "dup", variant: "stable" }] },
          { family: "D", path: "x", models: [{ id: "dup", variant: "720p" }] },
        ]),
      ),
    ).toMatch(
      /families\.1\.path: "x" is mapped twice[\s\S]*families\.1\.models\.0\.id: "dup" is mapped twice/,
    );
    expect(
      problem(file([{ family: "A", path: "x", models: [{ id: "sd2_disc_nvid", variant: "stable" }] }])),
    ).toMatch(/is a model of the task API/);
    expect(problem(file([{ family: "A", path: "x", models: [] }]))).toMatch(/must list a model/);
  });

  it("names every problem of a file, not only the first", () => {
    const lines = problem(
      file([
        { family: "Z", path: "zeta", models: [{ id: "z-1", variant: "any" }] },
        { family: "A", path: "a/b", models: [{ id: "a-1", variant: "turbo" }, "a-2", { variant: "stable" }] },
        ["not", "an", "entry"],
        { family: "D", path: "zeta", models: [{ id: "sd2_disc_nvid", variant: "720p" }] },
      ]),
    ).split("\n");
    expect(lines).toEqual([
      "v1.json: invalid v1 family mapping",
      "  families.0.family: must be one of A, B, C, D, E",
      "  families.1.path: must be one path segment of letters, digits, '.', '_' or '-' (the {family} in /v1/{family}/videos)",
      '  families.1.models.0.variant: "turbo" is not a variant of family A; use one of stable, standard',
      "  families.1.models.1: must be an object with id and variant",
      "  families.1.models.2.id: must be the model id sent as `model`",
      "  families.2: must be an object with family, path and models",
      '  families.3.path: "zeta" is mapped twice',
      '  families.3.models.0.id: "sd2_disc_nvid" is a model of the task API (v2); v1 ids must differ',
    ]);
  });
});
