"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { ModelDef } from "@/lib/catalog";
import { carryOver } from "@/lib/batches/carry-over";
import type { PlanIssue } from "@/lib/batches/plan";
import { Button } from "@/components/ui/button";
import { ModelBadges } from "./model-badges";
import { OverrideField } from "./override-field";
import { useBatchIssueWording } from "./use-batch-issue-wording";
import { useIssueWording } from "./use-issue-wording";
import { useParamLabel } from "./use-param-label";

const fieldOf = (issue: PlanIssue) => issue.field.split(/[.[]/)[0];
const domId = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, "-");

/**
 * One more model of a batch: which shared fields carry over and which it does not use, and — not a
 * second form — only the fields it needs changed: those the catalog rejects for this model (its own
 * enums, ranges, media counts, required fields) and those the user chose to override.
 */
export function BatchModelPanel({
  model,
  shared,
  overrides,
  issues,
  onChange,
  onRemove,
}: {
  model: ModelDef;
  shared: Record<string, unknown>;
  overrides: Record<string, unknown>;
  issues: PlanIssue[];
  onChange: (overrides: Record<string, unknown>) => void;
  onRemove: () => void;
}) {
  const t = useTranslations("batchModel");
  const label = useParamLabel();
  const wording = useIssueWording(model);
  const batchWording = useBatchIssueWording();
  const [pinned, setPinned] = useState<string[]>([]);
  const { carried, dropped } = carryOver(model, shared);
  const names = new Set(model.params.map((p) => p.name));
  const issueFields = issues.map(fieldOf).filter((f) => names.has(f));
  const shown = model.params.filter(
    (p) => pinned.includes(p.name) || issueFields.includes(p.name) || p.name in overrides,
  );
  const addable = model.params.filter((p) => !shown.includes(p));
  const general = issues.filter((i) => !names.has(fieldOf(i)));
  const id = domId(model.id);

  const set = (name: string, value: unknown) => {
    if (!pinned.includes(name)) setPinned([...pinned, name]);
    const next = { ...overrides };
    if (value === undefined) delete next[name];
    else next[name] = value;
    onChange(next);
  };

  return (
    <section
      aria-label={t("region", { model: model.id })}
      data-testid={`batch-model-${model.id}`}
      data-invalid={issues.length > 0 || undefined}
      className={`space-y-3 rounded-xl border p-4 ${issues.length ? "border-red-500/50" : "border-zinc-800"}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm text-zinc-100">{model.id}</span>
        <ModelBadges model={model} />
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto"
          onClick={onRemove}
          aria-label={t("removeLabel", { model: model.id })}
        >
          <X aria-hidden className="size-3.5" /> {t("remove")}
        </Button>
      </div>
      <p className="text-xs text-zinc-400">
        {t("carries", { fields: Object.keys(carried).join(", ") || t("nothing") })}
        {dropped.length > 0 && (
          <>
            {" · "}
            <span data-testid="batch-dropped">{t("notUsed", { fields: dropped.join(", ") })}</span>
          </>
        )}
      </p>
      {general.map((issue) => (
        <p key={issue.message} data-testid="batch-issue" className="text-xs text-red-400">
          {batchWording.sentence(issue)}
        </p>
      ))}
      {shown.length > 0 && (
        <div className="grid gap-x-4 gap-y-4 sm:grid-cols-2">
          {shown.map((param) => {
            const error = issues
              .filter((i) => fieldOf(i) === param.name)
              .map((i) => wording.word({ ...i, path: i.field, message: i.rule }));
            return (
              <OverrideField
                key={param.name}
                id={`batch-${id}-${domId(param.name)}`}
                param={param}
                value={overrides[param.name]}
                shared={carried[param.name]}
                error={error.length ? error.join("; ") : undefined}
                onChange={(value) => set(param.name, value)}
              />
            );
          })}
        </div>
      )}
      {addable.length > 0 && (
        <select
          aria-label={t("overrideLabel", { model: model.id })}
          value=""
          onChange={(event) => event.target.value && setPinned([...pinned, event.target.value])}
          className="h-8 rounded-md border border-zinc-700 bg-zinc-900 px-2 text-xs text-zinc-300 focus:border-sky-500 focus:outline-none"
        >
          <option value="">{t("overridePlaceholder")}</option>
          {addable.map((p) => (
            <option key={p.name} value={p.name}>
              {label(p.label)}
            </option>
          ))}
        </select>
      )}
    </section>
  );
}
