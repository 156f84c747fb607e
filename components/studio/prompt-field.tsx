"use client";

import { lazy, Suspense, useState } from "react";
import { useTranslations } from "next-intl";
import { Sparkles } from "lucide-react";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { countChineseCharacters, countEnglishWords, type ModelDef, type ParamDef } from "@/lib/catalog";
import { Field, inputClass } from "@/components/ui/field";
import { fieldMessage, paramId } from "./field-errors";
import { FieldNotices } from "./field-notices";
import { ParamHelp } from "./param-help";
import { useParamLabel } from "./use-param-label";

// Loaded when first opened, so the studio page's first load carries none of it.
const ImprovePromptPanel = lazy(() => import("./improve-prompt-panel"));

/** Live counts under the prompt, counted the way the catalog's prompt rules count. */
function promptStats(text: string) {
  return {
    characters: Array.from(text).length,
    words: countEnglishWords(text),
    chinese: countChineseCharacters(text),
  };
}

export function PromptField({ model, param }: { model: ModelDef; param: ParamDef & { type: "string" } }) {
  const { register, control, setValue } = useFormContext();
  const [improving, setImproving] = useState(false);
  const { errors } = useFormState({ control, name: param.name });
  const value = useWatch({ control, name: param.name });
  const text = typeof value === "string" ? value : "";
  const id = paramId(param.name);
  const t = useTranslations("prompt");
  const label = useParamLabel();
  const error = fieldMessage(errors, param.name);
  const stats = promptStats(text);
  const over = param.maxLength !== undefined && stats.characters > param.maxLength;

  return (
    <Field id={id} label={label(param.label)} required={param.required} error={error}>
      <textarea
        id={id}
        {...register(param.name)}
        rows={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-stats ${error ? `${id}-error` : `${id}-help`}`}
        aria-required={param.required || undefined}
        placeholder={t("placeholder")}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
        className={`${inputClass} min-h-32 resize-y leading-relaxed`}
      />
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 text-xs">
        {!error && (
          <p id={`${id}-help`} className="text-zinc-400">
            <ParamHelp param={param} />
          </p>
        )}
        <p
          id={`${id}-stats`}
          data-testid="prompt-stats"
          className={over ? "ml-auto text-red-400" : "ml-auto tabular-nums text-zinc-400"}
        >
          {t("stats", {
            characters: stats.characters,
            max: param.maxLength !== undefined ? ` / ${param.maxLength}` : "",
            words: stats.words,
            chinese: stats.chinese,
          })}
        </p>
      </div>
      <FieldNotices model={model} name={param.name} testId="prompt-notices" />
      {improving ? (
        <Suspense fallback={<p className="text-xs text-zinc-400">{t("loading")}</p>}>
          <ImprovePromptPanel
            model={model.id}
            prompt={text}
            onAccept={(improved) => {
              setValue(param.name, improved, { shouldDirty: true, shouldValidate: false });
              setImproving(false);
            }}
            onClose={() => setImproving(false)}
          />
        </Suspense>
      ) : (
        <button
          type="button"
          className="inline-flex items-center gap-1 self-start text-xs font-medium text-sky-300 hover:text-sky-200"
          onClick={() => setImproving(true)}
        >
          <Sparkles aria-hidden className="size-3.5" /> {t("improve")}
        </button>
      )}
    </Field>
  );
}
