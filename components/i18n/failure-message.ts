import type { createTranslator } from "next-intl";
import { ApiError } from "@/components/api-client";
import type { Failure, FailureParam } from "@/lib/errors";
import { errorMessage, type ErrorsTranslator } from "./error-message";
import { SERVER_LOCALE } from "@/lib/i18n/locales";

type IntlMessages = typeof import("@/messages/en.json");
export type FailuresTranslator = ReturnType<typeof createTranslator<IntlMessages, "failures">>;
type Key = Parameters<FailuresTranslator>[0];

/**
 * A failure a row keeps (lib/errors.ts, Failure) in the page's language: `failures.<code>` with its
 * params (a param that is itself a failure is worded first), else a StudioError's code through
 * `errors.<code>` (error-message.ts), else the server's English sentence. On an English page the
 * server's sentence is kept as it is. A message whose param is missing is not used: the English
 * sentence is shown rather than one with a hole.
 */
export function failureMessage(
  t: FailuresTranslator,
  tErrors: ErrorsTranslator,
  locale: string,
  failure: Failure | null | undefined,
): string {
  if (!failure) return "";
  if (locale === SERVER_LOCALE) return failure.message;
  const params = failure.params ?? {};
  // Codes come from the server at run time: `t.has` checks the key before it is used.
  if (t.has(failure.code as Key)) {
    const values: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(params)) values[name] = wordParam(t, tErrors, locale, value);
    const sentence = t(failure.code as Key, values);
    // next-intl answers a message it could not format (a param missing) with its key path.
    return sentence === `failures.${failure.code}` ? failure.message : sentence;
  }
  return errorMessage(tErrors, locale, new ApiError(0, failure.code, failure.message, [], params));
}

function wordParam(
  t: FailuresTranslator,
  tErrors: ErrorsTranslator,
  locale: string,
  value: FailureParam,
): string | number {
  if (
    typeof value === "object" &&
    value &&
    typeof value.code === "string" &&
    typeof value.message === "string"
  )
    return failureMessage(t, tErrors, locale, value);
  return typeof value === "number" ? value : String(value);
}
