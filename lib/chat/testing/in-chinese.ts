/**
 * A message's kept sentences as a Chinese page words them (components/i18n/failure-message.ts with
 * the real zh-CN messages), for the chat's tests.
 */
import { createTranslator } from "next-intl";
import { failureMessage } from "../../../components/i18n/failure-message";
import type { Failure } from "../../errors";
import en from "../../../messages/en.json";
import zhCN from "../../../messages/zh-CN.json";
import { errorFailure, noticeFailures } from "../message-failures";
import type { MessageView } from "../types";

const messages = zhCN as typeof en;
const zh = createTranslator({ locale: "zh-CN", messages, namespace: "failures" });
const zhErrors = createTranslator({ locale: "zh-CN", messages, namespace: "errors" });

export const inChinese = (failure: Failure) => failureMessage(zh, zhErrors, "zh-CN", failure);

/** The answer's error sentence on a Chinese page ("" when there is none). */
export const chineseError = (message: MessageView) =>
  message.error ? inChinese(errorFailure(message.error)) : "";

/** The answer's notices on a Chinese page. */
export const chineseNotices = (message: MessageView) => noticeFailures(message).map(inChinese);
