import type { createTranslator } from "next-intl";
import { ApiError } from "@/components/api-client";
import { formatBytes } from "@/lib/format/bytes";
import { SERVER_LOCALE } from "@/lib/i18n/locales";

type IntlMessages = typeof import("@/messages/en.json");
export type IssuesTranslator = ReturnType<typeof createTranslator<IntlMessages, "issues">>;
type Key = Parameters<IssuesTranslator>[0];

/** A field issue as the server answers it and the catalog's checks make it (lib/catalog/issues.ts). */
export type WordableIssue = { message: string; code?: string; params?: Record<string, unknown> };
/** An issue of a refused request: `path` names its field ("expiresAt", "reference_images[2]"). */
export type PathedApiIssue = WordableIssue & { path: string };

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
  each_one_of: ["allowed"],
  chain_no_first_frame: ["model"],
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
  at_least_one_of: ["fields"],
  exactly_one_of: ["fields"],
  greater_than: ["value"],
  not_after: ["other"],
  not_before: ["other"],
  max_days: ["max"],
  file_too_large: ["maxBytes"],
  fetch_status: ["status"],
  fetch_timeout: ["seconds"],
  moment_after_end: ["duration"],
  shape_edge: ["edge"],
};

/** Codes that are not the name of a rule message (the wrappers) and the fallback code. */
const NOT_RULES = new Set([
  "field",
  "item",
  "got",
  "gotKind",
  "listSeparator",
  "pathLine",
  "lineSeparator",
  "invalid",
]);

/**
 * How lib/catalog/describe-value.ts `shortValue` writes a rejected list or object as `got` (a
 * rejected text is quoted, so these words can only mean the kind): worded in the page's language.
 */
const GOT_KINDS: Record<string, "list" | "object"> = { "a list": "list", "an object": "object" };

/**
 * The rule of an issue in the messages' language, from its code and params ("须为 6、10 之一
 * （当前为 7）"), or null when there is no message for the code or a param it needs is missing.
 * Lists are joined the language's way; `got` (the rejected value) is added when the issue has it.
 * A size in bytes (`maxBytes`) is also given as `maxSize`, written for `locale` ("50 MB").
 */
export function wordIssueRule(
  t: IssuesTranslator,
  issue: WordableIssue,
  locale: string = SERVER_LOCALE,
): string | null {
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
  if (typeof params.maxBytes === "number") values.maxSize = formatBytes(params.maxBytes, locale);
  const rule = t(code as Key, values);
  const got = values.got;
  if (got === undefined) return rule;
  const kind = typeof got === "string" ? GOT_KINDS[got] : undefined;
  return kind ? t(`gotKind.${kind}`, { rule }) : t("got", { rule, got });
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
  if (locale === SERVER_LOCALE) return issue.message;
  const rule = wordIssueRule(t, issue, locale);
  if (rule === null) return field ? `${field}: ${issue.message}` : issue.message;
  return field ? t("field", { field, rule }) : rule;
}

/**
 * A refused request's issues as one line, each after its path, for a form that has no field to put
 * them on ("expiresAt：须为将来的时间；password：至少需要 6 个字符"). English pages keep the server's
 * "path: message" as written.
 */
export function issuesLine(t: IssuesTranslator, locale: string, issues: readonly PathedApiIssue[]): string {
  const line = (issue: PathedApiIssue) => {
    const rule =
      locale === SERVER_LOCALE ? issue.message : (wordIssueRule(t, issue, locale) ?? issue.message);
    return issue.path ? t("pathLine", { path: issue.path, rule }) : rule;
  };
  return issues.map(line).join(t("lineSeparator"));
}

/**
 * A failed request whose server sentence (English) is replaced by its issues worded for `locale`, so
 * that error-message.ts's `{serverText}` ("请求不符合规则：{serverText}") is in the page's language;
 * anything else (an English page, an error without issues) as it is.
 */
export function withWordedIssues(t: IssuesTranslator, locale: string, error: unknown): unknown {
  if (locale === SERVER_LOCALE || !(error instanceof ApiError) || !error.issues.length) return error;
  const { status, code, issues, details } = error;
  return new ApiError(status, code, issuesLine(t, locale, issues), issues, details);
}
