import type { createTranslator } from "next-intl";
import { wordIssueRule, type IssuesTranslator } from "@/components/i18n/issue-message";
import { SERVER_LOCALE } from "@/lib/i18n/locales";

type IntlMessages = typeof import("@/messages/en.json");
export type BatchPlanTranslator = ReturnType<typeof createTranslator<IntlMessages, "batchPlanIssues">>;
type Key = Parameters<BatchPlanTranslator>[0];

/**
 * A problem of a batch before it is sent: one of the plan's (lib/batches/plan.ts PlanIssue: which
 * model or item, which variations, which field) or one the server answered (path, message, code,
 * params only). `message` is the whole English line.
 */
export type BatchIssue = {
  path: string;
  message: string;
  code?: string;
  params?: Record<string, unknown>;
  /** The rule alone, in English ("must be 768P (got "1080p")"); `message` when not given. */
  rule?: string;
  /** Which model or item of the request, 0-based; -1 (or none): the batch as a whole. */
  source?: number;
  model?: string;
  field?: string;
  /** The variations concerned as the English line names them (" #1–2", or ""). */
  variationTag?: string;
};

/** The request's own fields (messages batchPlanIssues.fields.*): a batch-level issue names them. */
const BATCH_FIELDS = new Set(["title", "models", "body", "overrides", "items", "variations", "intervalMs"]);

/**
 * One line of a batch's problems in the page's language. English keeps the plan's own line
 * ("sd2_disc_nvid #1–2 · duration: must be …"); another language words the rule from its code —
 * the batch's own rules (batchPlanIssues.batch_…) or the catalog's (issues.*, with the field's
 * label given as `fieldLabel`) — behind the model or item and variations it concerns (unless
 * `withPlace` is false: inside that model's own panel). A rule it cannot word shows the English.
 */
export function batchIssueMessage(
  t: BatchPlanTranslator,
  tIssues: IssuesTranslator,
  locale: string,
  issue: BatchIssue,
  fieldLabel?: string,
  options: { withPlace?: boolean } = {},
): string {
  if (locale === SERVER_LOCALE) return issue.message;
  const withPlace = options.withPlace ?? true;
  const sentence = wordRule(t, tIssues, issue, fieldLabel ?? fieldName(t, issue));
  if (sentence === null)
    return withPlace || !issue.rule ? issue.message : `${issue.field || "body"}: ${issue.rule}`;
  const where = withPlace ? placeOf(t, issue) : "";
  return where ? t("line", { where, issue: sentence }) : sentence;
}

function wordRule(
  t: BatchPlanTranslator,
  tIssues: IssuesTranslator,
  issue: BatchIssue,
  field: string,
): string | null {
  const code = issue.code;
  // Codes come from the plan and the server at run time: `t.has` checks the key before it is used.
  if (code?.startsWith("batch_") && t.has(code as Key)) {
    const values: Record<string, string | number> = { field };
    for (const [name, value] of Object.entries(issue.params ?? {})) {
      if (Array.isArray(value)) values[name] = value.map(String).join(tIssues("listSeparator"));
      else if (typeof value === "number" || typeof value === "string") values[name] = value;
    }
    const sentence = t(code as Key, values);
    // next-intl answers a message it could not format (a param missing) with its key path.
    return sentence === `batchPlanIssues.${code}` ? null : sentence;
  }
  const rule = wordIssueRule(tIssues, { message: issue.rule ?? issue.message, code, params: issue.params });
  if (rule === null) return null;
  return field ? tIssues("field", { field, rule }) : rule;
}

/**
 * The field as the line names it without a catalog label: its name, a field of the batch request
 * by its name in the page's language (also for one entry of it: "models.1"), else its path.
 */
function fieldName(t: BatchPlanTranslator, issue: BatchIssue): string {
  if (issue.field) return issue.field;
  const head = /^(\w+)(?:\.\d+|\[\d+\])?$/.exec(issue.path)?.[1];
  return head && BATCH_FIELDS.has(head) ? t(`fields.${head}` as Key) : issue.path;
}

/** The model (models mode) or item (items mode) and the variations an issue concerns; "" for the batch. */
function placeOf(t: BatchPlanTranslator, issue: BatchIssue): string {
  if (issue.source === undefined || issue.source < 0 || !issue.model) return "";
  const source = issue.path.startsWith("items[")
    ? t("item", { n: issue.source + 1, model: issue.model })
    : issue.model;
  return `${source}${issue.variationTag ?? ""}`;
}
