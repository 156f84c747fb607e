import { toNestErrors, validateFieldsNatively } from "@hookform/resolvers";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { zodIssueCode } from "@/lib/http/zod-issue";
import type { WordableIssue } from "./issue-message";

/**
 * zodResolver's check (the route's own schema, so the browser refuses what the server would), with
 * each field's first issue worded by `word` (useIssueMessage().word: the page's language) from the
 * code and params the server would answer (lib/http/zod-issue.ts) instead of zod's English message.
 */
export function wordedZodResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  word: (issue: WordableIssue) => string,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      flat[issue.path.join(".")] ??= {
        type: issue.code,
        message: word({ message: issue.message, ...zodIssueCode(issue) }),
      };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
