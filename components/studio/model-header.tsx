"use client";

import { useTranslations } from "next-intl";
import type { ModelDef } from "@/lib/catalog";
import { Alert } from "@/components/ui/alert";
import { useUnavailableSentence } from "./use-unavailable-sentence";

/** What the selected model is, the rules the catalog states for it, and whether it can be invoked. */
export function ModelHeader({ model }: { model: ModelDef }) {
  const t = useTranslations("model");
  const unavailableSentence = useUnavailableSentence();
  return (
    <div className="space-y-3" data-testid="model-header">
      <div>
        <h2 className="text-lg font-semibold tracking-tight text-zinc-50">
          {model.name}
          {model.name !== model.id && (
            <span className="ml-2 font-mono text-sm font-normal text-zinc-400">{model.id}</span>
          )}
        </h2>
        <p className="text-sm text-zinc-400" data-spec-text>
          {model.group}
          {model.description && <> · {model.description}</>}
        </p>
      </div>
      {model.unavailableReason && (
        <Alert
          tone="warning"
          title={t("unavailableTitle", { reason: model.unavailableReason })}
          testId="model-unavailable"
        >
          {t("unavailableText", { sentence: unavailableSentence(model.unavailableReason) })}
        </Alert>
      )}
      {model.notes && model.notes.length > 0 && (
        <ul aria-label={t("rules")} className="space-y-1.5 text-sm text-zinc-300" data-spec-text>
          {model.notes.map((note) => (
            <li key={note} className="flex gap-2">
              <span aria-hidden className="mt-2 size-1 shrink-0 rounded-full bg-sky-400" />
              <span>{note}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
