"use client";

import { useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Field, inputClass } from "@/components/ui/field";
import { ASSET_KINDS } from "@/lib/assets/kinds";

/** The label and kind of an asset, as both add forms (record, upload) ask for them. */
export function LabelAndKindFields({
  idPrefix,
  label,
  kind,
  errors,
}: {
  idPrefix: string;
  label: UseFormRegisterReturn;
  kind: UseFormRegisterReturn;
  errors: { label?: string; kind?: string };
}) {
  const t = useTranslations("assets");
  return (
    <>
      <Field id={`${idPrefix}-label`} label={t("label")} required error={errors.label}>
        <input
          id={`${idPrefix}-label`}
          autoComplete="off"
          className={inputClass}
          aria-invalid={!!errors.label}
          {...label}
        />
      </Field>
      <Field id={`${idPrefix}-kind`} label={t("kindLabel")} error={errors.kind}>
        <select id={`${idPrefix}-kind`} className={inputClass} {...kind}>
          {ASSET_KINDS.map((value) => (
            <option key={value} value={value}>
              {t("kind", { kind: value })}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
