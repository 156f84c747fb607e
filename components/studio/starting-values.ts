import { defaultFormValues, type ModelDef } from "@/lib/catalog";
import { loadDraft } from "./drafts";
import { mergeDraft, type FormValues } from "./form-values";

/** What the form opens with: the model's saved draft over the catalog's defaults. */
export function startingValues(model: ModelDef): FormValues {
  const defaults = defaultFormValues(model);
  const draft = loadDraft(model.id);
  return draft ? mergeDraft(model, defaults, draft) : defaults;
}
