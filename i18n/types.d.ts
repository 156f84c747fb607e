import type en from "../messages/en.json";
import type { Locale } from "../lib/i18n/locales";

// Message keys are checked at compile time against the English file (lib/i18n/messages.test.ts
// checks that Chinese has the same keys).
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
