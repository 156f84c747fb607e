/**
 * The asset registry's rules, one schema for the API routes and lib (the /assets page shows their
 * messages on its fields; it does not load zod on its first view). Messages name the field and the rule.
 */
import { z } from "zod";
import { issueCode } from "../http/zod-issue";
import { ASSET_KINDS, ASSET_PREFIX, REVIEW_STATES } from "./kinds";

export { ASSET_KINDS, ASSET_PREFIX, REVIEW_STATES, type AssetKind, type ReviewState } from "./kinds";

/**
 * The id as media fields use it after "assetId://" (lib/catalog/media-items.ts applies the same
 * rule): non-empty, no whitespace, no "/". A pasted full reference is accepted and unwrapped.
 */
export const assetIdSchema = z
  .string({ error: "assetId: is required" })
  .trim()
  .transform((v) =>
    v.toLowerCase().startsWith(ASSET_PREFIX.toLowerCase()) ? v.slice(ASSET_PREFIX.length) : v,
  )
  .pipe(
    z
      .string()
      .min(1, { error: "assetId: must not be empty" })
      .max(200, { error: "assetId: must be at most 200 characters" })
      .refine((v) => /^[^\s/]+$/.test(v), {
        error: 'assetId: must not contain whitespace or "/"',
        ...issueCode("no_whitespace_or_slash"),
      }),
  );

export const labelSchema = z
  .string({ error: "label: is required" })
  .trim()
  .min(1, { error: "label: must not be empty" })
  .max(200, { error: "label: must be at most 200 characters" });

export const notesSchema = z.string().max(2000, { error: "notes: must be at most 2000 characters" });

export const kindSchema = z.enum(ASSET_KINDS, { error: "kind: must be image, video or audio" });

export const reviewStateSchema = z.enum(REVIEW_STATES, {
  error: "reviewState: must be pending, passed, rejected or unknown",
});

/** Empty means "no preview URL" (form fields send ""). */
const previewUrlSchema = z
  .string()
  .trim()
  .max(4000, { error: "previewUrl: must be at most 4000 characters" })
  .refine((v) => v === "" || /^https?:\/\//i.test(v), {
    error: "previewUrl: must be an http(s) URL",
    ...issueCode("media_not_url", { accepts: "url" }),
  })
  .transform((v) => v || undefined);

/** Recording an id the user already has (uploaded elsewhere, e.g. the provider's console). */
export const createAssetSchema = z.object({
  assetId: assetIdSchema,
  label: labelSchema,
  kind: kindSchema,
  reviewState: reviewStateSchema.default("unknown"),
  notes: notesSchema.default(""),
  previewUrl: previewUrlSchema.optional(),
});
export type CreateAssetInput = z.input<typeof createAssetSchema>;
export type CreateAsset = z.output<typeof createAssetSchema>;

/** Uploading through the studio: the upload endpoint gives the id; review starts as pending. */
export const uploadAssetSchema = z.object({
  label: labelSchema,
  kind: kindSchema,
  notes: notesSchema.default(""),
});
export type UploadAsset = z.output<typeof uploadAssetSchema>;

export const updateAssetSchema = z
  .object({ label: labelSchema, reviewState: reviewStateSchema, notes: notesSchema })
  .partial()
  .refine((v) => Object.keys(v).length > 0, {
    error: "Send at least one of label, reviewState, notes.",
    ...issueCode("at_least_one_of", { fields: ["label", "reviewState", "notes"] }),
  });
export type UpdateAsset = z.output<typeof updateAssetSchema>;

export const listAssetsSchema = z.object({ kind: kindSchema.optional() });

export function assetReference(assetId: string): string {
  return ASSET_PREFIX + assetId;
}
