import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, Resolver } from "react-hook-form";
import { formSchema, type FormValues, type ModelDef } from "@/lib/catalog";

/**
 * The catalog's formSchema — the same checks the server runs — so the browser shows the server's
 * messages before any request is made. Its output, and so what onValid receives, is the body the
 * server would forward: blank fields left out, JSON parsed, numbers as numbers.
 */
export function studioResolver(model: ModelDef): Resolver<FormValues> {
  const validate = zodResolver(formSchema(model));
  return async (values, context, options) => {
    const result = await validate(values, context, options);
    // A rule about the whole body (empty path) has no field: show it with the submit button.
    const errors = result.errors as Record<string, unknown>;
    if (!("" in errors)) return result;
    const { "": whole, ...rest } = errors;
    return { values: {}, errors: { ...rest, root: whole } as FieldErrors<FormValues> };
  };
}
