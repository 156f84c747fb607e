"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useIssueMessage } from "@/components/i18n/use-issue-message";
import { wordedZodResolver } from "@/components/i18n/worded-zod-resolver";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { uploadAssetSchema, type UploadAsset } from "@/lib/assets/schema";
import { useAssetMutations } from "./api";
import { LabelAndKindFields } from "./label-kind-fields";
import { useServerErrors } from "./use-server-errors";

const FIELDS = ["label", "kind", "notes"] as const;

/** Sends a file to the configured asset upload endpoint; the answered id is recorded as pending. */
export function UploadAssetForm() {
  const { upload } = useAssetMutations();
  const t = useTranslations("assets");
  const [file, setFile] = useState<File | undefined>();
  // A file input cannot be cleared through React; a new key gives a fresh, empty one.
  const [fileInputKey, setFileInputKey] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  const { word } = useIssueMessage();
  const form = useForm<z.input<typeof uploadAssetSchema>, unknown, UploadAsset>({
    resolver: wordedZodResolver(uploadAssetSchema, word),
    defaultValues: { label: "", kind: "image", notes: "" },
  });
  const { register, handleSubmit, formState, reset, setError } = form;
  const server = useServerErrors({ fields: FIELDS, fileField: "file", setError });
  const { fileError, setFileError } = server;
  const error = (name: (typeof FIELDS)[number]) => formState.errors[name]?.message;

  const submit = handleSubmit((input) => {
    server.clear();
    setSaved(null);
    if (!file) {
      setFileError(t("fileRequired"));
      return;
    }
    upload.mutate(
      { ...input, file },
      {
        onSuccess: (asset) => {
          reset();
          setFile(undefined);
          setFileInputKey((key) => key + 1);
          setSaved(t("uploaded", { reference: asset.reference }));
        },
        onError: server.show,
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="upload-asset-form">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="upload-file" label={t("file")} required error={fileError} help={t("fileHelp")}>
          <input
            id="upload-file"
            key={fileInputKey}
            onChange={(event) => setFile(event.target.files?.[0])}
            type="file"
            accept="image/*,video/*,audio/*"
            aria-invalid={!!fileError}
            className="block w-full text-sm text-zinc-300 file:mr-3 file:rounded-md file:border-0 file:bg-zinc-800 file:px-3 file:py-1.5 file:text-zinc-100"
          />
        </Field>
        <LabelAndKindFields
          idPrefix="upload"
          label={register("label")}
          kind={register("kind")}
          errors={{ label: error("label"), kind: error("kind") }}
        />
        <Field id="upload-notes" label={t("notes")} error={error("notes")}>
          <input id="upload-notes" autoComplete="off" className={inputClass} {...register("notes")} />
        </Field>
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" disabled={upload.isPending} data-testid="upload-asset">
          {upload.isPending ? t("uploading") : t("upload")}
        </Button>
        {saved && (
          <span role="status" className="text-sm text-emerald-300">
            {saved}
          </span>
        )}
      </div>
      {server.message && (
        <Alert tone="danger" live testId="upload-asset-error">
          {server.message}
        </Alert>
      )}
    </form>
  );
}
