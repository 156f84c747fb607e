/**
 * The registry's vocabularies, without zod: the /assets page and the picker import these, and the
 * schema (lib/assets/schema.ts) builds its rules on them on the server.
 */
export const ASSET_KINDS = ["image", "video", "audio"] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** What the user knows of the upstream's review (the spec shows no way to ask it). */
export const REVIEW_STATES = ["pending", "passed", "rejected", "unknown"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const ASSET_PREFIX = "assetId://";
