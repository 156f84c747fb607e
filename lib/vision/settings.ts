import "server-only";
import type { Db } from "../db";
import { spenderOf } from "../spend/owner";

/**
 * Whether results get described: on for one user (their own setting) or for everyone (an admin's
 * setting), kept as StudioSetting rows so that neither needs a column of its own. Off by default:
 * describing spends the owner's text budget.
 */
export type DescribeSettings = { mine: boolean; everyone: boolean };

const EVERYONE = "vision.describe.everyone";
const userKey = (spender: string) => `vision.describe.user.${spender}`;

export async function describeSettings(db: Db, userId: string | null): Promise<DescribeSettings> {
  const rows = await db.studioSetting.findMany({
    where: { key: { in: [EVERYONE, userKey(spenderOf(userId))] } },
    select: { key: true, value: true },
  });
  const on = (key: string) => rows.some((r) => r.key === key && r.value === "on");
  return { mine: on(userKey(spenderOf(userId))), everyone: on(EVERYONE) };
}

/** Whether a result of this owner is described once stored. */
export async function describesResultsOf(db: Db, userId: string | null): Promise<boolean> {
  const settings = await describeSettings(db, userId);
  return settings.mine || settings.everyone;
}

export async function setDescribeSetting(
  db: Db,
  which: { userId: string | null } | "everyone",
  on: boolean,
): Promise<void> {
  const key = which === "everyone" ? EVERYONE : userKey(spenderOf(which.userId));
  const value = on ? "on" : "off";
  await db.studioSetting.upsert({ where: { key }, create: { key, value }, update: { value } });
}
