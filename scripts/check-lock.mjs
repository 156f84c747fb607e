// `npm ci` fails on a fresh machine when package-lock.json lacks an optional platform package that
// a dependency names, although `npm install` here succeeds. Catch that before CI does.
import fs from "node:fs";

const lock = JSON.parse(fs.readFileSync(new URL("../package-lock.json", import.meta.url), "utf8"));
const missing = [];
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!lock.packages[`node_modules/${name}`] && !lock.packages[`${location}/node_modules/${name}`]) {
      missing.push(`${location || "(root)"} -> ${name}`);
    }
  }
}
if (missing.length > 0) {
  console.error(
    `package-lock.json misses optional platform packages (npm ci would fail):\n  ${missing.join("\n  ")}`,
  );
  process.exit(1);
}
