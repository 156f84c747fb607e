import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import zhCN from "@/messages/zh-CN.json";
import { issueMessage, type WordableIssue } from "../issue-message";

/** The `issues` messages as a Chinese page has them. */
export const zhIssues = createTranslator({
  locale: "zh-CN",
  messages: zhCN as typeof en,
  namespace: "issues",
});

/** A field issue as a Chinese page shows it (issue-message.ts), after the field's label when given. */
export function inChinese(issue: WordableIssue, field?: string): string {
  return issueMessage(zhIssues, "zh-CN", issue, field);
}
