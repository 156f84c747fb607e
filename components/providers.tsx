"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { IntlErrorCode, NextIntlClientProvider, type AbstractIntlMessages, type IntlError } from "next-intl";
import { useState, type ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";

/**
 * Dates and times are written by lib/format in the browser's own time zone, never by next-intl, so
 * its warning that no time zone is configured (ENVIRONMENT_FALLBACK) says nothing; the rest (a
 * missing message, a formatting error) is logged as next-intl does by default.
 */
function onIntlError(error: IntlError) {
  if (error.code === IntlErrorCode.ENVIRONMENT_FALLBACK) return;
  console.error(error);
}

export function Providers({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: AbstractIntlMessages;
  children: ReactNode;
}) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, refetchOnWindowFocus: false } } }),
  );
  return (
    <NextIntlClientProvider locale={locale} messages={messages} onError={onIntlError}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </NextIntlClientProvider>
  );
}
