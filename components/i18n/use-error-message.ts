"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import { errorMessage, type ErrorOverrides } from "./error-message";

export type { ErrorOverrides } from "./error-message";

/** error-message.ts's `errorMessage`, in the page's language. */
export function useErrorMessage() {
  const t = useTranslations("errors");
  const locale = useLocale();
  return useCallback(
    (error: unknown, overrides?: ErrorOverrides) => errorMessage(t, locale, error, overrides),
    [t, locale],
  );
}
