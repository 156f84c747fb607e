import { createTranslator } from "next-intl";
import { failureMessage } from "@/components/i18n/failure-message";
import { readFailure, type Failure } from "@/lib/errors";
import en from "@/messages/en.json";
import zhCN from "@/messages/zh-CN.json";

const messages = zhCN as typeof en;
const zh = createTranslator({ locale: "zh-CN", messages, namespace: "failures" });
const zhErrors = createTranslator({ locale: "zh-CN", messages, namespace: "errors" });

/** A kept failure as a Chinese page words it (components/i18n/failure-message.ts). */
export function inChinese(failure: Failure | null): string {
  return failureMessage(zh, zhErrors, "zh-CN", failure);
}

/** A row's kept failure (its three columns) as a Chinese page words it. */
export function rowInChinese<C extends string = "error">(
  row: Partial<Record<NoInfer<C> | `${NoInfer<C>}Code` | `${NoInfer<C>}Params`, string | null>>,
  column: C = "error" as C,
): string {
  return inChinese(readFailure(row, column));
}
