import { roleRank } from "../upstream/normalize-task";

/**
 * The one order a task's files are shown in, by every API and page: results, then the last frame,
 * then the upstream's extra copies; within a role, as created (Media ids are cuids, which sort by
 * creation), i.e. in the order the upstream listed them.
 */
export function sortMedia<T extends { role: string; id: string }>(media: readonly T[]): T[] {
  return [...media].sort(
    (a, b) => roleRank(a.role) - roleRank(b.role) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
