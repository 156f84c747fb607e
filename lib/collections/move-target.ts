/**
 * Browser-safe: the one move of a collection's order is "put this item before that one (or at the
 * end)". A drag drops before the item under the pointer; the keyboard's up/down steps are the same
 * move, computed here from the order the page shows.
 */
export function stepTarget(
  order: readonly string[],
  taskId: string,
  step: -1 | 1,
): string | null | undefined {
  const index = order.indexOf(taskId);
  if (index < 0) return undefined;
  if (step === -1) return index === 0 ? undefined : order[index - 1];
  if (index === order.length - 1) return undefined;
  return order[index + 2] ?? null;
}

/** The order after moving `taskId` before `before` (null: to the end): what the page shows at once. */
export function applyMove(order: readonly string[], taskId: string, before: string | null): string[] {
  const rest = order.filter((id) => id !== taskId);
  const at = before === null ? rest.length : rest.indexOf(before);
  if (at < 0) return [...order];
  return [...rest.slice(0, at), taskId, ...rest.slice(at)];
}
