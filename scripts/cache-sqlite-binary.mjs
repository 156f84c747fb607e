// Keeps the better-sqlite3 binary npm ci just compiled where the next install looks first.
// better-sqlite3 installs through prebuild-install, which downloads a prebuilt binary from GitHub;
// offline (this machine reaches only the npm registry) that fails and node-gyp compiles SQLite,
// ~50 s of one core in every clean clone's `npm ci`. prebuild-install first looks in npm's cache
// (<npm cache>/_prebuilds/<hash of the download URL>-<file name>), so after a compile this writes
// the binary there in the release tarball's layout; the next clean install on this machine unpacks
// it (and loads it to check) instead of compiling. Nothing is written when the entry exists.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const packageDir = path.resolve("node_modules/better-sqlite3");
const binary = "build/Release/better_sqlite3.node";
if (!fs.existsSync(path.join(packageDir, binary))) process.exit(0);

const require = createRequire(path.join(packageDir, "package.json"));
const pkg = require("./package.json");
const util = require("prebuild-install/util");
const rc = require("prebuild-install/rc")(pkg);
const cached = util.cachedPrebuild(util.getDownloadUrl({ ...rc, pkg }));
if (fs.existsSync(cached)) process.exit(0);

fs.mkdirSync(path.dirname(cached), { recursive: true });
const partial = `${cached}.${process.pid}.partial`;
execFileSync("tar", ["-czf", partial, "-C", packageDir, binary]);
fs.renameSync(partial, cached);
console.log(`› kept the compiled better-sqlite3 binary for the next install (${cached})`);
