import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { defaultFormValues, getModel, type FormValues, type ModelDef } from "@/lib/catalog";
import { formSchema } from "@/lib/catalog/schema";
import { studioResolver } from "./studio-resolver";

// The studio checks its form without zod (page weight); what the form shows must not change. The
// reference is the resolver the studio used before: zodResolver over the catalog's formSchema, with
// a rule about the whole body (empty path) moved to `root`.
async function zodReference(model: ModelDef, values: FormValues, options: ResolverOptions<FormValues>) {
  const result = await zodResolver(formSchema(model))(values, undefined, options);
  const errors = result.errors as Record<string, unknown>;
  if (!("" in errors)) return result;
  const { "": whole, ...rest } = errors;
  return { values: {}, errors: { ...rest, root: whole } as FieldErrors<FormValues> };
}

const IMG = "https://cdn.example.com/i.png";
const model = (id: string) => getModel(id) as ModelDef;
const filled = (id: string, values: Record<string, unknown>) => ({
  ...defaultFormValues(model(id)),
  ...values,
});

const cases: [string, string, FormValues][] = [
  ["a valid form", "sd2_disc_nvid", filled("sd2_disc_nvid", { prompt: "a cat", seed: "42" })],
  ["an empty form", "sd2_disc_nvid", defaultFormValues(model("sd2_disc_nvid"))],
  [
    "a bad media row after a blank one",
    "sd2_disc_nvid",
    filled("sd2_disc_nvid", { prompt: "p", reference_images: ["", IMG, "data:image/png;base64,AA"] }),
  ],
  [
    "invalid JSON and a number out of range",
    "sd2_disc_nvid",
    filled("sd2_disc_nvid", { tools: "[{type:", duration: "16" }),
  ],
  [
    "reference audio without images",
    "sd2_disc_nvid",
    filled("sd2_disc_nvid", { prompt: "p", reference_audios: ["https://cdn.example.com/a.mp3"] }),
  ],
  [
    "a nested field",
    "vendorw2.7-videoedit",
    filled("vendorw2.7-videoedit", { prompt: "p", video_edit: { basic: "on" } }),
  ],
  ["an undocumented model's bad advanced JSON", "sd_2.0_special", { prompt: "", advanced: "{" }],
];

describe("studioResolver", () => {
  for (const criteriaMode of ["firstError", "all"] as const) {
    it.each(cases)(
      `gives what zodResolver(formSchema) gave for %s (criteriaMode ${criteriaMode})`,
      async (_, id, values) => {
        const options: ResolverOptions<FormValues> = {
          fields: {},
          shouldUseNativeValidation: false,
          criteriaMode,
        };
        const ours = await studioResolver(model(id))(values, undefined, options);
        expect(ours).toEqual(await zodReference(model(id), values, options));
      },
    );
  }

  it("keeps each field's message where the form shows it", async () => {
    const values = filled("sd2_disc_nvid", { duration: "16" });
    const { errors } = await studioResolver(model("sd2_disc_nvid"))(values, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(errors).toMatchObject({
      prompt: { message: "is required" },
      duration: { message: "must be an integer between 4 and 15 (got 16)" },
    });
  });
});
