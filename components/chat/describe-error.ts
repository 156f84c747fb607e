import type { createTranslator } from "next-intl";
import { errorKind } from "@/lib/chat/error-advice";
import type { MessageError } from "@/lib/chat/types";

type IntlMessages = typeof import("@/messages/en.json");
export type ChatTranslator = ReturnType<typeof createTranslator<IntlMessages, "chat">>;

/** A failed or cut-off answer's title and what the user can do about it, in the page's language. */
export function describeError(
  t: ChatTranslator,
  error: Pick<MessageError, "code" | "status">,
): { title: string; advice: string } {
  const kind = errorKind(error);
  return { title: t(`error.${kind}.title`), advice: t(`error.${kind}.advice`) };
}
