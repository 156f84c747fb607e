import type { HealthReport } from "./check-dependencies";

/** `dependency`, `since` and `message` let a page word it in its language; text and detail are English. */
export type DependencyWarning = {
  dependency: "database" | "media";
  since: string;
  message: string;
  text: string;
  detail: string;
};

/**
 * What the header tells every user while a dependency is down (from /api/health, which is public
 * and names no address): the consequence they see first, then the health message. null while all
 * is well — a degraded upstream is the tracker badge's business.
 */
export function dependencyWarning(report: HealthReport | null | undefined): DependencyWarning | null {
  const database = report?.dependencies?.database;
  const media = report?.dependencies?.["media store"];
  if (database?.status === "down")
    return {
      dependency: "database",
      since: database.since,
      message: database.message,
      text: "The database is unavailable",
      detail: `The studio cannot load or save work right now (since ${database.since}): ${database.message} Running tasks are tracked again once it is back.`,
    };
  if (media?.status === "down")
    return {
      dependency: "media",
      since: media.since,
      message: media.message,
      text: "Downloads are failing: the media store is unavailable",
      detail: `Results cannot be stored right now (since ${media.since}): ${media.message} They are downloaded again once it is back, while their URLs last.`,
    };
  return null;
}
