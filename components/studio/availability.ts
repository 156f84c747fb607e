import type { ModelDef, UnavailableReason } from "@/lib/catalog";

/** Human sentences for the spec's availability reasons (model availability, not a task state). */
const reasonSentences: Record<UnavailableReason, string> = {
  brand_model_missing:
    "The upstream has no model behind this id for your account, so its page is for reference only.",
  brand_model_disabled:
    "This model is disabled for your account or domain, so its page is for reference only.",
};

export function unavailableSentence(reason: string): string {
  return (
    reasonSentences[reason as UnavailableReason] ??
    "The upstream marks this model as visible but not available for invocation."
  );
}

export function isSubmittable(model: ModelDef): boolean {
  return model.unavailableReason === undefined;
}
