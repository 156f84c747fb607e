import { toNestErrors, validateFieldsNatively } from "@hookform/resolvers";
import { appendErrors, type FieldError, type FieldErrors, type Resolver } from "react-hook-form";
import { checkFormValues, type CatalogIssue, type FormValues, type ModelDef } from "@/lib/catalog";

/**
 * The catalog's form check (checkFormValues) — the same checks the server runs, the ones the
 * catalog's zod formSchema wraps — so the browser shows the server's messages before any request is
 * made. Its output, and so what onValid receives, is the body the server would forward: blank
 * fields left out, JSON parsed, numbers as numbers. Errors are built as zodResolver builds them
 * (first message per field, every message with criteriaMode "all"), without shipping zod to the page.
 * `word` puts an issue in the page's language (use-issue-wording.ts); by default the catalog's English.
 */
export function studioResolver(
  model: ModelDef,
  word: (issue: CatalogIssue) => string = (issue) => issue.message,
): Resolver<FormValues> {
  return async (values, _context, options) => {
    const result = checkFormValues(model, values);
    if (result.ok) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.value as FormValues, errors: {} };
    }
    const all = options.criteriaMode === "all";
    const flat: Record<string, FieldError> = Object.create(null);
    for (const issue of result.issues) {
      const key = issue.path.join(".");
      const message = word(issue);
      flat[key] ??= { message, type: "custom" };
      if (all) {
        const previous = flat[key].types?.custom;
        flat[key] = appendErrors(
          key,
          all,
          flat,
          "custom",
          previous ? ([] as string[]).concat(previous as string[], message) : message,
        ) as FieldError;
      }
    }
    // A rule about the whole body (empty path) has no field: show it with the submit button.
    const { "": whole, ...fields } = flat;
    const errors = toNestErrors(fields, options);
    return { values: {}, errors: (whole ? { ...errors, root: whole } : errors) as FieldErrors<FormValues> };
  };
}
