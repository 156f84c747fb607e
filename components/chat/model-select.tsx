"use client";

import { useTranslations } from "next-intl";
import type { TextModelFamily } from "@/lib/catalog";
import { inputClass } from "@/components/ui/field";

/** Text models grouped by family, each with its variants (standard, official, low-cost). */
export function ModelSelect({
  families,
  value,
  onChange,
  disabled,
}: {
  families: readonly TextModelFamily[];
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  const t = useTranslations("picker");
  return (
    <select
      aria-label={t("model")}
      data-testid="model-select"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      className={`${inputClass} h-9 max-w-full py-1.5 sm:w-auto sm:max-w-72 font-mono text-xs`}
    >
      {families.map((family) => (
        <optgroup key={family.family} label={family.family}>
          {family.variants.map((v) => (
            <option key={v.id} value={v.id}>
              {v.id} · {v.label}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
