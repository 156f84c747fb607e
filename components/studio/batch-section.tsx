"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { cleanFormValues, getModel, normalizeRequest, type ModelDef } from "@/lib/catalog";
import type { PlanIssue } from "@/lib/batches/plan";
import { MAX_VARIATIONS } from "@/lib/batches/request-schema";
import { Field, inputClass } from "@/components/ui/field";
import { BatchModelPanel } from "./batch-model-panel";
import { BatchModelPicker } from "./batch-model-picker";
import { planInBrowser } from "./batch-plan";
import { batchRequest, issuesByModel, taskCount, type BatchSettings } from "./batch-settings";

/** What the form's model would send now: normalized when valid (as on submit), else the cleaned values. */
function useSharedBody(model: ModelDef): Record<string, unknown> {
  const { control } = useFormContext();
  const values = useWatch({ control });
  return useMemo(() => {
    const { values: cleaned } = cleanFormValues(model, values);
    const normalized = normalizeRequest(model, cleaned);
    return normalized.ok ? normalized.value : cleaned;
  }, [model, values]);
}

/**
 * The form's "Batch" section: run the prompt as N variations and/or on other models too. The other
 * models' panels show only what differs for them, checked live by the same plan the server makes.
 */
export function BatchSection({
  model,
  settings,
  onChange,
}: {
  model: ModelDef;
  settings: BatchSettings;
  onChange: (settings: BatchSettings) => void;
}) {
  const shared = useSharedBody(model);
  const t = useTranslations("batch");
  const [variationsText, setVariationsText] = useState(String(settings.variations));
  const variationsValid =
    /^\s*\d+\s*$/.test(variationsText) && settings.variations >= 1 && settings.variations <= MAX_VARIATIONS;
  const issues = useMemo((): Map<string, PlanIssue[]> => {
    if (!settings.models.length) return new Map();
    // One variation is enough to see each model's field problems while typing; submit plans them all.
    const plan = planInBrowser(batchRequest(model, shared, settings, 1));
    return plan.ok ? new Map() : issuesByModel(plan.issues);
  }, [model, shared, settings]);
  const count = taskCount(settings);
  const hasSeed = [model.id, ...settings.models].some((id) =>
    getModel(id)?.params.some((p) => p.name === "seed"),
  );

  return (
    <fieldset data-testid="batch-section" className="space-y-4">
      <legend className="mb-3 text-xs font-semibold uppercase tracking-wider text-zinc-400">
        {t("legend")}
      </legend>
      <div className="flex flex-wrap items-start gap-4">
        <Field
          id="batch-variations"
          label={t("variations")}
          help={t("variationsHelp", { max: MAX_VARIATIONS })}
          error={variationsValid ? undefined : t("variationsRule", { max: MAX_VARIATIONS })}
          className="w-40"
        >
          <input
            id="batch-variations"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={variationsText}
            aria-invalid={variationsValid ? undefined : true}
            aria-describedby={variationsValid ? "batch-variations-help" : "batch-variations-error"}
            onChange={(event) => {
              setVariationsText(event.target.value);
              const text = event.target.value.trim();
              onChange({ ...settings, variations: /^\d+$/.test(text) ? Number(text) : Number.NaN });
            }}
            className={inputClass}
          />
        </Field>
        <div className="pt-6">
          <BatchModelPicker
            primary={model.id}
            selected={settings.models}
            onChange={(models) =>
              onChange({
                ...settings,
                models,
                overrides: Object.fromEntries(
                  Object.entries(settings.overrides).filter(([id]) => models.includes(id)),
                ),
              })
            }
          />
        </div>
      </div>
      {count > 1 && Number.isFinite(count) && (
        <p data-testid="batch-summary" className="text-sm text-zinc-300">
          {t("summary", { count, models: 1 + settings.models.length, variations: settings.variations })}{" "}
          <span className="text-zinc-400">
            {settings.variations > 1 && hasSeed
              ? t("seeded")
              : settings.variations > 1
                ? t("noSeed")
                : t("checked")}
          </span>
        </p>
      )}
      {settings.models.map((id) => {
        const other = getModel(id);
        if (!other) return null;
        return (
          <BatchModelPanel
            key={id}
            model={other}
            shared={shared}
            overrides={settings.overrides[id] ?? {}}
            issues={issues.get(id) ?? []}
            onChange={(fields) =>
              onChange({ ...settings, overrides: { ...settings.overrides, [id]: fields } })
            }
            onRemove={() => {
              const { [id]: _removed, ...overrides } = settings.overrides;
              void _removed;
              onChange({ ...settings, models: settings.models.filter((m) => m !== id), overrides });
            }}
          />
        );
      })}
    </fieldset>
  );
}
