// A studio process admitting submissions for one user, for the test that two processes never both
// pass a budget: `tsx admit-process.ts <DATABASE_URL> <user id> <model> <attempts>`. Says "ready",
// reads a start time (epoch ms) from stdin, starts all attempts at once then, keeps what it admitted reserved (as a submit does
// until its task row is stored), and prints how many were admitted and refused.
import { createDb } from "../../db-client";
import { isStudioError } from "../../errors";
import { admitSubmission } from "../budget-check";

const [databaseUrl, userId, model, attempts] = process.argv.slice(2);
const db = createDb(databaseUrl);
await db.$queryRaw`SELECT 1`;
console.log("ready");
const startAt = await new Promise<string>((resolve) => process.stdin.once("data", (d) => resolve(String(d))));
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
const outcomes = await Promise.allSettled(
  Array.from({ length: Number(attempts) }, () =>
    admitSubmission(db, userId, [{ model, body: { model, prompt: "p" } }], { limiter: null }),
  ),
);
const refused = outcomes.filter((o) => o.status === "rejected");
for (const o of refused) if (!isStudioError(o.reason)) throw o.reason;
console.log(JSON.stringify({ admitted: outcomes.length - refused.length, refused: refused.length }));
await db.$disconnect();
