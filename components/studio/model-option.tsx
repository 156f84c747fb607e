"use client";

import { Check } from "lucide-react";
import clsx from "clsx";
import { useTranslations } from "next-intl";
import type { ModelDef } from "@/lib/catalog";
import { useUnavailableSentence } from "./use-unavailable-sentence";
import { ModelBadges } from "./model-badges";

/** One model in the picker's listbox; unavailable models stay pickable but are greyed with their reason. */
export function ModelOption({
  id,
  model,
  selected,
  active,
  onHover,
  onPick,
}: {
  id: string;
  model: ModelDef;
  selected: boolean;
  active: boolean;
  onHover: () => void;
  onPick: () => void;
}) {
  const unavailable = model.unavailableReason !== undefined;
  const t = useTranslations("picker");
  const unavailableSentence = useUnavailableSentence();
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      data-model-id={model.id}
      data-active={active || undefined}
      onPointerMove={onHover}
      onPointerDown={(event) => event.preventDefault()}
      onClick={onPick}
      className={clsx(
        "cursor-pointer rounded-lg px-2.5 py-2",
        // Greyed by its text colours, not by opacity: still pickable, so still readable (WCAG AA).
        active && "bg-zinc-800 ring-1 ring-sky-500/60",
      )}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span
          translate="no"
          className={clsx("font-mono text-sm", unavailable ? "text-zinc-400" : "text-zinc-50")}
        >
          {model.id}
        </span>
        {selected && (
          <span className="inline-flex items-center gap-1 text-xs text-sky-400" aria-hidden>
            <Check className="size-3.5" /> {t("selected")}
          </span>
        )}
        <span className="ml-auto">
          <ModelBadges model={model} />
        </span>
      </div>
      {model.name !== model.id && (
        <p className="mt-0.5 text-xs text-zinc-400" data-spec-text>
          {model.name}
        </p>
      )}
      {unavailable && (
        <p className="mt-0.5 text-xs text-zinc-400">{unavailableSentence(model.unavailableReason!)}</p>
      )}
    </li>
  );
}
