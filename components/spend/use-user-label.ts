"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { LOCAL_OWNER } from "@/lib/spend/local-owner";

/** A spender as the page names it: an e-mail address, or the local user (accounts off) in its language. */
export function useUserLabel() {
  const t = useTranslations("spend");
  return useCallback((id: string, label: string) => (id === LOCAL_OWNER ? t("localUser") : label), [t]);
}
