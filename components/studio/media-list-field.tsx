"use client";

import clsx from "clsx";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useRef } from "react";
import { Controller, useFormContext, useFormState } from "react-hook-form";
import type { ModelDef, ParamDef } from "@/lib/catalog";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { fieldMessage, itemMessages, paramId } from "./field-errors";
import { FieldNotices } from "./field-notices";
import { ParamHelp } from "./param-help";
import { useParamLabel } from "./use-param-label";

type MediaParam = ParamDef & { type: "media" };

// Upload and gallery buttons: loaded just after the first view (the studio's 200 KiB budget); the
// row's URL field, which takes a pasted address, is there from the start.
const MediaSourceActions = lazy(() =>
  import("./media-source-actions").then((module) => ({ default: module.MediaSourceActions })),
);
// Only the asset-library models offer it: loaded for them, not in every studio page's first load.
const AssetPicker = lazy(() =>
  import("@/components/assets/asset-picker").then((module) => ({ default: module.AssetPicker })),
);

const examples: Record<MediaParam["media"], string> = {
  image: "https://example.com/frame.png",
  video: "https://example.com/clip.mp4",
  audio: "https://example.com/voice.mp3",
};

/** Row `index`'s input, else the "Add" button. */
function focusable(root: HTMLElement | null, index: number): HTMLElement | null | undefined {
  return root?.querySelectorAll<HTMLInputElement>("input")[index] ?? root?.querySelector("[data-add-row]");
}

/** A list of media URLs (one row each) with add/remove and an "n of max" counter. */
export function MediaListField({ model, param }: { model: ModelDef; param: MediaParam }) {
  const { control, getValues } = useFormContext();
  const { errors } = useFormState({ control, name: param.name });
  const id = paramId(param.name);
  const rootRef = useRef<HTMLDivElement>(null);
  // Row to focus after the next render (a row was just added or removed).
  const pendingFocus = useRef<number | null>(null);
  const t = useTranslations("media");
  const label = useParamLabel()(param.label);
  const placeholder = model.assetLibrary
    ? t("orAsset", { example: examples[param.media] })
    : examples[param.media];

  useEffect(() => {
    if (pendingFocus.current === null) return;
    focusable(rootRef.current, pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });

  return (
    <Controller
      control={control}
      name={param.name}
      render={({ field }) => {
        const items: string[] = Array.isArray(field.value) ? field.value.map(String) : [];
        const error = fieldMessage(errors, param.name);
        const rowErrors = itemMessages(errors, param.name, items.length);
        const full = items.length >= param.maxItems;
        const update = (next: string[]) => field.onChange(next);

        return (
          <div
            ref={(element) => {
              rootRef.current = element;
              // Lets react-hook-form focus this field on an error: its first row, else "Add".
              field.ref(element ? { focus: () => focusable(element, 0)?.focus() } : null);
            }}
            role="group"
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-count ${error ? `${id}-error` : `${id}-help`}`}
            className="space-y-2"
          >
            <div className="flex items-baseline justify-between gap-3">
              <span id={`${id}-label`} className="text-sm font-medium text-zinc-200">
                {label}
                {param.required && (
                  <span className="ml-0.5 text-red-400" aria-hidden>
                    *
                  </span>
                )}
              </span>
              <span
                id={`${id}-count`}
                data-testid={`count-${id}`}
                className={clsx(
                  "text-xs tabular-nums",
                  items.length > param.maxItems ? "text-red-400" : "text-zinc-400",
                )}
              >
                {t("count", { count: items.length, max: param.maxItems })}
              </span>
            </div>
            <div className="space-y-2">
              {items.map((item, index) => (
                <div key={index}>
                  <div className="flex gap-2">
                    <input
                      id={index === 0 ? id : undefined}
                      aria-label={t("row", { label, n: index + 1 })}
                      aria-invalid={rowErrors[index] ? true : undefined}
                      inputMode="url"
                      autoComplete="off"
                      spellCheck={false}
                      value={item}
                      placeholder={placeholder}
                      onChange={(event) =>
                        update(items.map((v, i) => (i === index ? event.target.value : v)))
                      }
                      onBlur={field.onBlur}
                      className={clsx(inputClass, "font-mono text-[13px]")}
                    />
                    <Button
                      variant="ghost"
                      aria-label={t("remove", { label, n: index + 1 })}
                      onClick={() => {
                        update(items.filter((_, i) => i !== index));
                        pendingFocus.current = Math.min(index, items.length - 2);
                      }}
                      className="shrink-0"
                    >
                      <svg aria-hidden viewBox="0 0 16 16" className="size-4">
                        <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" />
                      </svg>
                    </Button>
                  </div>
                  {rowErrors[index] && (
                    <p data-testid={`error-${id}-${index}`} className="mt-1 text-xs text-red-400">
                      {rowErrors[index]}
                    </p>
                  )}
                  <FieldNotices
                    model={model}
                    name={param.name}
                    index={index}
                    testId={`notices-${id}-${index}`}
                  />
                </div>
              ))}
            </div>
            <Button
              data-add-row
              id={items.length === 0 ? id : undefined}
              size="sm"
              disabled={full}
              onClick={() => {
                update([...items, ""]);
                pendingFocus.current = items.length;
              }}
            >
              <span aria-hidden>+</span> {t("add", { kind: param.media })}
              {full && <span className="sr-only"> {t("full", { max: param.maxItems })}</span>}
            </Button>
            <Suspense fallback={null}>
              <MediaSourceActions
                param={param}
                full={full}
                // Read at the time: an upload finishes after the rows may have changed.
                onAdd={(url) => update([...(getValues(param.name) ?? []), url])}
              />
            </Suspense>
            {model.assetLibrary && (
              <Suspense fallback={null}>
                <AssetPicker
                  kind={param.media}
                  fieldLabel={label}
                  disabled={full}
                  className="ml-2"
                  onPick={(reference) => {
                    update([...items, reference]);
                    pendingFocus.current = items.length;
                  }}
                />
              </Suspense>
            )}
            {error ? (
              <p id={`${id}-error`} data-testid={`error-${id}`} className="text-xs text-red-400">
                {error}
              </p>
            ) : (
              <p id={`${id}-help`} className="text-xs text-zinc-400">
                <ParamHelp param={param} />
              </p>
            )}
            <FieldNotices model={model} name={param.name} testId={`notices-${id}`} />
          </div>
        );
      }}
    />
  );
}
