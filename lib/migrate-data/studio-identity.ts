import { randomUUID } from "node:crypto";
import type { Db } from "../db-client";
import { StudioError } from "../errors";
import { delegate } from "./copy-rows";
import type { ModelTable } from "./models";

/** The StudioSetting that names a studio's data: written into the source once, copied first. */
export const STUDIO_ID_KEY = "studio.id";

/**
 * The source's identity: a random id kept as a StudioSetting, made on the first copy (the one
 * write this command makes to the source). It travels with the rows, so a target holding it holds
 * this studio's data, and a target holding rows without it holds someone else's.
 */
export async function ensureStudioId(source: Db) {
  return source.studioSetting.upsert({
    where: { key: STUDIO_ID_KEY },
    create: { key: STUDIO_ID_KEY, value: randomUUID() },
    update: {},
  });
}

export type TargetState = "empty" | "resumed";

/**
 * Whether the copy may write into the target: an empty database (then the identity row is written
 * before any other row, so an interrupted copy is always recognised), or one whose identity row is
 * the source's (an earlier run of this copy). Anything else is refused, naming what is there.
 */
export async function claimTarget(
  target: Db,
  identity: { key: string; value: string; createdAt: Date },
  tables: ModelTable[],
): Promise<TargetState> {
  const marker = await target.studioSetting.findUnique({ where: { key: STUDIO_ID_KEY } });
  if (marker?.value === identity.value) return "resumed";
  if (marker) {
    throw new StudioError(
      "conflict",
      `The target database holds another studio's data (studio id ${marker.value}; this studio is ${identity.value}). Give an empty database.`,
    );
  }
  const occupied: string[] = [];
  for (const table of tables) {
    const rows = await delegate(target, table.model).count();
    if (rows) occupied.push(`${table.model} (${rows})`);
  }
  if (occupied.length) {
    throw new StudioError(
      "conflict",
      `The target database already holds rows this copy did not write: ${occupied.join(", ")}. Give an empty database (a studio started on it makes rows too).`,
    );
  }
  // The target is PostgreSQL: skipDuplicates exists there (the SQLite client's type lacks it).
  await delegate(target, "StudioSetting").createMany({ data: [identity], skipDuplicates: true });
  // Another copy may have claimed the same empty database a moment ago.
  const claimed = await target.studioSetting.findUnique({ where: { key: STUDIO_ID_KEY } });
  if (claimed?.value !== identity.value)
    throw new StudioError("conflict", "Another copy into the target database began at the same time.");
  return "empty";
}
