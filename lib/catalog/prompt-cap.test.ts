import { describe, expect, it } from "vitest";
import { isStudioError } from "../errors";
import { listModels } from "./index";
import { PROMPT_MAX_CHARS } from "./prompt-text";
import { validateTaskRequest } from "./validate";

function refusal(body: Record<string, unknown>): string {
  try {
    validateTaskRequest(body);
    return "accepted";
  } catch (error) {
    if (!isStudioError(error)) throw error;
    return error.message;
  }
}

describe("the studio's prompt cap", () => {
  it("is on every model's prompt, never looser than the spec's own limit", () => {
    for (const model of listModels()) {
      const prompt = model.params.find((p) => p.name === "prompt");
      if (!prompt || prompt.type !== "string") continue;
      expect(prompt.maxLength, model.id).toBeLessThanOrEqual(PROMPT_MAX_CHARS);
    }
  });

  it("refuses a prompt over 20,000 characters where the spec sets no limit, naming the field", () => {
    const base = { model: "sd_2.5_ORelay", duration: 5 };
    expect(refusal({ ...base, prompt: "a".repeat(PROMPT_MAX_CHARS) })).toBe("accepted");
    expect(refusal({ ...base, prompt: "a".repeat(PROMPT_MAX_CHARS + 1) })).toBe(
      "prompt: must be at most 20000 characters (got 20001)",
    );
  });

  it("refuses a single 1 MB 'word' that a 1000-word limit would let through", () => {
    expect(refusal({ model: "sd2_disc_nvid", duration: 5, prompt: "x".repeat(1024 * 1024) })).toMatch(
      /^prompt: must be at most 20000 characters/,
    );
  });
});
