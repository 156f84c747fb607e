import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { ReviewState } from "@/lib/assets/kinds";

const tones: Record<ReviewState, BadgeTone> = {
  passed: "success",
  pending: "info",
  rejected: "danger",
  unknown: "neutral",
};

const labels: Record<ReviewState, string> = {
  passed: "Review passed",
  pending: "Review pending",
  rejected: "Review rejected",
  unknown: "Review unknown",
};

export function reviewLabel(state: ReviewState): string {
  return labels[state];
}

export function ReviewBadge({ state }: { state: ReviewState }) {
  return (
    <Badge tone={tones[state]} className="whitespace-nowrap">
      <span data-testid="review-badge" data-state={state}>
        {labels[state]}
      </span>
    </Badge>
  );
}
