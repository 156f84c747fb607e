"use client";

import { useTranslations } from "next-intl";
import { Controller, useFormContext, useFormState } from "react-hook-form";
import type { ModelDef, ParamDef } from "@/lib/catalog";
import { Field, inputClass } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import { fieldMessage, paramId } from "./field-errors";
import { ParamHelp } from "./param-help";
import { PromptField } from "./prompt-field";
import { MediaListField } from "./media-list-field";
import { JsonField } from "./json-field";
import { useParamLabel } from "./use-param-label";

/** ArrowUp/ArrowDown on an integer field: one step from the current value (or the default), kept in bounds. */
function stepInteger(value: unknown, step: number, param: ParamDef & { type: "integer" }): number {
  const current = Number.parseInt(String(value ?? ""), 10);
  const base = Number.isFinite(current) ? current + step : (param.default ?? param.min ?? 0);
  return Math.min(param.max ?? Infinity, Math.max(param.min ?? -Infinity, base));
}

function describedBy(id: string, error: string | undefined): string {
  return error ? `${id}-error` : `${id}-help`;
}

/** One generated control for a catalog param. */
export function ParamField({ model, param }: { model: ModelDef; param: ParamDef }) {
  if (param.name === "prompt" && param.type === "string") return <PromptField model={model} param={param} />;
  if (param.type === "media") return <MediaListField model={model} param={param} />;
  if (param.type === "json") return <JsonField param={param} />;
  return <ScalarField param={param} />;
}

function ScalarField({ param }: { param: Exclude<ParamDef, { type: "media" | "json" }> }) {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name: param.name });
  const id = paramId(param.name);
  const error = fieldMessage(errors, param.name);
  const t = useTranslations("field");
  const label = useParamLabel();
  const notSetPlaceholder =
    param.default !== undefined ? t("placeholderDefault", { value: String(param.default) }) : t("notSet");
  const common = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, error),
    "aria-required": param.required || undefined,
  };

  return (
    <Field
      id={id}
      label={label(param.label)}
      required={param.required}
      help={<ParamHelp param={param} />}
      error={error}
    >
      <Controller
        control={control}
        name={param.name}
        render={({ field }) => {
          switch (param.type) {
            case "integer":
              if (param.oneOf)
                return (
                  <select
                    {...common}
                    ref={field.ref}
                    name={field.name}
                    value={field.value === undefined || field.value === null ? "" : String(field.value)}
                    onChange={(event) => field.onChange(event.target.value)}
                    onBlur={field.onBlur}
                    className={inputClass}
                  >
                    <option value="">
                      {param.default !== undefined
                        ? t("defaultValue", { value: String(param.default) })
                        : t("choose")}
                    </option>
                    {param.oneOf.map((value) => (
                      <option key={value} value={String(value)}>
                        {value}
                      </option>
                    ))}
                  </select>
                );
              return (
                <input
                  {...common}
                  ref={field.ref}
                  name={field.name}
                  // Text, not type=number: the browser would blank out "4.5" or "1e", and the user
                  // must see what they typed next to the schema's message about it.
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  value={field.value === undefined || field.value === null ? "" : String(field.value)}
                  placeholder={notSetPlaceholder}
                  onChange={(event) => field.onChange(event.target.value)}
                  onKeyDown={(event) => {
                    const step = event.key === "ArrowUp" ? 1 : event.key === "ArrowDown" ? -1 : 0;
                    if (!step) return;
                    event.preventDefault();
                    field.onChange(String(stepInteger(field.value, step, param)));
                  }}
                  onBlur={field.onBlur}
                  className={inputClass}
                />
              );
            case "enum":
              return (
                <select
                  {...common}
                  ref={field.ref}
                  name={field.name}
                  value={typeof field.value === "string" ? field.value : ""}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  className={inputClass}
                >
                  <option value="">
                    {param.default !== undefined
                      ? t("defaultValue", { value: String(param.default) })
                      : param.required
                        ? t("choose")
                        : t("notSet")}
                  </option>
                  {param.values.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              );
            case "boolean": {
              const on = field.value === true;
              return (
                <div className="flex h-[38px] items-center gap-3">
                  <Switch
                    {...common}
                    ref={field.ref}
                    checked={on}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                  <span className="text-sm text-zinc-400" aria-hidden>
                    {on ? t("on") : t("off")}
                    {param.default === on && <span className="text-zinc-400"> {t("isDefault")}</span>}
                  </span>
                </div>
              );
            }
            default:
              return param.multiline ? (
                <textarea
                  {...common}
                  {...field}
                  value={typeof field.value === "string" ? field.value : ""}
                  rows={3}
                  className={inputClass}
                />
              ) : (
                <input
                  {...common}
                  {...field}
                  value={typeof field.value === "string" ? field.value : ""}
                  placeholder={notSetPlaceholder}
                  className={inputClass}
                />
              );
          }
        }}
      />
    </Field>
  );
}
