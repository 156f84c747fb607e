"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
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
  const [file, setFile] = useState<File | undefined>();
  // A file input cannot be cleared through React; a new key gives a fresh, empty one.
  const [fileInputKey, setFileInputKey] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<z.input<typeof uploadAssetSchema>, unknown, UploadAsset>({
    resolver: zodResolver(uploadAssetSchema),
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
      setFileError("file: choose the file to upload");
      return;
    }
    upload.mutate(
      { ...input, file },
      {
        onSuccess: (asset) => {
          reset();
          setFile(undefined);
          setFileInputKey((key) => key + 1);
          setSaved(`Uploaded: ${asset.reference}, review pending.`);
        },
        onError: server.show,
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="upload-asset-form">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id="upload-file"
          label="File"
          required
          error={fileError}
          help="Sent to the asset library; the studio keeps a copy as the preview."
        >
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
        <Field id="upload-notes" label="Notes" error={error("notes")}>
          <input id="upload-notes" autoComplete="off" className={inputClass} {...register("notes")} />
        </Field>
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" disabled={upload.isPending} data-testid="upload-asset">
          {upload.isPending ? "Uploading…" : "Upload to the asset library"}
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
