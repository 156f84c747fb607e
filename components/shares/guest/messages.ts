import {
  formatCompiled,
  type CompiledMessages,
  type MessageValues,
  type SharePageKey,
} from "@/lib/i18n/compiled-messages";
import { ApiError } from "@/components/api-client";
import { issuesLine, type IssuesTranslator } from "@/components/i18n/issue-message";
import type { ReviewKey } from "@/components/review/review-words";
import type { GuestError } from "./guest-api";

/**
 * The share page's words (app/s/[token]/route.ts puts them, compiled in the guest's language, on
 * #share-root): no next-intl here, so the page's one script stays small.
 */
let current: { locale: string; messages: CompiledMessages } = { locale: "en", messages: {} };

export function setShareMessages(locale: string, messages: CompiledMessages) {
  current = { locale, messages };
}

export function t(key: SharePageKey, values?: MessageValues): string {
  return formatCompiled(current.messages, current.locale, key, values);
}

/** The review components' words (`review.*`, compiled beside the share page's own). */
export function reviewText(key: ReviewKey, values?: MessageValues): string {
  return formatCompiled(current.messages, current.locale, `review.${key}` as SharePageKey, values);
}

const issueKey = (key: string) => `issues.${key}` as SharePageKey;

/**
 * The `issues` messages (compiled beside the share page's own) as issue-message.ts reads them. Its
 * translator type is next-intl's, keyed by the English file; these are the same keys, looked up at
 * run time as next-intl's `has` does.
 */
const issueWords = Object.assign(
  (key: string, values?: MessageValues) =>
    formatCompiled(current.messages, current.locale, issueKey(key), values),
  { has: (key: string) => current.messages[issueKey(key)] !== undefined },
) as unknown as IssuesTranslator;

/**
 * A failed write of the review components (a comment, a verdict) in the page's language: its field
 * issues worded ("guestName：不能为空"), else as guestErrorText words a failure.
 */
export function reviewErrorText(error: Error): string {
  if (!(error instanceof ApiError)) return error.message;
  if (error.issues.length) return issuesLine(issueWords, current.locale, error.issues);
  const retryAfterSeconds = error.details.retryAfterSeconds;
  return guestErrorText({
    status: error.status,
    code: error.code,
    message: error.message,
    retryAfterSeconds: typeof retryAfterSeconds === "number" ? retryAfterSeconds : undefined,
  });
}

/** A guest request's failure in the page's language; on an English page the server's own sentence. */
export function guestErrorText(error: GuestError): string {
  if (error.status === 0) return t("errors.network");
  if (current.locale === "en") return error.message; // it says more (which limit, when it resets)
  if (error.code === "unauthorized") return t("errors.unauthorized");
  if (error.code === "rate_limited" && typeof error.retryAfterSeconds === "number")
    return t("errors.rate_limited", { retryAfterSeconds: error.retryAfterSeconds });
  return t("errors.other", { status: error.status });
}
