import type { createTranslator } from "next-intl";
import { ApiError } from "@/components/api-client";
import { SERVER_LOCALE } from "@/lib/i18n/locales";

/**
 * What the server's error details a message needs, by code: a message is used only when the answer
 * carries them all, else the server's own (English) text is shown rather than a sentence with a hole.
 */
const REQUIRED_DETAILS: Record<string, string[]> = {
  rate_limited: ["retryAfterSeconds"],
  dependency_unavailable: ["dependency"],
  budget_exceeded: ["spent", "limit", "estimate", "period"],
  budget_price_uncertain: ["inFlight"],
  upstream_rejected: ["upstreamStatus"],
};

/** Codes whose server text is someone else's words (the upstream's), shown after our sentence. */
const WITH_SERVER_TEXT = new Set(["upstream_rejected", "upstream_unreachable", "upstream_bad_response"]);

export type ErrorOverrides = Partial<Record<string, string>>;
export type ErrorsTranslator = ReturnType<typeof createTranslator<IntlMessages, "errors">>;
type IntlMessages = typeof import("@/messages/en.json");
type Key = Parameters<ErrorsTranslator>[0];

/**
 * Turns a failure into a sentence in the page's language. The server keeps answering with codes and
 * details (lib/errors.ts); this maps code + details to the `errors` messages and falls back to the
 * server's English text for a code (or a variant) it has no message for. On an English page the
 * server's own sentence is kept: it is English already and says more than a code's message (which
 * field, which limit, when it resets). `overrides` gives a form its own wording for a code (login:
 * "unauthorized" is a wrong password there).
 */
export function errorMessage(
  t: ErrorsTranslator,
  locale: string,
  error: unknown,
  overrides: ErrorOverrides = {},
): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const override = overrides[error.code];
  if (override) return override;
  if (locale === SERVER_LOCALE) return error.message;
  const key =
    error.code === "budget_exceeded" && error.details.reason === "price_uncertain"
      ? "budget_price_uncertain"
      : error.code;
  // Codes come from the server at run time: `t.has` checks the key before it is used.
  if (!t.has(key as Key)) return error.message;
  const details = error.details;
  if ((REQUIRED_DETAILS[key] ?? []).some((name) => details[name] === undefined)) return error.message;
  const values: Record<string, string | number> = { serverText: error.message };
  for (const [name, value] of Object.entries(details))
    if (typeof value === "number" || typeof value === "string") values[name] = value;
  const sentence = t(key as Key, values);
  return WITH_SERVER_TEXT.has(key) ? `${sentence} ${error.message}` : sentence;
}
