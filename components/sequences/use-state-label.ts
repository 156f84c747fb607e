"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";

type Kind = "sequence" | "shot" | "film";

/**
 * A sequence's, shot's or film's state (prisma/schema.prisma names them) in the page's language;
 * a state without a message shows as the server sent it.
 */
export function useStateLabel(kind: Kind) {
  const t = useTranslations("sequences.states");
  return useCallback(
    (state: string) => {
      const key = `${kind}.${state}` as Parameters<typeof t>[0];
      return t.has(key) ? t(key) : state;
    },
    [t, kind],
  );
}
