"use client";

import { useTranslations } from "next-intl";
import { useFormContext, useFormState } from "react-hook-form";
import type { ParamDef } from "@/lib/catalog";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { nestedMessages, paramId } from "./field-errors";
import { ParamHelp } from "./param-help";
import { useParamLabel } from "./use-param-label";

type JsonParam = ParamDef & { type: "json" };

/**
 * A JSON editor for structured params (tools, image_roles, the advanced pass-through object). The
 * form keeps the text, so a half-typed value is never lost; the catalog parses and checks it.
 */
export function JsonField({ param }: { param: JsonParam }) {
  const { register, control, setValue } = useFormContext();
  const { errors } = useFormState({ control, name: param.name });
  const id = paramId(param.name);
  const messages = nestedMessages(errors, param.name);
  const error = messages.length > 0 ? messages.join("; ") : undefined;
  const example = param.example === undefined ? undefined : JSON.stringify(param.example, null, 2);
  const t = useTranslations("json");
  const paramLabel = useParamLabel()(param.label);
  const label = /json/i.test(param.label) ? paramLabel : t("label", { label: paramLabel });

  return (
    <Field id={id} label={label} required={param.required} help={<ParamHelp param={param} />} error={error}>
      <textarea
        id={id}
        {...register(param.name)}
        rows={example ? Math.min(10, example.split("\n").length + 1) : 4}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-help`}
        placeholder={example ?? (param.shape === "array" ? "[ … ]" : "{ … }")}
        data-spec-text
        className={`${inputClass} font-mono text-[13px] leading-relaxed`}
      />
      {example && (
        <Button
          size="sm"
          variant="ghost"
          aria-label={t("insertLabel", { label: paramLabel })}
          onClick={() => setValue(param.name, example, { shouldDirty: true, shouldValidate: true })}
        >
          {t("insert")}
        </Button>
      )}
    </Field>
  );
}
