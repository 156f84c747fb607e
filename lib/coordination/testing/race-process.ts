import { createInterface } from "node:readline";
import { createDb } from "../../db-client";
import { raceOnce } from "./race";

/**
 * Another studio process racing this one on the coordination primitives: argv = database URL,
 * conversation id of the lease, token prefix. Prints "ready" once connected, starts at "go" on
 * stdin, prints its outcome as one JSON line.
 */
const [url, conversationId, prefix] = process.argv.slice(2);
const db = createDb(url);
await db.$queryRaw`SELECT 1`;
process.stdout.write("ready\n");
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line !== "go") continue;
  process.stdout.write(`${JSON.stringify(await raceOnce(db, conversationId, prefix))}\n`);
  break;
}
lines.close();
await db.$disconnect();
