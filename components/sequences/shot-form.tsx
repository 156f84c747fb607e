"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { defaultFormValues, getModel, listModels } from "@/lib/catalog";
import { firstFrameField } from "@/lib/catalog/first-frame";
import { Button } from "@/components/ui/button";
import type { FormValues } from "@/components/studio/form-values";
import { ParamField } from "@/components/studio/param-field";
import { studioResolver } from "@/components/studio/studio-resolver";

/** The video models a shot can use; a chained shot only those that take a first frame. */
export function shotModels(chained: boolean) {
  return listModels().filter((m) => m.kind === "video" && (!chained || firstFrameField(m.id)));
}

/**
 * A shot's parameters in the studio's generated form (the same fields and client checks), saved on
 * the shot with its takes and chained switch; the server checks it again with the catalog.
 */
export function ShotForm({
  modelId,
  body,
  takes,
  chained,
  first,
  pending,
  onSave,
}: {
  modelId: string;
  body: Record<string, unknown>;
  takes: number;
  chained: boolean;
  first: boolean;
  pending: boolean;
  onSave: (shot: { model: string; body: Record<string, unknown>; takes: number; chained: boolean }) => void;
}) {
  const model = getModel(modelId);
  const t = useTranslations("sequences");
  const resolver = useMemo(() => (model ? studioResolver(model) : undefined), [model]);
  const form = useForm<FormValues>({
    defaultValues: model ? { ...defaultFormValues(model), ...body } : body,
    resolver,
    mode: "onSubmit",
  });
  const settings = useForm({ defaultValues: { takes, chained, model: modelId } });
  if (!model) return <p className="text-sm text-red-400">{t("unknownModel", { model: modelId })}</p>;
  const params = model.params.filter(
    (p) => p.name !== "model" && (!chained || p.name !== firstFrameField(model.id)),
  );

  const save = form.handleSubmit((values) => {
    const rest: Record<string, unknown> = { ...values };
    delete rest.model;
    const s = settings.getValues();
    onSave({ model: modelId, body: rest, takes: Number(s.takes), chained: Boolean(s.chained) });
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={save} className="space-y-3" aria-label={t("shotParameters")}>
        {params.map((param) => (
          <ParamField key={param.name} model={model} param={param} />
        ))}
        <div className="flex flex-wrap items-center gap-4 text-sm">
          <label className="flex items-center gap-2">
            {t("takes")}
            <input
              type="number"
              min={1}
              max={10}
              className="w-16 rounded border border-zinc-700 bg-zinc-950 px-2 py-1"
              {...settings.register("takes")}
            />
          </label>
          {!first && (
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                disabled={!firstFrameField(model.id)}
                {...settings.register("chained")}
              />
              {t("continueFromPrevious")}
            </label>
          )}
          <Button type="submit" size="sm" disabled={pending}>
            {t("saveShot")}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
