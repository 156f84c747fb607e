/**
 * A message's kept sentences as a Chinese page words them (components/i18n/failure-message.ts with
 * the real zh-CN messages), for the chat's tests.
 */
import { inChinese } from "../../testing/zh-failure";
import { errorFailure, noticeFailures } from "../message-failures";
import type { MessageView } from "../types";

export { inChinese };

/** The answer's error sentence on a Chinese page ("" when there is none). */
export const chineseError = (message: MessageView) =>
  message.error ? inChinese(errorFailure(message.error)) : "";

/** The answer's notices on a Chinese page. */
export const chineseNotices = (message: MessageView) => noticeFailures(message).map((n) => inChinese(n));
