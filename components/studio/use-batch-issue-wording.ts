"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import { getModel } from "@/lib/catalog";
import { batchIssueMessage, type BatchIssue } from "./batch-issue-message";
import { issuePathToField, paramForField } from "./form-values";
import { useParamLabel } from "./use-param-label";

/**
 * A batch's problems in the page's language (batch-issue-message.ts), each field named by its label
 * there for the model it concerns. `line`: one line of the batch's list, with the model or item and
 * variations; `sentence`: the same without them, inside that model's own panel.
 */
export function useBatchIssueWording() {
  const t = useTranslations("batchPlanIssues");
  const tIssues = useTranslations("issues");
  const locale = useLocale();
  const label = useParamLabel();

  const fieldLabel = useCallback(
    (issue: BatchIssue): string | undefined => {
      const model = issue.model ? getModel(issue.model) : undefined;
      const field = issuePathToField(issue.field ?? "");
      const param = model && field ? paramForField(model, field) : undefined;
      if (!param) return undefined;
      const name = label(param.label);
      const [index] = field.slice(param.name.length + 1).split(".");
      return /^\d+$/.test(index ?? "") ? tIssues("item", { field: name, n: Number(index) + 1 }) : name;
    },
    [label, tIssues],
  );

  const line = useCallback(
    (issue: BatchIssue) => batchIssueMessage(t, tIssues, locale, issue, fieldLabel(issue)),
    [t, tIssues, locale, fieldLabel],
  );
  const sentence = useCallback(
    (issue: BatchIssue) =>
      batchIssueMessage(t, tIssues, locale, issue, fieldLabel(issue), { withPlace: false }),
    [t, tIssues, locale, fieldLabel],
  );

  return useMemo(() => ({ line, sentence }), [line, sentence]);
}
