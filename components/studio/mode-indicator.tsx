"use client";

import { useTranslations } from "next-intl";
import { useFormContext, useWatch } from "react-hook-form";
import { detectMode, MODE_LABEL, type ModelDef } from "@/lib/catalog";

/**
 * The generation mode the form's current values select, for models whose spec page has a mode
 * rule (vendorm-H3-768p-c1): the mode follows from which media are filled, so say which one it is.
 */
export function ModeIndicator({ model }: { model: ModelDef }) {
  const { control } = useFormContext();
  const t = useTranslations("form");
  const values = useWatch({ control }) as Record<string, unknown>;
  const mode = detectMode(model, values);
  if (!mode) return null;
  return (
    <p data-testid="generation-mode" aria-live="polite" className="text-sm text-zinc-400">
      {t("mode")}{" "}
      <span className="font-medium text-zinc-200" data-spec-text>
        {MODE_LABEL[mode]}
      </span>
    </p>
  );
}
