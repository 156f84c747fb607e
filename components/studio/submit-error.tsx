"use client";

import { useLocale, useTranslations, type createTranslator } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { ApiError, NETWORK_ERROR_STATUS } from "@/components/api-client";
import { errorMessage, type ErrorsTranslator } from "@/components/i18n/error-message";
import type en from "@/messages/en.json";
import { MediaUnverified, unverifiedMediaOf } from "./media-unverified";
import { useUnavailableSentence } from "./use-unavailable-sentence";

type SubmitTranslator = ReturnType<typeof createTranslator<typeof en, "submit">>;
/** The words describeSubmitError needs, in the page's language (a test passes its own). */
export type SubmitWords = {
  t: SubmitTranslator;
  errors: ErrorsTranslator;
  locale: string;
  unavailableSentence: (reason: string) => string;
};

/** What went wrong on submit and what to do, for every failure the proxy can answer with. */
export function describeSubmitError(error: unknown, unplacedIssues: string[], words: SubmitWords) {
  const { t } = words;
  const say = (e: unknown) => errorMessage(words.errors, words.locale, e);
  if (!(error instanceof ApiError)) {
    return { title: t("notSubmitted"), message: String(error), hint: "" };
  }
  const keep = t("keep");
  if (error.status === NETWORK_ERROR_STATUS) {
    return { title: t("noAnswer"), message: say(error), hint: keep };
  }
  switch (error.code) {
    case "invalid_request":
      return {
        title: t("rejectedParams"),
        // The issues are on their fields or listed below; another language than the server's
        // (English) shows them worded there rather than the server's English summary here.
        message:
          unplacedIssues.length > 0 || (words.locale !== "en" && error.issues.length > 0)
            ? ""
            : error.message,
        hint: error.issues.length > unplacedIssues.length ? t("fixMarked") : t("fixRequest"),
      };
    case "media_unverified":
      return { title: t("unverifiedTitle"), message: "", hint: t("unverifiedHint", { keep }) };
    case "unknown_model":
      return { title: t("unknownModel"), message: say(error), hint: t("pickFromList") };
    case "model_unavailable": {
      const reason = typeof error.details.reason === "string" ? error.details.reason : "";
      return {
        title: reason ? t("cannotInvokeReason", { reason }) : t("cannotInvoke"),
        message: reason ? words.unavailableSentence(reason) : say(error),
        hint: t("pickAvailable", { keep }),
      };
    }
    case "budget_exceeded":
      return {
        title: t("overBudget", { period: error.details.period === "month" ? "month" : "day" }),
        message: say(error),
        hint: t("overBudgetHint", { keep }),
      };
    case "rate_limited":
      return { title: t("tooMany"), message: say(error), hint: keep };
    case "upstream_unreachable":
      // The body reached the upstream (or may have) and no answer came back: the task may exist.
      if (error.details.outcome === "unknown") {
        return { title: t("mayExist"), message: error.message, hint: t("mayExistHint", { keep }) };
      }
      return { title: t("unreachable"), message: error.message, hint: t("unreachableHint", { keep }) };
    case "upstream_bad_response":
      return { title: t("badResponse"), message: error.message, hint: t("tryAgain", { keep }) };
    case "upstream_rejected":
      return {
        title: t("upstreamRejected", { status: String(error.details.upstreamStatus ?? error.status) }),
        message: error.message,
        hint: t("upstreamRejectedHint", { keep }),
      };
    default:
      return { title: t("failed", { status: String(error.status) }), message: say(error), hint: keep };
  }
}

/** `onSendAnyway`: offered when the only problem is files the studio could not check. */
export function SubmitErrorAlert({
  error,
  unplacedIssues,
  onSendAnyway,
}: {
  error: unknown;
  unplacedIssues: string[];
  onSendAnyway?: () => void;
}) {
  const words = {
    t: useTranslations("submit"),
    errors: useTranslations("errors"),
    locale: useLocale(),
    unavailableSentence: useUnavailableSentence(),
  };
  const { title, message, hint } = describeSubmitError(error, unplacedIssues, words);
  const unverified =
    error instanceof ApiError && error.code === "media_unverified" ? unverifiedMediaOf(error.details) : null;
  return (
    <Alert tone={unverified ? "warning" : "danger"} live title={title} testId="submit-error">
      {message && <p>{message}</p>}
      {unverified && <MediaUnverified items={unverified} onSendAnyway={onSendAnyway} />}
      {unplacedIssues.length > 0 && (
        <ul className="mt-1 list-inside list-disc">
          {unplacedIssues.map((issue) => (
            <li key={issue}>{issue}</li>
          ))}
        </ul>
      )}
      {hint && <p className="mt-1 text-red-200/80">{hint}</p>}
    </Alert>
  );
}
