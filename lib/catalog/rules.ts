import { isPlainObject } from "./describe-value";
import { checkMediaItem, problemOf } from "./media-items";
import { ASSET_PROMPT_LIMITS, countChineseCharacters, countEnglishWords } from "./prompt-text";
import type { CatalogIssue, ModelDef, RuleName } from "./types";

/** A normalized body: every present field already passed its own checks. */
export type Body = Record<string, unknown>;
export type Rule = (body: Body, model: ModelDef) => CatalogIssue[];

const REFERENCE_FIELDS = ["reference_images", "reference_videos", "reference_audios"] as const;
const FRAME_FIELDS = ["first_image", "last_image"] as const;

const filled = (body: Body, field: string) => Array.isArray(body[field]) && body[field].length > 0;
const hasParam = (model: ModelDef, name: string) => model.params.some((p) => p.name === name);
const MIXING = "first-frame, first+last-frame and multimodal-reference scenarios cannot be mixed";

/**
 * Spec Errors + asset-library limits: first frame, first+last frame and multimodal reference are
 * separate scenarios. Applies to every model having both frame fields and reference_* fields.
 */
export const scenarioExclusivity: Rule = (body) => {
  const frames = FRAME_FIELDS.filter((f) => filled(body, f));
  const references = REFERENCE_FIELDS.filter((f) => filled(body, f));
  if (!frames.length || !references.length) return [];
  return [
    ...frames.map((f) => ({
      path: [f],
      message: `cannot be combined with ${references.join(", ")}: ${MIXING}`,
      code: "scenario_mix" as const,
      params: { fields: references },
    })),
    ...references.map((f) => ({
      path: [f],
      message: `cannot be combined with ${frames.join(", ")}: ${MIXING}`,
      code: "scenario_mix" as const,
      params: { fields: frames },
    })),
  ];
};

export const lastImageNeedsFirst: Rule = (body) =>
  filled(body, "last_image") && !filled(body, "first_image")
    ? [
        {
          path: ["last_image"],
          message: "needs first_image: a last frame is only used with a first frame",
          code: "last_needs_first",
        },
      ]
    : [];

export const audioNeedsReference: Rule = (body, model) => {
  if (!filled(body, "reference_audios")) return [];
  if (filled(body, "reference_images") || filled(body, "reference_videos")) return [];
  const videos = hasParam(model, "reference_videos");
  const what = videos ? "reference image or video" : "reference image";
  return [
    {
      path: ["reference_audios"],
      message: `audio needs at least one ${what}`,
      code: "audio_needs_reference",
      params: { needs: videos ? "image_or_video" : "image" },
    },
  ];
};

export const assetPromptLimits: Rule = (body) => {
  if (typeof body.prompt !== "string") return [];
  const issues: CatalogIssue[] = [];
  const chinese = countChineseCharacters(body.prompt);
  const words = countEnglishWords(body.prompt);
  if (chinese > ASSET_PROMPT_LIMITS.chineseCharacters)
    issues.push({
      path: ["prompt"],
      message: `must be at most ${ASSET_PROMPT_LIMITS.chineseCharacters} Chinese characters (got ${chinese})`,
      code: "too_many_chinese_characters",
      params: { max: ASSET_PROMPT_LIMITS.chineseCharacters, got: chinese },
    });
  if (words > ASSET_PROMPT_LIMITS.englishWords)
    issues.push({
      path: ["prompt"],
      message: `must be at most ${ASSET_PROMPT_LIMITS.englishWords} English words (got ${words})`,
      code: "too_many_english_words",
      params: { max: ASSET_PROMPT_LIMITS.englishWords, got: words },
    });
  return issues;
};

const ROLES = ["first_frame", "last_frame"] as const;

/**
 * sd_2.5_ORelay image_roles (item shape not shown): items { url | image_url, role }; one
 * first_frame, optionally one last_frame; never together with reference images/videos/audios.
 */
export const imageRoles: Rule = (body) => {
  const items = body.image_roles;
  if (!Array.isArray(items) || !items.length) return [];
  const issues: CatalogIssue[] = [];
  const seen: Record<string, number> = {};
  items.forEach((item, i) => {
    if (!isPlainObject(item)) {
      issues.push({
        path: ["image_roles", i],
        message: 'must be an object { "url": "https://…", "role": "first_frame" }',
        code: "image_role_object",
      });
      return;
    }
    const { url, image_url: imageUrl, role } = item;
    if (url !== undefined && imageUrl !== undefined && url !== imageUrl)
      issues.push({
        path: ["image_roles", i],
        message: "has both url and image_url with different values; give one",
        code: "image_role_url_twice",
      });
    const link = url ?? imageUrl;
    if (link === undefined)
      issues.push({
        path: ["image_roles", i, "url"],
        message: "is required (url or image_url)",
        code: "image_role_url_required",
      });
    else {
      const check = checkMediaItem(link, { assetLibrary: false });
      if (!check.ok)
        issues.push({
          path: ["image_roles", i, url !== undefined ? "url" : "image_url"],
          ...problemOf(check),
        });
    }
    if (typeof role !== "string" || !(ROLES as readonly string[]).includes(role))
      issues.push({
        path: ["image_roles", i, "role"],
        message: `must be first_frame or last_frame (got ${JSON.stringify(role ?? null)})`,
        code: "image_role_value",
        params: { got: JSON.stringify(role ?? null) },
      });
    else if ((seen[role] = (seen[role] ?? 0) + 1) > 1)
      issues.push({
        path: ["image_roles", i, "role"],
        message: `${role} is given more than once; one item per role`,
        code: "image_role_repeated",
        params: { role },
      });
  });
  if (!issues.length && !seen.first_frame)
    issues.push({
      path: ["image_roles"],
      message: "needs one first_frame item (a last_frame alone is not a scenario)",
      code: "image_role_first_missing",
    });
  const references = REFERENCE_FIELDS.filter((f) => filled(body, f));
  if (references.length)
    issues.push({
      path: ["image_roles"],
      message: `cannot be combined with ${references.join(", ")}: first-frame and first/last-frame tasks cannot be mixed with reference media`,
      code: "image_roles_mix",
      params: { fields: references },
    });
  return issues;
};

export const webSearchTools: Rule = (body) => {
  if (!Array.isArray(body.tools)) return [];
  let seen = false;
  return body.tools.flatMap((tool, i): CatalogIssue[] => {
    const type = isPlainObject(tool) ? tool.type : undefined;
    if (type !== "web_search") {
      const got = type === undefined ? JSON.stringify(tool) : `type ${JSON.stringify(type)}`;
      return [
        {
          path: ["tools", i],
          message: `unsupported tool: the only supported entry is { "type": "web_search" } (got ${got})`,
          code: "tool_unsupported",
          params: { got },
        },
      ];
    }
    if (seen)
      return [{ path: ["tools", i], message: "web_search is listed more than once", code: "tool_repeated" }];
    seen = true;
    return [];
  });
};

export const objectTools: Rule = (body) =>
  Array.isArray(body.tools)
    ? body.tools.flatMap((tool, i) =>
        isPlainObject(tool)
          ? []
          : [
              {
                path: ["tools", i],
                message: "must be a tool configuration object",
                code: "tool_object" as const,
              },
            ],
      )
    : [];

const RULES: Record<RuleName, Rule> = {
  "scenario-exclusivity": scenarioExclusivity,
  "last-image-needs-first": lastImageNeedsFirst,
  "audio-needs-reference": audioNeedsReference,
  "asset-prompt-limits": assetPromptLimits,
  "image-roles": imageRoles,
  "web-search-tools": webSearchTools,
  "object-tools": objectTools,
};

export function applyRules(model: ModelDef, body: Body): CatalogIssue[] {
  return (model.rules ?? []).flatMap((name) => RULES[name](body, model));
}
