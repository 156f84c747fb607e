import "server-only";
import compile from "icu-minify/compile";
import en from "../../messages/en.json";
import zh from "../../messages/zh-CN.json";
import {
  formatCompiled,
  type CompiledMessages,
  type MessageValues,
  type SharePageKey,
} from "../i18n/compiled-messages";
import type { Locale } from "../i18n/locales";

// The share page's own words, the review components' (comments, approval) it shows, and the field
// issues a guest's comment or verdict can be refused with (components/i18n/issue-message.ts).
const SOURCES: Record<Locale, Record<string, unknown>> = {
  en: { ...en.sharePage, review: en.review, issues: en.issues },
  "zh-CN": { ...zh.sharePage, review: zh.review, issues: zh.issues },
};
const compiled = new Map<Locale, CompiledMessages>();

/**
 * The tree's messages by dotted key. In the built server the JSON files arrive already compiled
 * (next.config.mjs: next-intl's `precompile` turns every message into icu-minify's form, an array
 * for anything but plain text), so a leaf is a string or such an array; under tsx and vitest they
 * are the ICU text as written.
 */
function flatten(tree: Record<string, unknown>, prefix = ""): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" || Array.isArray(value)
      ? [[`${prefix}${key}`, value] as [string, unknown]]
      : flatten(value as Record<string, unknown>, `${prefix}${key}.`),
  );
}

/** The share page's messages in `locale`, compiled once per process (the page hands them to its script). */
export function sharePageMessages(locale: Locale): CompiledMessages {
  let messages = compiled.get(locale);
  if (!messages) {
    messages = Object.fromEntries(
      flatten(SOURCES[locale]).map(([key, text]) => [key, typeof text === "string" ? compile(text) : text]),
    ) as CompiledMessages;
    compiled.set(locale, messages);
  }
  return messages;
}

/** One share-page message formatted on the server (the document's title, the "gone" page). */
export function sharePageText(locale: Locale, key: SharePageKey, values?: MessageValues): string {
  return formatCompiled(sharePageMessages(locale), locale, key, values);
}
