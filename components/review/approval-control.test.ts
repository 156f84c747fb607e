import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import zh from "@/messages/zh-CN.json";
import { englishReviewWords } from "./english-review-words";
import { ReviewWordsProvider, type ReviewWords } from "./review-words";
import { studioReviewApi, type ApprovalState } from "./api";
import { ApprovalControl } from "./approval-control";
import { reviewKeys } from "./use-review-session";

function render(state: ApprovalState, words: ReviewWords = englishReviewWords) {
  const client = new QueryClient();
  client.setQueryData(reviewKeys.approval(studioReviewApi, "c", "t"), state);
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(
        ReviewWordsProvider,
        { value: words },
        createElement(ApprovalControl, { api: studioReviewApi, collectionId: "c", taskId: "t" }),
      ),
    ),
  );
}

const state = (over: Partial<ApprovalState>): ApprovalState => ({
  collectionId: "c",
  taskId: "t",
  status: "pending",
  at: null,
  by: null,
  history: [],
  canApprove: true,
  ...over,
});

describe("the approval control", () => {
  it("speaks the studio page's language", () => {
    const t = createTranslator({ locale: "zh-CN", messages: zh as typeof en, namespace: "review" });
    const html = render(state({ status: "approved", at: "2026-11-26T12:00:00.000Z", by: "Lin" }), {
      t: (key, values) => t(key, values),
      locale: "zh-CN",
    });
    expect(html).toContain("审批状态");
    expect(html).toContain("已通过：Lin，2026");
    expect(html).not.toContain("Approved");
  });

  it("offers the four statuses, the current one checked, with who set it", () => {
    const html = render(
      state({ status: "changes_requested", at: "2026-11-26T12:00:00.000Z", by: "Gina (guest)" }),
    );
    for (const label of ["Pending", "Approved", "Changes requested", "Rejected"])
      expect(html).toContain(label);
    expect(html).toMatch(/aria-checked="true"[^>]*data-testid="approval-changes_requested"/);
    expect(html).toContain("Changes requested by Gina (guest)");
  });

  it("is read-only for someone who may not approve", () => {
    const html = render(state({ canApprove: false }));
    expect(html.match(/disabled=""/g)).toHaveLength(4);
    expect(html).toContain("No status set yet.");
  });
});
