"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import type { ModelDef } from "@/lib/catalog";
import { issueMessage, type WordableIssue } from "@/components/i18n/issue-message";
import { issuePathToField, paramForField } from "./form-values";
import { useParamLabel } from "./use-param-label";

/** An issue of the catalog (path as an array) or of the server (path as "reference_images[2]"). */
export type PathedIssue = WordableIssue & { path: string | readonly (string | number)[] };

const fieldOf = (path: PathedIssue["path"]) =>
  typeof path === "string" ? issuePathToField(path) : path.map(String).join(".");

/**
 * Field issues of a model's form in the page's language (issue-message.ts), each naming its field by
 * its label there ("时长（秒）须为 4 到 15 之间的整数（当前为 20）"; an item: "参考图片第 2 项…").
 * `word`: the message under a field; `line`: one line of a list, where an English page keeps the
 * server's "path: message".
 */
export function useIssueWording(model: ModelDef | undefined) {
  const t = useTranslations("issues");
  const locale = useLocale();
  const label = useParamLabel();

  const fieldLabel = useCallback(
    (issue: PathedIssue): string | undefined => {
      const field = fieldOf(issue.path);
      const param = model ? paramForField(model, field) : undefined;
      if (!param) return undefined;
      const name = label(param.label);
      const [index] = field.slice(param.name.length + 1).split(".");
      return /^\d+$/.test(index ?? "") ? t("item", { field: name, n: Number(index) + 1 }) : name;
    },
    [model, label, t],
  );

  const word = useCallback(
    (issue: PathedIssue) => issueMessage(t, locale, issue, fieldLabel(issue)),
    [t, locale, fieldLabel],
  );

  const line = useCallback(
    (issue: PathedIssue) => {
      const path = typeof issue.path === "string" ? issue.path : fieldOf(issue.path);
      if (locale === "en") return path ? `${path}: ${issue.message}` : issue.message;
      return issueMessage(t, locale, issue, fieldLabel(issue) ?? (path || undefined));
    },
    [t, locale, fieldLabel],
  );

  return useMemo(() => ({ word, line }), [word, line]);
}
