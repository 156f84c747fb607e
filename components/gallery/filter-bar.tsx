"use client";

import clsx from "clsx";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { STATUS_FILTERS, type GalleryFilters } from "@/lib/gallery/filters";
import { useFacetsQuery } from "./use-gallery-queries";

const SEARCH_DEBOUNCE_MS = 300;
const selectClass = clsx(inputClass, "h-9 py-0 pr-8");

function Labelled({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <label
      className={clsx(
        "flex flex-col gap-1 text-[11px] font-medium uppercase tracking-wide text-zinc-500",
        className,
      )}
    >
      {label}
      {children}
    </label>
  );
}

/** Search box with its own state, sent to the URL after a pause in typing. */
function SearchBox({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const [text, setText] = useState(value);
  const last = useRef(value);
  useEffect(() => {
    // The URL changed from elsewhere (back button, clear filters): show it.
    if (value !== last.current) {
      last.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text === last.current) return;
    const timer = setTimeout(() => {
      last.current = text;
      onChange(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onChange]);
  return (
    <input
      type="search"
      data-testid="gallery-search"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder='Search prompts — words, "exact phrase", -exclude'
      aria-label="Search prompts"
      className={clsx(inputClass, "h-9")}
    />
  );
}

export function FilterBar({
  filters,
  onChange,
  total,
}: {
  filters: GalleryFilters;
  onChange: (filters: GalleryFilters) => void;
  total: number | null;
}) {
  const facets = useFacetsQuery();
  const set = <K extends keyof GalleryFilters>(key: K, value: GalleryFilters[K] | "") =>
    onChange({ ...filters, [key]: value === "" ? undefined : value });
  const active = Object.values(filters).some((v) => v !== undefined && v !== "");
  const models = facets.data?.models ?? [];
  const tags = facets.data?.tags ?? [];

  const favoriteButton = (
    <button
      type="button"
      data-testid="filter-favorite"
      aria-pressed={filters.favorite === true}
      onClick={() => set("favorite", filters.favorite ? "" : true)}
      className={clsx(
        "h-9 shrink-0 rounded-md border px-3 text-sm font-medium transition-colors",
        filters.favorite
          ? "border-rose-400/60 bg-rose-500/15 text-rose-200"
          : "border-zinc-700 bg-zinc-900 text-zinc-300 hover:bg-zinc-800",
      )}
    >
      ♥ Favorites
    </button>
  );

  return (
    <section aria-label="Filters" className="space-y-3">
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <SearchBox value={filters.q ?? ""} onChange={(q) => set("q", q.trim() ? q : "")} />
        </div>
        {favoriteButton}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 xl:grid-cols-7">
        <Labelled label="Type">
          <select
            data-testid="filter-type"
            className={selectClass}
            value={filters.type ?? ""}
            onChange={(e) => set("type", e.target.value as GalleryFilters["type"])}
          >
            <option value="">All types</option>
            <option value="video">Videos</option>
            <option value="image">Images</option>
          </select>
        </Labelled>
        <Labelled label="Model">
          <select
            data-testid="filter-model"
            className={selectClass}
            value={filters.model ?? ""}
            onChange={(e) => set("model", e.target.value)}
          >
            <option value="">All models</option>
            {filters.model && !models.some((m) => m.id === filters.model) && (
              <option value={filters.model}>{filters.model}</option>
            )}
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.id} ({m.count})
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled label="Status">
          <select
            data-testid="filter-status"
            className={selectClass}
            value={filters.status ?? ""}
            onChange={(e) => set("status", e.target.value as GalleryFilters["status"])}
          >
            <option value="">Any status</option>
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {s === "expired" ? "expired (result lost)" : s}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled label="Rating">
          <select
            data-testid="filter-rating"
            className={selectClass}
            value={filters.rating ?? ""}
            onChange={(e) => set("rating", e.target.value ? Number(e.target.value) : "")}
          >
            <option value="">Any rating</option>
            {[5, 4, 3, 2, 1].map((r) => (
              <option key={r} value={r}>
                {"★".repeat(r)}
                {r < 5 ? " & up" : ""}
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled label="Tag">
          <select
            data-testid="filter-tag"
            className={selectClass}
            value={filters.tag ?? ""}
            onChange={(e) => set("tag", e.target.value)}
          >
            <option value="">Any tag</option>
            {filters.tag && !tags.some((t) => t.name === filters.tag) && (
              <option value={filters.tag}>{filters.tag}</option>
            )}
            {tags.map((t) => (
              <option key={t.name} value={t.name}>
                {t.name} ({t.count})
              </option>
            ))}
          </select>
        </Labelled>
        <Labelled label="From">
          <input
            type="date"
            data-testid="filter-from"
            className={clsx(inputClass, "h-9")}
            value={filters.from?.slice(0, 10) ?? ""}
            max={filters.to?.slice(0, 10)}
            onChange={(e) => set("from", e.target.value)}
          />
        </Labelled>
        <Labelled label="To">
          <input
            type="date"
            data-testid="filter-to"
            className={clsx(inputClass, "h-9")}
            value={filters.to?.slice(0, 10) ?? ""}
            min={filters.from?.slice(0, 10)}
            onChange={(e) => set("to", e.target.value)}
          />
        </Labelled>
      </div>
      <div className="flex min-h-8 items-center gap-3 text-sm text-zinc-400">
        <span data-testid="gallery-total" aria-live="polite">
          {total === null ? "…" : `${total.toLocaleString()} item${total === 1 ? "" : "s"}`}
          {active ? (total === 1 ? " matches" : " match") : ""}
        </span>
        {active && (
          <Button variant="ghost" size="sm" onClick={() => onChange({})} data-testid="clear-filters">
            Clear filters
          </Button>
        )}
      </div>
    </section>
  );
}
