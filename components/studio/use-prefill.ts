"use client";

import { useEffect, useRef, useState } from "react";
import { formValuesFromRequest, getModel } from "@/lib/catalog";
import { saveDraft } from "./drafts";
import { droppedKeys, getPath, setPath } from "./form-values";
import { startingValues } from "./starting-values";
import { fetchTask } from "./use-task-query";
import type { PresentedTask } from "./task-types";

export type PrefillNotice = { tone: "info" | "warning" | "danger"; title: string; message?: string };

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

async function remix(taskId: string, links: Links): Promise<PrefillNotice> {
  const task = await fetchTask(taskId);
  const request = submittedRequest(task);
  const modelId = String(request?.model ?? task.model ?? "");
  const model = getModel(modelId);
  if (!request) {
    return { tone: "danger", title: `Task ${taskId} has no stored request to remix` };
  }
  if (!model) {
    return { tone: "danger", title: `Task ${taskId} used “${modelId}”, which is not in the catalog` };
  }
  const dropped = droppedKeys(model, request);
  saveDraft(model.id, formValuesFromRequest(model, request));
  links.update({ model: model.id, remix: null });
  return {
    tone: dropped.length > 0 ? "warning" : "info",
    title: `Prefilled from task ${taskId}`,
    message:
      dropped.length > 0
        ? `Not carried over (not parameters of ${model.id}): ${dropped.join(", ")}.`
        : "Every submitted parameter is back in the form; change what you like and generate again.",
  };
}

function addReference(links: Links, url: string, field: string): PrefillNotice {
  links.update({ ref: null, field: null });
  const model = links.model ? getModel(links.model) : undefined;
  const param = model?.params.find((p) => p.name === field);
  if (!model || !param || param.type !== "media") {
    return {
      tone: "warning",
      title: "The reference was not added",
      message: `${links.model ?? "No model"} has no media field “${field}”. The URL was: ${url}`,
    };
  }
  const values = startingValues(model);
  const items = (getPath(values, field) as string[] | undefined) ?? [];
  if (items.includes(url)) return { tone: "info", title: `Already in ${param.label}` };
  // A single-item field (first/last frame) takes the new reference in place of the old one.
  const next = param.maxItems === 1 ? [url] : [...items, url];
  if (next.length > param.maxItems) {
    return {
      tone: "warning",
      title: `${param.label} is full (${param.maxItems} of ${param.maxItems})`,
      message: `Remove one, then add the reference again: ${url}`,
    };
  }
  setPath(values, field, next);
  saveDraft(model.id, values);
  return { tone: "info", title: `Added to ${param.label}`, message: url };
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
  const { remix: remixId, ref, field } = links;

  useEffect(() => {
    const key = `${remixId}|${ref}|${field}`;
    if (!remixId && !(ref && field)) {
      handled.current = null;
      return;
    }
    if (handled.current === key) return;
    handled.current = key;
    const run = remixId ? remix(remixId, links) : Promise.resolve(addReference(links, ref!, field!));
    run
      .catch((error: Error) => ({
        tone: "danger" as const,
        title: `Could not load task ${remixId}`,
        message: error.message,
      }))
      .then((result) => {
        setNotice(result);
        setNonce((n) => n + 1);
        setPending(false);
      });
  }, [remixId, ref, field, links]);

  return { notice, dismiss: () => setNotice(null), pending, nonce };
}
