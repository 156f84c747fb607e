"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import type { Failure } from "@/lib/errors";
import { failureMessage } from "./failure-message";

/** failure-message.ts's `failureMessage`, in the page's language. */
export function useFailureMessage() {
  const t = useTranslations("failures");
  const tErrors = useTranslations("errors");
  const locale = useLocale();
  return useCallback(
    (failure: Failure | null | undefined) => failureMessage(t, tErrors, locale, failure),
    [t, tErrors, locale],
  );
}
