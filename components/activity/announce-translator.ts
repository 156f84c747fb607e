import type { createTranslator } from "next-intl";

type IntlMessages = typeof import("@/messages/en.json");

/** The `announce` messages: toasts and system notifications in the page's language. */
export type AnnounceTranslator = ReturnType<typeof createTranslator<IntlMessages, "announce">>;
