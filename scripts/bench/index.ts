// `npm run bench`: every benchmark in turn, each in its own process so one's warm caches and
// open handles cannot flatter another.
import { spawnSync } from "node:child_process";
import path from "node:path";

const benches: string[][] = [["gallery.ts", "--http"], ["chat-proxy.ts"]];
let failed = false;
for (const [file, ...args] of benches) {
  console.log(`\n=== ${file}`);
  const result = spawnSync("npx", ["tsx", path.join(import.meta.dirname, file), ...args], {
    stdio: "inherit",
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
