"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore } from "react";
import {
  defaultFormValues,
  findModelByName,
  getModel,
  installV1Models,
  listModelGroups,
  listModelNames,
  type ModelDef,
  type NoticeContext,
} from "@/lib/catalog";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { isSubmittable } from "./availability";
import { applyFirstFrame, firstFrameGroups } from "./continue-frame";
import { loadLastModel, saveLastModel } from "./drafts";
import { NoticeConfigProvider } from "./field-notices";
import { ModelHeader } from "./model-header";
import { ModelPicker } from "./model-picker";
import { RecentTasks } from "./recent-tasks";
import { startingValues } from "./starting-values";
import { TaskForm } from "./task-form";
import { usePrefill } from "./use-prefill";
import { useStudioUrl } from "./use-studio-url";
import { scrollBehavior } from "@/components/ui/use-reduced-motion";

// The open task's panel (progress, result, errors) appears after a submit or a click on a recent
// task: loaded then, which keeps the studio's first load within its 200 KiB budget.
const TaskPanel = lazy(() => import("./task-panel").then((m) => ({ default: m.TaskPanel })));

const noSubscribe = () => () => {};
/** False during server rendering and hydration: drafts and the last model live in localStorage. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

function firstAvailable(): ModelDef | undefined {
  return listModelGroups()
    .flatMap((group) => group.models)
    .find((model) => isSubmittable(model) && model.documented);
}

/**
 * The studio page. `notices`: the server's configuration the form's warnings depend on; `v1Models`:
 * the v1 family models the operator mapped (they are configuration, not part of this bundle).
 */
export function Studio({ notices, v1Models }: { notices: NoticeContext; v1Models: readonly ModelDef[] }) {
  installV1Models(v1Models);
  const t = useTranslations("studio");
  const url = useStudioUrl();
  const hydrated = useHydrated();
  const continuing = url.firstFrame;
  const groups = useMemo(
    () => (continuing ? firstFrameGroups(listModelGroups()) : listModelGroups()),
    [continuing],
  );
  const names = useMemo(() => listModelNames(), []);
  const prefill = usePrefill(url);

  const requestedId = url.model ?? (hydrated ? loadLastModel() : null);
  const asked = requestedId ? getModel(requestedId) : undefined;
  // Continuing: a model that takes no first frame gives way to the first one that does.
  const requested =
    continuing && asked && !groups.some((g) => g.models.some((m) => m.id === asked.id))
      ? groups[0]?.models[0]
      : asked;
  const model = requested ?? (url.model ? undefined : continuing ? groups[0]?.models[0] : firstAvailable());
  const unknownId = url.model && !requested ? url.model : null;

  const formKey = `${model?.id}:${prefill.nonce}:${continuing}`;
  const form = useMemo(
    () =>
      model && hydrated
        ? {
            values: continuing
              ? applyFirstFrame(model, startingValues(model), continuing)
              : startingValues(model),
            defaults: defaultFormValues(model),
          }
        : null,
    // formKey: a prefill rewrote the draft, so the form reopens from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [model, hydrated, formKey],
  );

  // The model shown is always the one in the URL, so the address can be shared or bookmarked.
  const { update } = url;
  const shownId = model?.id;
  useEffect(() => {
    const stale = !url.model || (continuing && url.model !== shownId);
    if (hydrated && stale && !url.remix && shownId) update({ model: shownId });
  }, [hydrated, url.model, url.remix, shownId, update, continuing]);

  function selectModel(id: string) {
    saveLastModel(id);
    url.update({ model: id });
  }

  return (
    <NoticeConfigProvider value={notices}>
      <div className="mx-auto grid max-w-screen-2xl gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_minmax(22rem,28rem)] xl:grid-cols-[minmax(0,1fr)_32rem]">
        <section aria-labelledby="compose-heading" className="min-w-0 space-y-6">
          <h1 id="compose-heading" className="sr-only">
            {t("heading")}
          </h1>
          <div className="space-y-5 rounded-2xl border border-zinc-800 bg-zinc-900/40 p-5">
            <ModelPicker groups={groups} names={names} value={model} onChange={selectModel} />
            {unknownId && (
              <Alert tone="danger" title={t("unknownModel", { id: unknownId })} testId="unknown-model">
                {findModelByName(unknownId) ? t("unknownModelIsName") : t("pickFromList")}
              </Alert>
            )}
            {continuing && (
              <Alert tone="info" title={t("continuingTitle")} testId="continue-notice">
                {t("continuingText", { frame: continuing })}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => url.update({ firstFrame: null })}
                  className="-mb-1 mt-1 block"
                >
                  {t("stopContinuing")}
                </Button>
              </Alert>
            )}
            {prefill.notice && (
              <Alert tone={prefill.notice.tone} title={prefill.notice.title} testId="prefill-notice">
                {prefill.notice.message}
                <Button size="sm" variant="ghost" onClick={prefill.dismiss} className="-mb-1 mt-1 block">
                  {t("dismiss")}
                </Button>
              </Alert>
            )}
            {model && <ModelHeader model={model} />}
          </div>

          <div className={unknownId ? "hidden" : "rounded-2xl border border-zinc-800 bg-zinc-900/40 p-5"}>
            {model && form && !prefill.pending ? (
              <TaskForm
                key={formKey}
                model={model}
                initialValues={form.values}
                defaults={form.defaults}
                onSubmitted={(taskId) => {
                  url.update({ task: taskId });
                  // In the one-column layout the panel is below the form: bring it into view.
                  if (!window.matchMedia("(min-width: 1024px)").matches)
                    document
                      .getElementById("task-panel")
                      ?.scrollIntoView({ behavior: scrollBehavior(), block: "start" });
                }}
              />
            ) : (
              <FormSkeleton />
            )}
          </div>
        </section>

        <aside
          aria-label={t("tasks")}
          className="min-w-0 space-y-6 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto lg:overscroll-contain"
        >
          <Suspense fallback={null}>
            <TaskPanel
              taskId={url.task}
              onClose={() => url.update({ task: null })}
              onRemix={(taskId) => url.update({ remix: taskId })}
            />
          </Suspense>
          <RecentTasks selectedId={url.task} onOpen={(id) => url.update({ task: id })} />
        </aside>
      </div>
    </NoticeConfigProvider>
  );
}

function FormSkeleton() {
  return (
    <div aria-hidden className="animate-pulse space-y-4">
      <div className="h-3 w-24 rounded bg-zinc-800" />
      <div className="h-32 rounded-lg bg-zinc-800/70" />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="h-10 rounded-lg bg-zinc-800/70" />
        <div className="h-10 rounded-lg bg-zinc-800/70" />
      </div>
    </div>
  );
}
