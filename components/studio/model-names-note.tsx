"use client";

import { useTranslations } from "next-intl";
import type { ModelNameEntry } from "@/lib/catalog";

/**
 * Published model *names* are listed for reference only: the spec says the `model` field takes the
 * Model ID, and a name fails to resolve upstream, so none of these can be picked.
 */
export function ModelNamesNote({ names }: { names: readonly ModelNameEntry[] }) {
  const t = useTranslations("picker");
  return (
    <section
      aria-labelledby="model-names-heading"
      data-testid="model-names"
      className="mx-1 mb-1 mt-3 rounded-lg border border-dashed border-zinc-700 p-3"
    >
      <h3
        id="model-names-heading"
        className="text-[11px] font-semibold uppercase tracking-wider text-zinc-400"
      >
        {t("namesHeading")}
      </h3>
      <p className="mt-1 text-xs leading-relaxed text-zinc-400">
        {t.rich("namesText", {
          code: (chunks) => (
            <code className="text-zinc-300" translate="no">
              {chunks}
            </code>
          ),
        })}
      </p>
      <ul className="mt-2 space-y-1">
        {names.map((entry) => (
          <li
            key={entry.name}
            data-spec-text
            className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm"
          >
            <span className="text-zinc-300">{entry.name}</span>
            <span className="text-xs text-zinc-400">{entry.group}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
