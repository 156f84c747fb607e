import type { Viewer } from "../auth/scope";
import type { Db } from "../db";
import { StudioError } from "../errors";
import { tasksZipResponse } from "../gallery/zip";
import { collectionAccess } from "./access";

/**
 * The gallery zip (files + params.json) of a collection's items in its order, or of its approved
 * items only. Anyone who can view the collection may take it: they already see every file.
 */
export async function collectionZipResponse(
  db: Db,
  viewer: Viewer,
  collectionId: string,
  options: { approvedOnly?: boolean } = {},
): Promise<Response> {
  await collectionAccess(db, viewer, collectionId, "view");
  const [collection, places] = await Promise.all([
    db.collection.findUniqueOrThrow({ where: { id: collectionId }, select: { name: true } }),
    db.collectionItem.findMany({
      where: { collectionId, ...(options.approvedOnly ? { approval: "approved" } : {}) },
      orderBy: [{ position: "asc" }, { taskId: "asc" }],
      select: { taskId: true },
    }),
  ]);
  if (places.length === 0) {
    throw new StudioError(
      "not_found",
      options.approvedOnly ? "No item of this collection is approved yet." : "This collection has no items.",
    );
  }
  // A header value is Latin-1: the file name keeps ASCII letters and digits only.
  const slug =
    collection.name
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "collection";
  return tasksZipResponse(
    db,
    { collectionItems: { some: { collectionId } } },
    places.map((p) => p.taskId),
    { label: `${slug}${options.approvedOnly ? "_approved" : ""}`, params: true },
  );
}
