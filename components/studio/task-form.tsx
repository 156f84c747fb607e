"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import type { ModelDef, ParamDef } from "@/lib/catalog";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/components/api-client";
import { isBatch, NO_BATCH, taskCount, type BatchSettings } from "./batch-settings";
import { saveDraft } from "./drafts";
import { formLevelMessages } from "./field-errors";
import { issuePathToField, paramForField, type FormValues } from "./form-values";
import { ParamField } from "./param-field";
import { studioResolver } from "./studio-resolver";
import { useBatchSubmit } from "./use-batch-submit";
import { useSubmitTask } from "./use-submit-task";
import { useIssueWording } from "./use-issue-wording";
import { useUnavailableSentence } from "./use-unavailable-sentence";

const DRAFT_SAVE_MS = 300;

// The batch settings (and the batch schema they check with) load just after the page's first load.
// Both show nothing until there is something to say (an estimate fetched after a pause in typing,
// a model with generation modes): loaded just after the first view, within its 200 KiB budget.
const CostEstimate = lazy(() =>
  import("./cost-estimate").then((module) => ({ default: module.CostEstimate })),
);
const ModeIndicator = lazy(() =>
  import("./mode-indicator").then((module) => ({ default: module.ModeIndicator })),
);
// Shown only after a failed submit: loaded then.
const SubmitErrorAlert = lazy(() =>
  import("./submit-error").then((module) => ({ default: module.SubmitErrorAlert })),
);
const BatchSection = lazy(() =>
  import("./batch-section").then((module) => ({ default: module.BatchSection })),
);

type Section = { title: "prompt" | "settings" | "media" | "structured" | "advanced"; params: ParamDef[] };

/** Prompt first, then settings, media and structured JSON: the order a person fills them in. */
function sections(model: ModelDef): Section[] {
  const of = (test: (p: ParamDef) => boolean) => model.params.filter(test);
  const isPrompt = (p: ParamDef) => p.name === "prompt";
  return [
    { title: "prompt" as const, params: of(isPrompt) },
    {
      title: "settings" as const,
      params: of((p) => !isPrompt(p) && p.type !== "media" && p.type !== "json"),
    },
    { title: "media" as const, params: of((p) => p.type === "media") },
    {
      title: model.documented ? ("structured" as const) : ("advanced" as const),
      params: of((p) => p.type === "json"),
    },
  ].filter((section) => section.params.length > 0);
}

/** The generated form of one model; remounted (keyed) when the model or a prefill changes. */
export function TaskForm({
  model,
  initialValues,
  defaults,
  onSubmitted,
}: {
  model: ModelDef;
  initialValues: FormValues;
  defaults: FormValues;
  onSubmitted: (taskId: string) => void;
}) {
  const issues = useIssueWording(model);
  const resolver = useMemo(() => studioResolver(model, issues.word), [model, issues.word]);
  const t = useTranslations("form");
  const unavailableSentence = useUnavailableSentence();
  // Checked on submit, then live on every change: validating on blur would insert messages
  // between a pointer's press and release on the submit button and swallow the click.
  const form = useForm<FormValues>({ defaultValues: initialValues, resolver, mode: "onSubmit" });
  const submit = useSubmitTask();
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const [batch, setBatch] = useState<BatchSettings>(NO_BATCH);
  const batchSubmit = useBatchSubmit(model);
  const batching = isBatch(batch);
  const pending = submit.isPending || batchSubmit.pending;
  const unavailable = model.unavailableReason;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unsaved: FormValues | null = null;
    const flush = () => {
      if (unsaved) saveDraft(model.id, unsaved);
      unsaved = null;
    };
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        unsaved = values;
        clearTimeout(timer);
        timer = setTimeout(flush, DRAFT_SAVE_MS);
      },
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
      // Only what was typed in the last moments; an unchanged form must not overwrite a prefill.
      flush();
    };
  }, [form, model.id]);

  // The body of the last submit: "Send anyway" sends it again, unchanged, past the media check.
  const lastBody = useRef<FormValues | null>(null);
  const onValid = async (body: FormValues, sendAnyway = false) => {
    setUnplaced([]);
    lastBody.current = body;
    if (batching) return batchSubmit.submit(body, batch, sendAnyway);
    try {
      const task = await submit.mutateAsync({ model: model.id, body, sendAnyway });
      onSubmitted(task.id);
    } catch (error) {
      // Rejections with issues (ours, or an upstream's passed back) land on their fields.
      if (!(error instanceof ApiError) || error.issues.length === 0) return;
      // Server-only rules land on their fields; issues without a field stay in the alert.
      const rest: string[] = [];
      let focused = false;
      for (const issue of error.issues) {
        const field = issuePathToField(issue.path);
        if (paramForField(model, field)) {
          form.setError(field, { type: "server", message: issues.word(issue) }, { shouldFocus: !focused });
          focused = true;
        } else rest.push(issues.line(issue));
      }
      setUnplaced(rest);
    }
  };

  const clientFormErrors = formLevelMessages(model, form.formState.errors);

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={t("label", { model: model.id })}
        data-testid="task-form"
        onSubmit={(event) => {
          // Ctrl+Enter calls requestSubmit(), which ignores the disabled button: guard here too.
          if (unavailable || pending) return event.preventDefault();
          void form.handleSubmit((body) => onValid(body))(event);
        }}
        className="space-y-6"
      >
        <Suspense fallback={null}>
          <ModeIndicator model={model} />
        </Suspense>
        {sections(model).map((section) => (
          <fieldset key={section.title} className="space-y-4">
            <legend className="mb-3 text-xs font-semibold uppercase tracking-wider text-zinc-400">
              {t(`sections.${section.title}`)}
            </legend>
            <div
              className={section.title === "settings" ? "grid gap-x-4 gap-y-5 sm:grid-cols-2" : "space-y-5"}
            >
              {section.params.map((param) => (
                <ParamField key={param.name} model={model} param={param} />
              ))}
            </div>
          </fieldset>
        ))}

        {!unavailable && (
          <Suspense fallback={null}>
            <BatchSection model={model} settings={batch} onChange={setBatch} />
          </Suspense>
        )}

        {clientFormErrors.length > 0 && (
          <Alert tone="danger" live title={t("rulesNotMet")} testId="form-errors">
            <ul className="list-inside list-disc">
              {clientFormErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </Alert>
        )}
        {submit.isError && (
          <Suspense fallback={null}>
            <SubmitErrorAlert
              error={submit.error}
              unplacedIssues={unplaced}
              onSendAnyway={() => lastBody.current && void onValid(lastBody.current, true)}
            />
          </Suspense>
        )}
        {batching && batchSubmit.issues.length > 0 && (
          <Alert
            tone="danger"
            live
            title={t("batchProblems", { count: batchSubmit.issues.length })}
            testId="batch-errors"
          >
            <ul className="list-inside list-disc">
              {batchSubmit.issues.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </Alert>
        )}
        {batching && batchSubmit.error && (
          <Suspense fallback={null}>
            <SubmitErrorAlert
              error={batchSubmit.error}
              unplacedIssues={[]}
              onSendAnyway={() => lastBody.current && void onValid(lastBody.current, true)}
            />
          </Suspense>
        )}

        <div className="flex flex-wrap items-center gap-3 border-t border-zinc-800 pt-5">
          <Button
            type="submit"
            variant="primary"
            disabled={Boolean(unavailable) || pending}
            aria-describedby={unavailable ? "submit-unavailable" : undefined}
            data-testid="submit-task"
            className="min-w-36"
          >
            {pending ? (
              <>
                <Spinner label={t("submittingLabel")} /> {t("submitting")}
              </>
            ) : batching ? (
              t("runBatch", { count: Number.isFinite(taskCount(batch)) ? taskCount(batch) : "?" })
            ) : (
              t(model.kind === "video" ? "generateVideo" : "generateImage")
            )}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              form.reset(defaults);
              submit.reset();
              batchSubmit.reset();
              setUnplaced([]);
            }}
          >
            {t("reset")}
          </Button>
          {!unavailable && (
            <Suspense fallback={null}>
              <CostEstimate model={model} each={batching} />
            </Suspense>
          )}
          {unavailable && (
            <p id="submit-unavailable" data-testid="submit-unavailable" className="text-sm text-zinc-400">
              {t("cannotSubmit", { sentence: unavailableSentence(unavailable) })}
            </p>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
