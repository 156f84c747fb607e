"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { REVIEW_STATES } from "@/lib/assets/kinds";
import type { CreateAssetInput } from "@/lib/assets/schema";
import { useAssetMutations } from "./api";
import { useReviewLabel } from "./review-badge";
import { LabelAndKindFields } from "./label-kind-fields";
import { useServerErrors } from "./use-server-errors";

const FIELDS = ["assetId", "label", "kind", "reviewState", "notes", "previewUrl"] as const;

/** Records an id the user already has, with an optional preview from a URL or a file. */
export function RecordAssetForm() {
  const { record } = useAssetMutations();
  const t = useTranslations("assets");
  const reviewLabel = useReviewLabel();
  const [file, setFile] = useState<File | undefined>();
  // A file input cannot be cleared through React; a new key gives a fresh, empty one.
  const [fileInputKey, setFileInputKey] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  // The server's schema checks the fields (lib/assets/schema.ts); its issues land on them below.
  const form = useForm<CreateAssetInput>({
    defaultValues: {
      assetId: "",
      label: "",
      kind: "image",
      reviewState: "unknown",
      notes: "",
      previewUrl: "",
    },
  });
  const { register, handleSubmit, formState, reset, setError } = form;
  const server = useServerErrors({ fields: FIELDS, fileField: "preview", setError });
  const { fileError } = server;
  const error = (name: (typeof FIELDS)[number]) => formState.errors[name]?.message;

  const submit = handleSubmit((input) => {
    server.clear();
    setSaved(null);
    const preview = file;
    record.mutate(
      { input, preview },
      {
        onSuccess: (asset) => {
          reset();
          setFile(undefined);
          setFileInputKey((key) => key + 1);
          setSaved(t("recorded", { reference: asset.reference }));
        },
        onError: server.show,
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="record-asset-form">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="asset-id" label={t("assetId")} required error={error("assetId")} help={t("assetIdHelp")}>
          <input
            id="asset-id"
            autoComplete="off"
            spellCheck={false}
            className={`${inputClass} font-mono`}
            aria-invalid={!!error("assetId")}
            {...register("assetId")}
          />
        </Field>
        <LabelAndKindFields
          idPrefix="asset"
          label={register("label")}
          kind={register("kind")}
          errors={{ label: error("label"), kind: error("kind") }}
        />
        <Field
          id="asset-review"
          label={t("reviewState")}
          error={error("reviewState")}
          help={t("reviewStateHelp")}
        >
          <select id="asset-review" className={inputClass} {...register("reviewState")}>
            {REVIEW_STATES.map((state) => (
              <option key={state} value={state}>
                {reviewLabel(state)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="asset-preview-url"
          label={t("previewUrl")}
          error={error("previewUrl")}
          help={t("previewUrlHelp")}
        >
          <input
            id="asset-preview-url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            className={inputClass}
            aria-invalid={!!error("previewUrl")}
            {...register("previewUrl")}
          />
        </Field>
        <Field id="asset-preview-file" label={t("previewFile")} error={fileError} help={t("previewFileHelp")}>
          <input
            id="asset-preview-file"
            key={fileInputKey}
            onChange={(event) => setFile(event.target.files?.[0])}
            type="file"
            accept="image/*,video/*,audio/*"
            className="block w-full text-sm text-zinc-300 file:mr-3 file:rounded-md file:border-0 file:bg-zinc-800 file:px-3 file:py-1.5 file:text-zinc-100"
          />
        </Field>
      </div>
      <Field id="asset-notes" label={t("notes")} error={error("notes")}>
        <textarea id="asset-notes" rows={2} className={inputClass} {...register("notes")} />
      </Field>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" disabled={record.isPending} data-testid="record-asset">
          {record.isPending ? t("recording") : t("record")}
        </Button>
        {saved && (
          <span role="status" className="text-sm text-emerald-300">
            {saved}
          </span>
        )}
      </div>
      {server.message && (
        <Alert tone="danger" live testId="record-asset-error">
          {server.message}
        </Alert>
      )}
    </form>
  );
}
