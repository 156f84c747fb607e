"use client";

import { useTranslations } from "next-intl";
import type { ParamDef } from "@/lib/catalog";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { ParamHelp } from "./param-help";
import { useParamLabel } from "./use-param-label";

type Words = ReturnType<typeof useTranslations<"batchModel">>;

/** How a shared value reads in a placeholder: "5", "16:9", "2 URLs", "on". */
function describeShared(value: unknown, t: Words): string {
  if (value === undefined) return t("notSet");
  if (Array.isArray(value)) return t("sharedUrls", { count: value.length });
  if (typeof value === "boolean") return value ? t("on") : t("off");
  if (typeof value === "object" && value !== null) return "JSON";
  return String(value);
}

/**
 * One field of one model of a batch, overriding the shared value: the model's own values and bounds,
 * and the catalog's message for this model under it. `undefined` = the shared value; `null` = not
 * sent for this model (optional fields only).
 */
export function OverrideField({
  id,
  param,
  value,
  shared,
  error,
  onChange,
}: {
  id: string;
  param: ParamDef;
  value: unknown;
  shared: unknown;
  error?: string;
  onChange: (value: unknown) => void;
}) {
  const t = useTranslations("batchModel");
  const label = useParamLabel()(param.label);
  const omitted = value === null;
  const text = typeof value === "string" ? value : "";
  const common = {
    id,
    disabled: omitted,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : `${id}-help`,
    className: inputClass,
  };
  const placeholder = shared === undefined ? t("notSet") : t("shared", { value: describeShared(shared, t) });

  let control;
  if (omitted) {
    control = <input {...common} value="" placeholder={t("notSent")} readOnly />;
  } else if (param.type === "enum" || param.type === "boolean") {
    const options = param.type === "enum" ? param.values : ["true", "false"];
    control = (
      <select {...common} value={text} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {param.type === "boolean" ? (option === "true" ? t("on") : t("off")) : option}
          </option>
        ))}
      </select>
    );
  } else if (
    param.type === "media" ||
    param.type === "json" ||
    (param.type === "string" && param.multiline)
  ) {
    control = (
      <textarea
        {...common}
        rows={3}
        spellCheck={param.type === "string"}
        value={text}
        placeholder={param.type === "media" ? t("oneUrlALine", { placeholder }) : placeholder}
        onChange={(event) => onChange(event.target.value || undefined)}
        className={`${inputClass} ${param.type === "string" ? "" : "font-mono text-[13px]"}`}
      />
    );
  } else {
    control = (
      <input
        {...common}
        type="text"
        inputMode={param.type === "integer" ? "numeric" : undefined}
        autoComplete="off"
        value={text}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    );
  }

  return (
    <Field id={id} label={label} required={param.required} help={<ParamHelp param={param} />} error={error}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">{control}</div>
        {!param.required && (
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={omitted}
            aria-label={omitted ? t("sendLabel", { field: label }) : t("dontSendLabel", { field: label })}
            onClick={() => onChange(omitted ? undefined : null)}
            className="mt-1 shrink-0"
          >
            {omitted ? t("send") : t("dontSend")}
          </Button>
        )}
      </div>
    </Field>
  );
}
