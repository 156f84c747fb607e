"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
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
        .filter((t) => !exclude.includes(t.name))
        .map((t) => (
          <option key={t.name} value={t.name}>
            {`${t.count} item${t.count === 1 ? "" : "s"}`}
          </option>
        ))}
    </datalist>
  );
}
