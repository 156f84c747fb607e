import format from "icu-minify/format";
import type { CompiledMessage } from "icu-minify/format";
import type en from "../../messages/en.json";

/**
 * The share page's messages (the `sharePage` namespace), compiled on the server to icu-minify's
 * compact form and formatted in the browser by its small runtime: the page carries no next-intl
 * and no ICU parser (docs/decisions/i18n.md). Browser-safe.
 */
type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type SharePageKey = Leaves<(typeof en)["sharePage"]>;
export type CompiledMessages = Partial<Record<SharePageKey, CompiledMessage>>;
export type MessageValues = Record<string, string | number>;

const formatters = {
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) =>
    new Intl.DateTimeFormat(...args),
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) =>
    new Intl.NumberFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};

/** One message in `locale`; a key without a message shows as the key (a bug, not a blank). */
export function formatCompiled(
  messages: CompiledMessages,
  locale: string,
  key: SharePageKey,
  values?: MessageValues,
): string {
  const message = messages[key];
  if (message === undefined) return key;
  const out = format(message, locale, values, { formatters });
  return Array.isArray(out) ? out.join("") : String(out);
}
