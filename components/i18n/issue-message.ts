import type { createTranslator } from "next-intl";

type IntlMessages = typeof import("@/messages/en.json");
export type IssuesTranslator = ReturnType<typeof createTranslator<IntlMessages, "issues">>;
type Key = Parameters<IssuesTranslator>[0];

/** A field issue as the server answers it and the catalog's checks make it (lib/catalog/issues.ts). */
export type WordableIssue = { message: string; code?: string; params?: Record<string, unknown> };

/** The language the server and the catalog write `message` in. */
const SOURCE_LOCALE = "en";

/** The params each code's message needs: without one, the English `message` is shown. */
const REQUIRED_PARAMS: Record<string, string[]> = {
  invalid_type: ["expected"],
  unknown_field: ["model", "accepted"],
  unknown_keys: ["keys"],
  given_twice: ["name"],
  alias_conflict: ["canonical"],
  range: ["min", "max"],
  too_small: ["min"],
  too_large: ["max"],
  equals: ["value"],
  not_one_of: ["allowed"],
  too_short: ["min"],
  too_long: ["max"],
  too_many_chinese_characters: ["max"],
  too_many_english_words: ["max"],
  pattern: ["rule"],
  invalid_format: ["format"],
  item_count: ["count"],
  too_few_items: ["min"],
  too_many_items: ["max"],
  media_empty: ["accepts"],
  media_base64: ["accepts"],
  media_asset_not_allowed: ["models"],
  media_not_url: ["accepts"],
  media_protocol: ["protocol", "accepts"],
  json_invalid: ["shape", "error"],
  json_shape: ["shape"],
  advanced_conflict: ["name"],
  scenario_mix: ["fields"],
  audio_needs_reference: ["needs"],
  image_role_repeated: ["role"],
  image_roles_mix: ["fields"],
  content_type: ["expected"],
  field_too_large: ["maxBytes"],
  model_is_name: ["name"],
  model_unknown: ["value"],
};

/** Codes that are not the name of a rule message (the wrappers) and the fallback code. */
const NOT_RULES = new Set(["field", "item", "got", "listSeparator", "invalid"]);

/**
 * The rule of an issue in the messages' language, from its code and params ("须为 6、10 之一
 * （当前为 7）"), or null when there is no message for the code or a param it needs is missing.
 * Lists are joined the language's way; `got` (the rejected value) is added when the issue has it.
 */
export function wordIssueRule(t: IssuesTranslator, issue: WordableIssue): string | null {
  const code = issue.code;
  // Codes come from the server at run time: `t.has` checks the key before it is used.
  if (!code || NOT_RULES.has(code) || !t.has(code as Key)) return null;
  const params = issue.params ?? {};
  if ((REQUIRED_PARAMS[code] ?? []).some((name) => params[name] === undefined || params[name] === null))
    return null;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (Array.isArray(value)) values[name] = value.map(String).join(t("listSeparator"));
    else if (typeof value === "number" || typeof value === "string") values[name] = value;
    else if (typeof value === "boolean") values[name] = String(value);
  }
  const rule = t(code as Key, values);
  const got = values.got;
  return got === undefined ? rule : t("got", { rule, got });
}

/**
 * A field issue in the page's language, naming the field (`field`: its label in that language) when
 * given. English pages keep `message` as the server and the catalog wrote it (API clients read the
 * same words); another language words it from code + params, or shows the English when it cannot.
 */
export function issueMessage(
  t: IssuesTranslator,
  locale: string,
  issue: WordableIssue,
  field?: string,
): string {
  if (locale === SOURCE_LOCALE) return issue.message;
  const rule = wordIssueRule(t, issue);
  if (rule === null) return field ? `${field}: ${issue.message}` : issue.message;
  return field ? t("field", { field, rule }) : rule;
}
