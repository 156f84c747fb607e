import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { ReviewState } from "@/lib/assets/kinds";

const tones: Record<ReviewState, BadgeTone> = {
  passed: "success",
  pending: "info",
  rejected: "danger",
  unknown: "neutral",
};

/** "Review passed", … in the page's language. */
export function useReviewLabel() {
  const t = useTranslations("assets.review");
  return useCallback((state: ReviewState) => t(state), [t]);
}

export function ReviewBadge({ state }: { state: ReviewState }) {
  const reviewLabel = useReviewLabel();
  return (
    <Badge tone={tones[state]} className="whitespace-nowrap">
      <span data-testid="review-badge" data-state={state}>
        {reviewLabel(state)}
      </span>
    </Badge>
  );
}
