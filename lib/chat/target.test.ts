// The proxy's `{model}:{method}` path segment: what is accepted and how each mistake is named.
import { describe, expect, it } from "vitest";
import { StudioError } from "../errors";
import { parseTextTarget } from "./target";

function refusal(segment: string): StudioError {
  try {
    parseTextTarget(segment);
  } catch (error) {
    if (error instanceof StudioError) return error;
    throw error;
  }
  throw new Error(`"${segment}" was accepted`);
}

describe("parseTextTarget", () => {
  it("splits a text model and either method, percent-encoded or not", () => {
    expect(parseTextTarget("llm-2.5-pro:generateContent")).toEqual({
      model: "llm-2.5-pro",
      method: "generateContent",
    });
    expect(parseTextTarget("llm-3.1-pro-preview-low%3AstreamGenerateContent")).toEqual({
      model: "llm-3.1-pro-preview-low",
      method: "streamGenerateContent",
    });
  });

  it("refuses an unknown model with 400, listing the valid ids", () => {
    const error = refusal("gpt-4:generateContent");
    expect(error.code).toBe("unknown_model");
    expect(error.status).toBe(400);
    expect(error.message).toContain('"gpt-4" is not a text model');
    expect(error.message).toContain("llm-2.5-flash-lite");
    expect(error.issues[0].path).toBe("model");
  });

  it("refuses an unknown method, naming both methods", () => {
    const error = refusal("llm-2.5-pro:countTokens");
    expect(error.status).toBe(400);
    expect(error.message).toContain('Unknown method "countTokens"');
    expect(error.message).toContain("generateContent and streamGenerateContent");
    expect(error.issues[0].path).toBe("method");
  });

  it("refuses a segment without a method", () => {
    expect(refusal("llm-2.5-pro").message).toContain("must end in /v1/models/{model}:generateContent");
    expect(refusal(":generateContent").status).toBe(400);
  });

  it("answers a stray % with a 400 naming the field, not a URIError", () => {
    const error = refusal("llm-2.5-pro%:generateContent");
    expect(error.code).toBe("invalid_request");
    expect(error.status).toBe(400);
    expect(error.message).toContain("not valid percent-encoding");
    expect(error.issues[0].path).toBe("model");
  });
});
