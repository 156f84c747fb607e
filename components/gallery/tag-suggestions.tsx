"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useDeferredValue } from "react";
import { fetchTagSuggestions } from "./api";

/** A <datalist> of existing tags matching what is typed (most used first) for autocomplete. */
export function TagSuggestions({
  id,
  query,
  exclude = [],
}: {
  id: string;
  query: string;
  exclude?: string[];
}) {
  const t = useTranslations("galleryBulk");
  const deferred = useDeferredValue(query.trim().toLowerCase());
  const { data } = useQuery({
    queryKey: ["gallery", "tags", deferred],
    queryFn: () => fetchTagSuggestions(deferred),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  return (
    <datalist id={id} data-testid={`${id}-list`}>
      {(data ?? [])
        .filter((tag) => !exclude.includes(tag.name))
        .map((tag) => (
          <option key={tag.name} value={tag.name}>
            {t("tagCount", { count: tag.count })}
          </option>
        ))}
    </datalist>
  );
}
