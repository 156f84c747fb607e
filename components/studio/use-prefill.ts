"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { formValuesFromRequest, getModel } from "@/lib/catalog";
import { useErrorMessage } from "@/components/i18n/use-error-message";
import { saveDraft } from "./drafts";
import { droppedKeys, getPath, setPath } from "./form-values";
import { startingValues } from "./starting-values";
import { fetchTask } from "./use-task-query";
import type { PresentedTask } from "./task-types";
import { useParamLabel } from "./use-param-label";

export type PrefillNotice = { tone: "info" | "warning" | "danger"; title: string; message?: string };

/** The page's words for the notices: `t` of the `prefill` messages and a param label's translation. */
type Words = { t: ReturnType<typeof useTranslations<"prefill">>; label: (label: string) => string };

type Links = {
  model: string | null;
  remix: string | null;
  ref: string | null;
  field: string | null;
  update: (changes: Record<string, string | null>) => void;
};

/** The body a task was submitted with, wherever the proxy exposes it. */
function submittedRequest(task: PresentedTask): Record<string, unknown> | undefined {
  const request = task.studio?.request;
  return request && typeof request === "object" ? request : undefined;
}

async function remix(taskId: string, links: Links, { t }: Words): Promise<PrefillNotice> {
  const task = await fetchTask(taskId);
  const request = submittedRequest(task);
  const modelId = String(request?.model ?? task.model ?? "");
  const model = getModel(modelId);
  if (!request) {
    return { tone: "danger", title: t("noRequest", { id: taskId }) };
  }
  if (!model) {
    return { tone: "danger", title: t("notInCatalog", { id: taskId, model: modelId }) };
  }
  const dropped = droppedKeys(model, request);
  saveDraft(model.id, formValuesFromRequest(model, request));
  links.update({ model: model.id, remix: null });
  return {
    tone: dropped.length > 0 ? "warning" : "info",
    title: t("prefilled", { id: taskId }),
    message:
      dropped.length > 0 ? t("dropped", { model: model.id, fields: dropped.join(", ") }) : t("allBack"),
  };
}

function addReference(links: Links, url: string, field: string, { t, label }: Words): PrefillNotice {
  links.update({ ref: null, field: null });
  const model = links.model ? getModel(links.model) : undefined;
  const param = model?.params.find((p) => p.name === field);
  if (!model || !param || param.type !== "media") {
    return {
      tone: "warning",
      title: t("notAdded"),
      message: t("noField", { model: links.model ?? t("noModel"), field, url }),
    };
  }
  const values = startingValues(model);
  const items = (getPath(values, field) as string[] | undefined) ?? [];
  const name = label(param.label);
  if (items.includes(url)) return { tone: "info", title: t("already", { field: name }) };
  // A single-item field (first/last frame) takes the new reference in place of the old one.
  const next = param.maxItems === 1 ? [url] : [...items, url];
  if (next.length > param.maxItems) {
    return {
      tone: "warning",
      title: t("full", { field: name, max: param.maxItems }),
      message: t("removeOne", { url }),
    };
  }
  setPath(values, field, next);
  saveDraft(model.id, values);
  return { tone: "info", title: t("added", { field: name }), message: url };
}

/**
 * Applies the gallery's links once: `?remix=<taskId>` and `?ref=<url>&field=<param>`. Each writes
 * the model's draft and strips itself from the URL; `nonce` changes so the form reopens from it.
 */
export function usePrefill(links: Links) {
  const [notice, setNotice] = useState<PrefillNotice | null>(null);
  const [pending, setPending] = useState(Boolean(links.remix));
  const [nonce, setNonce] = useState(0);
  const handled = useRef<string | null>(null);
  const t = useTranslations("prefill");
  const label = useParamLabel();
  const sayError = useErrorMessage();
  const { remix: remixId, ref, field } = links;

  useEffect(() => {
    const key = `${remixId}|${ref}|${field}`;
    if (!remixId && !(ref && field)) {
      handled.current = null;
      return;
    }
    if (handled.current === key) return;
    handled.current = key;
    // A change of words (the language) meets the `handled` key above: a link is applied once.
    const say = { t, label };
    const run = remixId
      ? remix(remixId, links, say)
      : Promise.resolve(addReference(links, ref!, field!, say));
    run
      .catch((error: Error) => ({
        tone: "danger" as const,
        title: say.t("couldNotLoad", { id: String(remixId) }),
        message: sayError(error),
      }))
      .then((result) => {
        setNotice(result);
        setNonce((n) => n + 1);
        setPending(false);
      });
  }, [remixId, ref, field, links, t, label, sayError]);

  return { notice, dismiss: () => setNotice(null), pending, nonce };
}
