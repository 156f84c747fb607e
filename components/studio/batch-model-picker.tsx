"use client";

import { useTranslations } from "next-intl";
import { useStatusLabel } from "@/components/i18n/use-status-label";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { listModelGroups } from "@/lib/catalog";
import { MAX_BATCH_MODELS } from "@/lib/batches/request-schema";
import { Button } from "@/components/ui/button";
import { isSubmittable } from "./availability";

/** "Also run on…": a searchable checklist of the other submittable models, grouped as the catalog. */
export function BatchModelPicker({
  primary,
  selected,
  onChange,
}: {
  primary: string;
  selected: string[];
  onChange: (models: string[]) => void;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const root = useRef<HTMLDivElement>(null);
  const groups = useMemo(
    () =>
      listModelGroups()
        .map((group) => ({
          label: group.label,
          models: group.models.filter(
            (m) =>
              isSubmittable(m) && m.id !== primary && m.id.toLowerCase().includes(query.trim().toLowerCase()),
          ),
        }))
        .filter((group) => group.models.length > 0),
    [primary, query],
  );
  const full = selected.length + 1 >= MAX_BATCH_MODELS;

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const t = useTranslations("batch");
  const statusLabel = useStatusLabel();
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((m) => m !== id));

  return (
    <div ref={root} className="relative">
      <Button
        aria-expanded={open}
        aria-controls={listId}
        data-testid="batch-add-model"
        onClick={() => setOpen(!open)}
      >
        {t("alsoRun")}
      </Button>
      {open && (
        <div
          id={listId}
          className="absolute left-0 top-full z-20 mt-2 w-80 overflow-hidden rounded-xl border border-zinc-700 bg-zinc-900 shadow-2xl shadow-black/60"
        >
          <div className="border-b border-zinc-800 p-2">
            <input
              autoFocus
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t("searchPlaceholder")}
              aria-label={t("searchLabel")}
              className="w-full rounded-md border border-zinc-700 bg-zinc-950 px-3 py-1.5 text-sm focus:border-sky-500 focus:outline-none"
            />
          </div>
          <div className="max-h-72 overflow-y-auto overscroll-contain p-1">
            {groups.map((group) => (
              <fieldset key={group.label} className="py-1">
                <legend
                  data-spec-text
                  className="px-2 pb-1 text-[11px] font-semibold uppercase tracking-wider text-zinc-400"
                >
                  {group.label}
                </legend>
                {group.models.map((model) => {
                  const checked = selected.includes(model.id);
                  return (
                    <label
                      key={model.id}
                      className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-zinc-800"
                    >
                      <input
                        type="checkbox"
                        aria-label={model.id}
                        checked={checked}
                        disabled={!checked && full}
                        onChange={(event) => toggle(model.id, event.target.checked)}
                        className="accent-sky-500"
                      />
                      <span className="font-mono">{model.id}</span>
                      <span className="ml-auto text-xs text-zinc-400">{statusLabel(model.kind)}</span>
                    </label>
                  );
                })}
              </fieldset>
            ))}
            {groups.length === 0 && <p className="px-3 py-3 text-sm text-zinc-400">{t("noMatch")}</p>}
          </div>
          {full && (
            <p className="border-t border-zinc-800 px-3 py-2 text-xs text-zinc-400">
              {t("maxModels", { max: MAX_BATCH_MODELS })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
