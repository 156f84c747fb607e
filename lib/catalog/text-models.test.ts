import { describe, expect, it } from "vitest";
import { TEXT_MODELS, getTextModel, isTextModel, textModelFamilies } from "./index";

describe("text models", () => {
  it("lists the spec's table: standard, -official and -low variants", () => {
    expect(TEXT_MODELS.map((m) => m.id)).toEqual([
      "llm-2.5-flash-lite",
      "llm-2.5-pro",
      "llm-2.5-pro-official",
      "llm-2.5-pro-low",
      "llm-3-flash-preview",
      "llm-3-flash-preview-official",
      "llm-3-flash-preview-low",
      "llm-3.1-flash-lite-preview",
      "llm-3.1-pro-preview",
      "llm-3.1-pro-preview-official",
      "llm-3.1-pro-preview-low",
    ]);
    expect(getTextModel("llm-3-flash-preview-low")).toEqual({
      id: "llm-3-flash-preview-low",
      family: "llm-3-flash-preview",
      variant: "low",
    });
  });

  it("recognizes only those ids", () => {
    expect(isTextModel("llm-2.5-pro-official")).toBe(true);
    expect(isTextModel("llm-2.5-flash-lite-official")).toBe(false);
    expect(isTextModel("sd2_disc_nvid")).toBe(false);
  });

  it("groups variants by family for the selector", () => {
    const families = textModelFamilies();
    expect(families.map((f) => [f.family, f.variants.map((v) => v.label)])).toEqual([
      ["llm-2.5-flash-lite", ["Standard"]],
      ["llm-2.5-pro", ["Standard", "Official", "Low-cost"]],
      ["llm-3-flash-preview", ["Standard", "Official", "Low-cost"]],
      ["llm-3.1-flash-lite-preview", ["Standard"]],
      ["llm-3.1-pro-preview", ["Standard", "Official", "Low-cost"]],
    ]);
  });
});
