import { describe, expect, it } from "vitest";
import { ApiError } from "@/components/api-client";
import { describeSubmitError } from "./submit-error";

describe("describeSubmitError", () => {
  it("invites a retry when nothing reached the upstream", () => {
    const error = new ApiError(502, "upstream_unreachable", "could not be reached (connection refused)");
    expect(describeSubmitError(error, []).hint).toMatch(/^The studio got no task back\. Try again/);
  });

  it("warns against a blind retry when the upstream may have created the task", () => {
    const error = new ApiError(504, "upstream_unreachable", "did not answer within 60 s", [], {
      outcome: "unknown",
    });
    const shown = describeSubmitError(error, []);
    expect(shown.title).toBe("The upstream may have created this task");
    expect(shown.hint).toMatch(/may create \(and bill\) a second task/);
    expect(shown.hint).not.toMatch(/Try again/);
  });
});
