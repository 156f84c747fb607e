/**
 * Which messages a new question replaces. When the upstream refuses a normal send outright, the
 * question and its empty error answer stay in the thread and the composer gets the draft back;
 * resending that draft names the failed question (`replaceFailed`) and replaces the pair, so the
 * conversation holds the question once. Nothing else is ever replaced: a failed regenerate or edit,
 * or a send that does not name the failed question, keeps every earlier turn. Browser-safe: the
 * server (lib/chat/send.ts) and the browser's cached thread (use-chat-stream.ts) both use it.
 */
type ThreadMessage = { id: string; role: string; status: string };

export function replacedExchange<M extends ThreadMessage>(
  thread: M[],
  textOf: (message: M) => string,
  replaceFailed: string | undefined,
): M[] {
  if (!replaceFailed) return [];
  const [question, answer] = thread.slice(-2);
  const failedOutright =
    question?.role === "user" &&
    question.id === replaceFailed &&
    answer?.role === "model" &&
    answer.status === "error" &&
    !textOf(answer);
  return failedOutright ? [question, answer] : [];
}
