"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { ModelDef, ModelGroup, ModelNameEntry } from "@/lib/catalog";
import { ModelBadges } from "./model-badges";

// The open list's parts are not in the first load (the studio's first view shows only the button);
// they are fetched just after the page is up. Until they are here the open picker says so and its
// search box points at no listbox: pointing at one still loading is an invalid ARIA reference.
type ListParts = {
  ModelOption: typeof import("./model-option").ModelOption;
  ModelNamesNote: typeof import("./model-names-note").ModelNamesNote;
};
const loadListParts = (): Promise<ListParts> =>
  Promise.all([import("./model-option"), import("./model-names-note")]).then(([option, note]) => ({
    ModelOption: option.ModelOption,
    ModelNamesNote: note.ModelNamesNote,
  }));

/** The list's parts once loaded; "failed" when the chunk could not be fetched (`retry` asks again). */
function useListParts(): { parts: ListParts | "failed" | null; retry: () => void } {
  const [parts, setParts] = useState<ListParts | "failed" | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadListParts().then(
      (loaded) => live && setParts(loaded),
      () => live && setParts("failed"),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  return {
    parts,
    retry: () => {
      setParts(null);
      setAttempt((n) => n + 1);
    },
  };
}

function matches(query: string, ...texts: string[]): boolean {
  const q = query.trim().toLowerCase();
  return q === "" || texts.some((text) => text.toLowerCase().includes(q));
}

/**
 * The model picker: a button that opens a searchable listbox grouped as the catalog groups models
 * (ARIA combobox pattern: the search box keeps focus, arrows move the active option, Enter picks,
 * Escape closes). Unavailable models can be picked to read their parameters but are shown greyed.
 */
export function ModelPicker({
  groups,
  names,
  value,
  onChange,
}: {
  groups: readonly ModelGroup[];
  names: readonly ModelNameEntry[];
  value: ModelDef | undefined;
  onChange: (id: string) => void;
}) {
  const baseId = useId();
  const t = useTranslations("picker");
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [activeId, setActiveId] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const { parts: loadedParts, retry: retryListParts } = useListParts();
  const parts = loadedParts === "failed" ? null : loadedParts;

  const visibleGroups = useMemo(
    () =>
      groups
        .map((group) => ({
          ...group,
          models: group.models.filter((m) => matches(query, m.id, m.name, group.label)),
        }))
        .filter((group) => group.models.length > 0),
    [groups, query],
  );
  const flat = useMemo(() => visibleGroups.flatMap((g) => g.models), [visibleGroups]);
  const visibleNames = useMemo(() => names.filter((n) => matches(query, n.name, n.group)), [names, query]);
  const optionId = (id: string) => `${baseId}-option-${flat.findIndex((m) => m.id === id)}`;
  const active = flat.find((m) => m.id === activeId) ?? flat[0];

  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  useEffect(() => {
    if (!open || !active) return;
    listRef.current
      ?.querySelector(`[data-model-id="${CSS.escape(active.id)}"]`)
      ?.scrollIntoView({ block: "nearest" });
  }, [open, active, parts]);

  function openList() {
    setQuery("");
    setActiveId(value?.id ?? null);
    setOpen(true);
  }

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  }

  function pick(id: string) {
    onChange(id);
    close(true);
  }

  function move(delta: number) {
    if (flat.length === 0) return;
    const index = active ? flat.indexOf(active) : -1;
    setActiveId(flat[(index + delta + flat.length) % flat.length].id);
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(1),
      ArrowUp: () => move(-1),
      PageDown: () => move(5),
      PageUp: () => move(-5),
      Enter: () => active && pick(active.id),
      Escape: () => close(true),
      Tab: () => setOpen(false),
    };
    const action = keys[event.key];
    if (!action) return;
    if (event.key !== "Tab") event.preventDefault();
    action();
  }

  return (
    <div ref={rootRef} className="relative">
      <span id={`${baseId}-label`} className="mb-1.5 block text-sm font-medium text-zinc-200">
        {t("model")}
      </span>
      <button
        ref={triggerRef}
        type="button"
        data-testid="model-picker"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${baseId}-label ${baseId}-value`}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            openList();
          }
        }}
        className="flex w-full items-center gap-3 rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-2.5 text-left transition-colors hover:border-zinc-500"
      >
        <span className="flex min-w-0 flex-1 flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
          <span id={`${baseId}-value`} className="min-w-0 flex-1">
            {value ? (
              <>
                <span className="block truncate font-mono text-sm text-zinc-50" translate="no">
                  {value.id}
                </span>
                <span className="block truncate text-xs text-zinc-400" data-spec-text>
                  {value.group}
                </span>
              </>
            ) : (
              <span className="text-sm text-zinc-400">{t("choose")}</span>
            )}
          </span>
          {value && <ModelBadges model={value} />}
        </span>
        <svg aria-hidden viewBox="0 0 20 20" className="size-4 shrink-0 text-zinc-400">
          <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" fill="none" strokeWidth="1.6" />
        </svg>
      </button>

      {open && (
        <div className="absolute inset-x-0 top-full z-20 mt-2 overflow-hidden rounded-xl border border-zinc-700 bg-zinc-900 shadow-2xl shadow-black/60">
          <div className="border-b border-zinc-800 p-2">
            <input
              ref={inputRef}
              role="combobox"
              aria-label={t("searchLabel")}
              aria-expanded="true"
              aria-controls={parts ? `${baseId}-listbox` : undefined}
              aria-autocomplete="list"
              aria-activedescendant={parts && active ? optionId(active.id) : undefined}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActiveId(null);
              }}
              onKeyDown={onSearchKeyDown}
              placeholder={t("searchPlaceholder")}
              className="w-full rounded-md border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm placeholder:text-zinc-400 focus:border-sky-500 focus:outline-none"
            />
          </div>
          {loadedParts === "failed" ? (
            <p role="alert" className="px-3 py-4 text-sm text-red-300">
              {t("loadFailed")}{" "}
              <button
                type="button"
                onClick={retryListParts}
                className="font-medium text-sky-400 underline hover:text-sky-300"
              >
                {t("loadAgain")}
              </button>
            </p>
          ) : !parts ? (
            <p role="status" className="px-3 py-4 text-sm text-zinc-400">
              {t("loading")}
            </p>
          ) : (
            /* Focusable so that the list scrolls from the keyboard too (Tab from the search closes the
                picker; this is for a pointer that clicked into the list). */
            <div tabIndex={0} className="max-h-[min(60vh,32rem)] overflow-y-auto overscroll-contain p-1">
              <ul ref={listRef} id={`${baseId}-listbox`} role="listbox" aria-label={t("models")}>
                {visibleGroups.map((group, groupIndex) => (
                  <li key={group.label} role="presentation">
                    <ul role="group" aria-labelledby={`${baseId}-group-${groupIndex}`}>
                      <li
                        role="presentation"
                        id={`${baseId}-group-${groupIndex}`}
                        data-spec-text
                        className="px-2.5 pb-1 pt-3 text-[11px] font-semibold uppercase tracking-wider text-zinc-400"
                      >
                        {group.label}
                      </li>
                      {group.models.map((model) => (
                        <parts.ModelOption
                          key={model.id}
                          id={optionId(model.id)}
                          model={model}
                          selected={model.id === value?.id}
                          active={model.id === active?.id}
                          onHover={() => setActiveId(model.id)}
                          onPick={() => pick(model.id)}
                        />
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
              {flat.length === 0 && (
                <p className="px-3 py-4 text-sm text-zinc-400">
                  {t("noMatch", { query })}
                  {visibleNames.length > 0 && ` ${t("matchesName")}`}
                </p>
              )}
              {visibleNames.length > 0 && <parts.ModelNamesNote names={visibleNames} />}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
