/**
 * The title a conversation is created with and keeps until its first question names it (lib/chat/send.ts).
 * Browser-safe: the chat shows it in the page's language rather than as stored.
 */
export const DEFAULT_TITLE = "New chat";
