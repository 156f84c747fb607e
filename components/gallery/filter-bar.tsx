"use client";

import { Heart, SlidersHorizontal, X } from "lucide-react";
import clsx from "clsx";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useStatusLabel } from "@/components/i18n/use-status-label";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { useModalDialog } from "@/components/ui/use-modal-dialog";
import { STATUS_FILTERS, type GalleryFilters } from "@/lib/gallery/filters";
import { SortSelect } from "./sort-select";
import { totalLabel } from "./total-label";
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
        "flex flex-col gap-1 text-[11px] font-medium uppercase tracking-wide text-zinc-400",
        className,
      )}
    >
      {label}
      {children}
    </label>
  );
}

/** A filter's <select>; a value from the URL that is not among the options still shows. */
function FilterSelect({
  label,
  name,
  value,
  anyLabel,
  options,
  onChange,
}: {
  label: string;
  name: string;
  value: string | undefined;
  anyLabel: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <Labelled label={label}>
      <select
        data-testid={`filter-${name}`}
        className={selectClass}
        value={value ?? ""}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{anyLabel}</option>
        {value && !options.some((o) => o.value === value) && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/** Search box with its own state, sent to the URL after a pause in typing. */
function SearchBox({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const t = useTranslations("galleryFilters");
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
      placeholder={t("searchPlaceholder")}
      aria-label={t("searchLabel")}
      className={clsx(inputClass, "h-9")}
    />
  );
}

export function FilterBar({
  filters,
  onChange,
  total,
  totalIsEstimate = false,
}: {
  filters: GalleryFilters;
  onChange: (filters: GalleryFilters) => void;
  total: number | null;
  /** The total is an estimate: "about 120,000 items", never a number that looks exact. */
  totalIsEstimate?: boolean;
}) {
  const t = useTranslations("galleryFilters");
  const statusLabel = useStatusLabel();
  const facets = useFacetsQuery();
  const [sheetOpen, setSheetOpen] = useState(false);
  const set = <K extends keyof GalleryFilters>(key: K, value: GalleryFilters[K] | "") =>
    onChange({ ...filters, [key]: value === "" ? undefined : value });
  // The order is no filter: it neither counts as one nor goes with "Clear filters".
  const active = Object.entries(filters).some(([key, v]) => key !== "sort" && v !== undefined && v !== "");
  const models = facets.data?.models ?? [];
  const tags = facets.data?.tags ?? [];
  // Only admins (with accounts on) get the owners: members only ever see their own items.
  const users = facets.data?.users;

  const favoriteButton = (
    <button
      type="button"
      data-testid="filter-favorite"
      aria-pressed={filters.favorite === true}
      onClick={() => set("favorite", filters.favorite ? "" : true)}
      className={clsx(
        "inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md border px-3 text-sm font-medium transition-colors",
        filters.favorite
          ? "border-rose-400/60 bg-rose-500/15 text-rose-200"
          : "border-zinc-700 bg-zinc-900 text-zinc-300 hover:bg-zinc-800",
      )}
    >
      <Heart aria-hidden className={clsx("size-4", filters.favorite && "fill-current")} />
      <span className="sr-only sm:not-sr-only">{t("favorites")}</span>
    </button>
  );

  const selects = (
    <>
      <FilterSelect
        label={t("type")}
        name="type"
        value={filters.type}
        anyLabel={t("allTypes")}
        options={[
          { value: "video", label: t("videos") },
          { value: "image", label: t("images") },
          { value: "sequence", label: t("films") },
        ]}
        onChange={(v) => set("type", v as GalleryFilters["type"])}
      />
      <FilterSelect
        label={t("model")}
        name="model"
        value={filters.model}
        anyLabel={t("allModels")}
        options={models.map((m) => ({ value: m.id, label: `${m.id} (${m.count})` }))}
        onChange={(v) => set("model", v)}
      />
      <FilterSelect
        label={t("status")}
        name="status"
        value={filters.status}
        anyLabel={t("anyStatus")}
        options={STATUS_FILTERS.map((s) => ({
          value: s,
          label: s === "expired" ? t("expiredOption") : statusLabel(s),
        }))}
        onChange={(v) => set("status", v as GalleryFilters["status"])}
      />
      <FilterSelect
        label={t("rating")}
        name="rating"
        value={filters.rating === undefined ? undefined : String(filters.rating)}
        anyLabel={t("anyRating")}
        options={[5, 4, 3, 2, 1].map((r) => ({
          value: String(r),
          label: t("ratingOption", { stars: r, up: r < 5 ? "yes" : "no" }),
        }))}
        onChange={(v) => set("rating", v ? Number(v) : "")}
      />
      <FilterSelect
        label={t("tag")}
        name="tag"
        value={filters.tag}
        anyLabel={t("anyTag")}
        options={tags.map((t) => ({ value: t.name, label: `${t.name} (${t.count})` }))}
        onChange={(v) => set("tag", v)}
      />
      {users && (
        <FilterSelect
          label={t("user")}
          name="user"
          value={filters.user}
          anyLabel={t("allUsers")}
          options={users.map((u) => ({ value: u.id, label: `${u.label} (${u.count})` }))}
          onChange={(v) => set("user", v)}
        />
      )}
      <Labelled label={t("from")}>
        <input
          type="date"
          data-testid="filter-from"
          className={clsx(inputClass, "h-9")}
          value={filters.from?.slice(0, 10) ?? ""}
          max={filters.to?.slice(0, 10)}
          onChange={(e) => set("from", e.target.value)}
        />
      </Labelled>
      <Labelled label={t("to")}>
        <input
          type="date"
          data-testid="filter-to"
          className={clsx(inputClass, "h-9")}
          value={filters.to?.slice(0, 10) ?? ""}
          min={filters.from?.slice(0, 10)}
          onChange={(e) => set("to", e.target.value)}
        />
      </Labelled>
    </>
  );
  // Set in the sheet on a phone: the count on its button.
  const sheetCount = (["type", "model", "status", "rating", "tag", "user", "from", "to"] as const).filter(
    (key) => filters[key] !== undefined && filters[key] !== "",
  ).length;

  return (
    <section aria-label={t("label")} className="space-y-3">
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <SearchBox value={filters.q ?? ""} onChange={(q) => set("q", q.trim() ? q : "")} />
        </div>
        {favoriteButton}
        <Button
          className="h-9 shrink-0 sm:hidden"
          onClick={() => setSheetOpen(true)}
          aria-haspopup="dialog"
          data-testid="open-filter-sheet"
        >
          <SlidersHorizontal aria-hidden className="size-4" />
          {t("open", { count: sheetCount })}
        </Button>
      </div>
      <FilterSheet open={sheetOpen} onClose={() => setSheetOpen(false)}>
        {selects}
      </FilterSheet>
      <div className="hidden grid-cols-4 gap-2 sm:grid xl:grid-cols-7">{selects}</div>
      <div className="flex min-h-8 items-center gap-3 text-sm text-zinc-400">
        <span data-testid="gallery-total" aria-live="polite">
          {totalLabel(t, total, totalIsEstimate, active)}
        </span>
        {filters.batch && (
          <span
            data-testid="filter-batch"
            className="inline-flex items-center gap-1 rounded-full border border-violet-500/40 bg-violet-500/10 py-0.5 pl-3 pr-1 text-xs text-violet-200"
          >
            <Link href={`/batches/${encodeURIComponent(filters.batch)}`} className="hover:underline">
              {t("fromBatch", { id: filters.batch.slice(-8) })}
            </Link>
            <button
              type="button"
              aria-label={t("everyBatch")}
              onClick={() => set("batch", "")}
              className="inline-flex items-center rounded-full px-1.5 py-0.5 hover:bg-violet-500/20"
            >
              <X aria-hidden className="size-3.5" />
            </button>
          </span>
        )}
        {active && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange({ sort: filters.sort })}
            data-testid="clear-filters"
          >
            {t("clear")}
          </Button>
        )}
        <SortSelect filters={filters} onChange={onChange} />
      </div>
    </section>
  );
}

/**
 * On a phone the filters would fill the first screen: they open in a sheet from the bottom instead
 * (a native modal <dialog>: focus stays inside, Esc closes, focus returns to the Filters button).
 * Each change applies at once, as on a wide screen; the sheet's contents exist only while open, so
 * that the inline row's controls stay the only ones of their name.
 */
function FilterSheet({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useTranslations("galleryFilters");
  const dialogProps = useModalDialog(open, onClose);
  return (
    <dialog
      {...dialogProps}
      aria-labelledby="filter-sheet-title"
      data-testid="filter-sheet"
      onClick={(event) => event.target === event.currentTarget && onClose()}
      className="mb-0 mt-auto max-h-[85dvh] w-full max-w-none rounded-t-2xl border border-zinc-800 bg-zinc-950 p-0 text-zinc-100 backdrop:bg-black/60"
    >
      {open && (
        <div className="space-y-4 p-4">
          <div className="flex items-center justify-between">
            <h2 id="filter-sheet-title" className="text-base font-semibold">
              {t("sheetTitle")}
            </h2>
            <Button variant="primary" onClick={onClose} data-testid="close-filter-sheet">
              {t("done")}
            </Button>
          </div>
          <div className="grid grid-cols-1 gap-3">{children}</div>
        </div>
      )}
    </dialog>
  );
}
