import { describe, expect, it } from "vitest";
import { StudioError } from "../errors";
import { zodIssueCode } from "../http/zod-issue";
import { planBatch, planOrThrow, type PlannedItem } from "./plan";
import { batchRequestSchema, type BatchRequestInput } from "./request-schema";
import { variationSeeds } from "./seeds";

const plan = (input: BatchRequestInput, random?: () => number) =>
  planBatch(batchRequestSchema.parse(input), random);

function items(input: BatchRequestInput, random?: () => number): PlannedItem[] {
  const result = plan(input, random);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.items;
}

function issues(input: BatchRequestInput) {
  const result = plan(input);
  if (result.ok) throw new Error("expected the plan to be rejected");
  return result.issues.map(({ path, message }) => ({ path, message }));
}

describe("planBatch: models × variations", () => {
  it("runs the shared body on every model, one of each model first", () => {
    const planned = items({
      models: ["sd_2.5_ORelay", "vendorm-H3-768p-c2", "vendors_5.0Pro"],
      body: { prompt: "a fox", duration: 5 },
      variations: 2,
    });
    expect(planned.map((i) => `${i.index}:${i.model}#${i.variation}`)).toEqual([
      "0:sd_2.5_ORelay#1",
      "1:vendorm-H3-768p-c2#1",
      "2:vendors_5.0Pro#1",
      "3:sd_2.5_ORelay#2",
      "4:vendorm-H3-768p-c2#2",
      "5:vendors_5.0Pro#2",
    ]);
    expect(planned[0].body).toEqual({ model: "sd_2.5_ORelay", prompt: "a fox", duration: 5 });
    // The undocumented image model takes the prompt only: duration is not one of its fields.
    expect(planned[2].body).toEqual({ model: "vendors_5.0Pro", prompt: "a fox" });
    // No seed on these models: the same body N times.
    expect(planned[3].body).toEqual(planned[0].body);
  });

  it("stores the catalog's normalized body (canonical names, numbers, required defaults)", () => {
    const [item] = items({
      models: ["sd2_disc_nvid"],
      body: { prompt: "a fox", image_urls: ["https://img.example/a.png"] },
    });
    expect(item.body).toEqual({
      model: "sd2_disc_nvid",
      prompt: "a fox",
      reference_images: ["https://img.example/a.png"],
      duration: 5,
    });
  });

  it("applies per-model overrides, and null removes a shared field for that model", () => {
    const planned = items({
      models: ["sd_2.5_ORelay", "sd2_disc_nvid"],
      body: { prompt: "a fox", duration: 20, resolution: "1080p" },
      overrides: { sd2_disc_nvid: { duration: 10, resolution: null } },
    });
    expect(planned[0].body).toMatchObject({ duration: 20, resolution: "1080p" });
    expect(planned[1].body).toEqual({ model: "sd2_disc_nvid", prompt: "a fox", duration: 10 });
  });

  it("varies seeds from a given base on models that have one", () => {
    const planned = items({ models: ["sd2_disc_nvid"], body: { prompt: "x", seed: 41 }, variations: 3 });
    expect(planned.map((i) => i.body.seed)).toEqual([41, 42, 43]);
  });

  it("picks distinct random valid seeds when none is given (or -1, the model's 'random')", () => {
    let n = 0;
    const random = () => [0.5, 0.5, 0.25][n++ % 3];
    for (const seed of [undefined, -1]) {
      n = 0;
      const planned = items(
        { models: ["sd2_disc_nvid"], body: { prompt: "x", seed }, variations: 2 },
        random,
      );
      const seeds = planned.map((i) => i.body.seed as number);
      expect(new Set(seeds).size).toBe(2);
      for (const s of seeds) expect(s).toBeGreaterThanOrEqual(0);
    }
  });

  it("leaves a single variation's body as given (no seed added)", () => {
    const [item] = items({ models: ["sd2_disc_nvid"], body: { prompt: "x" } });
    expect(item.body).not.toHaveProperty("seed");
  });
});

describe("planBatch: all or nothing", () => {
  it("rejects the whole batch for one model's invalid field, naming model, variations and field", () => {
    expect(
      issues({
        models: ["sd_2.5_ORelay", "sd2_disc_nvid"],
        body: { prompt: "a fox", duration: 20 },
        variations: 2,
      }),
    ).toEqual([
      {
        path: "body.duration",
        message: "sd2_disc_nvid #1–2 · duration: must be an integer between 4 and 15 (got 20)",
      },
    ]);
  });

  it("points an issue at the override that caused it", () => {
    expect(
      issues({
        models: ["sd_2.5_ORelay", "vendorm-H3-768p-c2"],
        body: { prompt: "a fox" },
        overrides: { "vendorm-H3-768p-c2": { resolution: "1080p" } },
      }),
    ).toEqual([
      {
        path: 'overrides["vendorm-H3-768p-c2"].resolution',
        message: 'vendorm-H3-768p-c2 · resolution: must be 768P (got "1080p")',
      },
    ]);
  });

  it("names unknown and unavailable models", () => {
    const found = issues({
      models: ["sd_2.5_ORelay", "no-such-model", "videos_30_10_10_c4"],
      body: { prompt: "x" },
    });
    expect(found.map((i) => i.message)).toEqual([
      expect.stringMatching(/^no-such-model · model: Unknown model "no-such-model"/),
      expect.stringMatching(
        /^videos_30_10_10_c4 · model: .*not available for invocation \(brand_model_missing\)/,
      ),
    ]);
  });

  it("rejects a shared field that no model of the batch has", () => {
    expect(issues({ models: ["sd_2.5_ORelay"], body: { prompt: "x", durations: 5 } })).toEqual([
      {
        path: "body.durations",
        message: "body · durations: no model of this batch has this field (sd_2.5_ORelay)",
      },
    ]);
  });

  it("labels explicit items by position", () => {
    expect(
      issues({
        items: [
          { model: "sd_2.5_ORelay", prompt: "ok" },
          { model: "sd_2.5_ORelay", prompt: "" },
        ],
      }),
    ).toEqual([{ path: "items[1].prompt", message: "item 2 (sd_2.5_ORelay) · prompt: must not be empty" }]);
  });

  it("reports a seed only some variations break by their numbers", () => {
    // 2147483647 is the highest seed: base + 1 wraps to 0, so every variation is valid.
    expect(
      items({ models: ["sd2_disc_nvid"], body: { prompt: "x", seed: 2147483647 }, variations: 2 }).map(
        (i) => i.body.seed,
      ),
    ).toEqual([2147483647, 0]);
    expect(issues({ models: ["sd2_disc_nvid"], body: { prompt: "x", seed: -5 }, variations: 2 })).toEqual([
      {
        path: "body.seed",
        message: "sd2_disc_nvid #1–2 · seed: must be an integer between -1 and 2147483647 (got -5)",
      },
    ]);
  });

  it("planOrThrow lists every issue in one 400", () => {
    const error = (() => {
      try {
        planOrThrow(
          batchRequestSchema.parse({
            models: ["sd_2.5_ORelay", "sd2_disc_nvid"],
            body: { prompt: "", duration: 20 },
          }),
        );
      } catch (e) {
        return e;
      }
    })() as StudioError;
    expect(error).toBeInstanceOf(StudioError);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(
      /^Nothing was sent: sd_2\.5_ORelay · prompt: must not be empty \(and 2 more\)$/,
    );
    expect(error.issues.map((i) => i.path)).toEqual(["body.prompt", "body.prompt", "body.duration"]);
  });
});

describe("batchRequestSchema", () => {
  it.each([
    [{}, "", "give models (with a shared body) or items (task bodies)"],
    [{ models: ["a"], items: [{}] }, "items", "give models or items, not both"],
    [{ items: [{ model: "a" }], body: {} }, "body", "is only used with models"],
    [{ models: ["a", "a"] }, "models.1", "lists a twice; use variations to run it more than once"],
    [{ models: ["a"], overrides: { b: {} } }, "overrides.b", "is not one of models"],
    [{ models: ["a"], variations: 51 }, "variations", "must be a whole number from 1 to 50"],
    [
      { models: ["a", "b", "c", "d", "e"], variations: 50 },
      "variations",
      "5 × 50 = 250 tasks; a batch holds at most 200",
    ],
  ])("%j → %s: %s", (input, path, message) => {
    const result = batchRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toContainEqual([path, message]);
  });
});

describe("issue codes of the batch's own rules (the browser words them: messages batchPlanIssues)", () => {
  it("answers them as the server does, with what each names", () => {
    const codes = (input: unknown) =>
      batchRequestSchema.safeParse(input).error!.issues.map((i) => [i.path.join("."), zodIssueCode(i)]);
    expect(codes({ models: ["a", "a"] })).toEqual([
      ["models.1", { code: "batch_model_twice", params: { model: "a" } }],
    ]);
    expect(codes({ items: Array(5).fill({ model: "a" }), variations: 50 })).toEqual([
      [
        "variations",
        { code: "batch_too_many_tasks", params: { sources: 5, variations: 50, count: 250, max: 200 } },
      ],
    ]);
    const error = (() => {
      try {
        planOrThrow(
          batchRequestSchema.parse({ models: ["sd_2.5_ORelay"], body: { prompt: "x", durations: 5 } }),
        );
      } catch (e) {
        return e as StudioError;
      }
    })();
    expect(error?.issues).toEqual([
      {
        path: "body.durations",
        message: "body · durations: no model of this batch has this field (sd_2.5_ORelay)",
        code: "batch_field_unused",
        params: { models: ["sd_2.5_ORelay"] },
      },
    ]);
  });
});

describe("variationSeeds", () => {
  const param = { name: "seed", label: "Seed", type: "integer", required: false, min: 0, max: 10 } as const;
  it("wraps within the bounds", () => {
    expect(variationSeeds(param, 9, 4)).toEqual([9, 10, 0, 1]);
  });
  it("ends with distinct seeds even from a random source that repeats itself", () => {
    expect(variationSeeds(param, undefined, 3, () => 0)).toEqual([0, 1, 2]);
  });
  it("gives null for a value the field rejects", () => {
    expect(variationSeeds(param, "abc", 2)).toBeNull();
    expect(variationSeeds(param, 11, 2)).toBeNull();
  });
});
