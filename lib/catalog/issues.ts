/**
 * Stable codes of validation issues. Every issue keeps its English `message` (API clients read it
 * unchanged) and adds a `code` and the `params` the sentence was built from, so the browser words it
 * in the page's language (messages `issues.<code>`, components/i18n/issue-message.ts). A code is a
 * contract like an error code: add new ones, never rename.
 */
export const ISSUE_CODES = [
  // Any field
  "required",
  "invalid",
  "invalid_type",
  "unknown_field",
  "unknown_keys",
  "given_twice",
  "alias_conflict",
  "body_not_object",
  // Numbers and choices
  "not_integer",
  "range",
  "too_small",
  "too_large",
  "equals",
  "not_one_of",
  "not_boolean",
  // Text
  "not_text",
  "empty",
  "too_short",
  "too_long",
  "too_many_chinese_characters",
  "too_many_english_words",
  "pattern",
  "invalid_format",
  // Lists and media
  "not_list",
  "item_count",
  "too_few_items",
  "too_many_items",
  "media_not_string",
  "media_empty",
  "media_base64",
  "media_asset_not_allowed",
  "media_asset_id",
  "media_not_url",
  "media_protocol",
  "media_no_host",
  // JSON fields
  "json_invalid",
  "json_shape",
  "advanced_model",
  "advanced_conflict",
  // Cross-field rules
  "scenario_mix",
  "last_needs_first",
  "audio_needs_reference",
  "image_role_object",
  "image_role_url_twice",
  "image_role_url_required",
  "image_role_value",
  "image_role_repeated",
  "image_role_first_missing",
  "image_roles_mix",
  "tool_unsupported",
  "tool_repeated",
  "tool_object",
  // Requests (lib/http)
  "percent_encoding",
  "content_type",
  "not_a_cursor",
  "field_too_large",
  // The model field
  "model_required",
  "model_not_string",
  "model_is_name",
  "model_unknown",
  // Sequences (lib/sequences)
  "even_pixels",
  "chain_first_shot",
  "chain_no_first_frame",
  "after_trim_in",
  // Webhooks (lib/webhooks)
  "http_url",
  "each_one_of",
  // Rules across fields of a request
  "at_least_one_of",
  "exactly_one_of",
  "no_matching_shape",
  // Numbers, times, files
  "greater_than",
  "not_after",
  "not_before",
  "max_days",
  "future",
  "file_too_large",
  "not_media",
  "no_whitespace_or_slash",
  // A URL the studio fetches (an asset's preview)
  "fetch_failed",
  "fetch_status",
  "fetch_no_body",
  "fetch_timeout",
  // Records that must be unique or belong somewhere
  "already_taken",
  "asset_already_recorded",
  "not_in_collection",
  "collection_owner",
  // Passwords and codes
  "not_current_password",
  "wrong_password",
  "reauth_required",
  "setup_code_mismatch",
  // Comments: a moment of a video, a shape on its frame
  "moment_needs_video",
  "moment_after_end",
  "reply_no_anchor",
  "shape_edge",
] as const;

export type IssueCode = (typeof ISSUE_CODES)[number];

/** What the sentence names: numbers, texts, lists of them (joined in the page's language). */
export type IssueParamValue = string | number | boolean | readonly (string | number)[];
export type IssueParams = Record<string, IssueParamValue>;

/** Where the alternatives to a refused media item depend on the model: URL only, or URL or assetId://. */
export const accepts = (assetLibrary: boolean) => (assetLibrary ? "url_or_asset" : "url");
