"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { fetchJson, jsonInit } from "@/components/api-client";
import { isLocale, LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";

/**
 * The header's language menu: the choice is saved on the account (and in a cookie before sign-in),
 * then the page renders again in it. No locale in the URL, so links and bookmarks stay the same.
 */
export function LocaleSwitcher() {
  const t = useTranslations("locale");
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function choose(next: string) {
    if (!isLocale(next) || next === locale) return;
    startTransition(async () => {
      await fetchJson("/api/account/locale", jsonInit("PUT", { locale: next }));
      router.refresh();
    });
  }

  return (
    <select
      aria-label={t("label")}
      title={t("label")}
      data-testid="locale-switcher"
      value={locale}
      disabled={pending}
      onChange={(event) => choose(event.target.value)}
      className="rounded-md border border-zinc-800 bg-zinc-950 px-1.5 py-1 text-xs text-zinc-300 hover:border-zinc-700 disabled:opacity-60"
    >
      {LOCALES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LOCALE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
