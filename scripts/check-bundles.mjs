// After `next build`: each app page's first-load JavaScript, gzipped, against its budget. Exits 1
// when a page is over. First load = the chunks every page boots with (build-manifest.json
// rootMainFiles) plus the chunks of the page's entries (its layouts, page, error and not-found
// boundaries: entryJSFiles of <dist>/server/app/<route>/page_client-reference-manifest.js). Chunks
// loaded later (React.lazy, import()) are not counted: that is the point of loading them later, nor
// are the nomodule polyfills (polyfillFiles), which browsers with ES modules never fetch.
// A share link's page (/s/<token>) is no app-router page: app/s/[token]/route.ts renders its HTML
// with ONE script, the review UI built on preact/compat by scripts/build-share-client.mjs, named
// in <dist>/share-client.json; that script is what a guest's browser loads, and what is measured.
// Usage: node scripts/check-bundles.mjs   (honours NEXT_DIST_DIR, default .next)
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";

const KIB = 1024;
/** Budgets in KiB of gzip: `default` for every page, or a route's own. */
// A share link's page is opened by clients on any connection, often on a phone: issue 21 asks for
// 120 KiB. The chunks every app-router page boots with (React DOM and Next's router) weigh 129 KiB,
// which is why that page is served without them (docs/decisions/review-links.md).
const BUDGETS = { default: 200, "/s/[token]": 120 };

const root = path.resolve(import.meta.dirname, "..");
const dist = path.resolve(root, process.env.NEXT_DIST_DIR || ".next");
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(dist, file), "utf8"));

if (!fs.existsSync(path.join(dist, "build-manifest.json"))) {
  console.error(`No build in ${path.relative(root, dist) || "."}: run \`next build\` first.`);
  process.exit(1);
}

const { rootMainFiles, polyfillFiles = [] } = readJson("build-manifest.json");
// "/chat/[id]/page" -> "/chat/[id]"; API routes and Next's own error pages are not pages people open.
const routes = Object.entries(readJson("app-path-routes-manifest.json"))
  .filter(([entry]) => entry.endsWith("/page") && !entry.startsWith("/_global-error"))
  .map(([entry, route]) => ({ entry, route }))
  .sort((a, b) => a.route.localeCompare(b.route));

/** The client reference manifest is a script that assigns to globalThis.__RSC_MANIFEST[entry]. */
function entryChunks(entry) {
  const file = path.join(dist, "server/app", `${entry}_client-reference-manifest.js`);
  if (!fs.existsSync(file))
    throw new Error(`${path.relative(root, file)} is missing: is this a Next 16 build?`);
  const context = { globalThis: {} };
  vm.runInNewContext(fs.readFileSync(file, "utf8"), context);
  const manifest = context.globalThis.__RSC_MANIFEST?.[entry];
  if (!manifest?.entryJSFiles)
    throw new Error(`${path.relative(root, file)} has no entryJSFiles for ${entry}`);
  return Object.values(manifest.entryJSFiles).flat();
}

const gzipCache = new Map();
function gzipSize(chunk) {
  const file = path.join(dist, chunk.replace(/^\/_next\//, ""));
  if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length);
  return gzipCache.get(file);
}

function row(route, chunks) {
  const bytes = [...chunks].reduce((sum, chunk) => sum + gzipSize(chunk), 0);
  const budget = BUDGETS[route] ?? BUDGETS.default;
  return { route, chunks: chunks.size, kib: bytes / KIB, budget, over: bytes > budget * KIB };
}

const rows = routes.map(({ entry, route }) => row(route, new Set([...rootMainFiles, ...entryChunks(entry)])));

const shareManifest = path.join(dist, "share-client.json");
if (!fs.existsSync(shareManifest)) {
  console.error(
    `${path.relative(root, shareManifest)} is missing: run \`node scripts/build-share-client.mjs\`.`,
  );
  process.exit(1);
}
rows.push(row("/s/[token]", new Set([readJson("share-client.json").js])));
rows.sort((a, b) => a.route.localeCompare(b.route));

const width = Math.max(...rows.map((row) => row.route.length), "page".length);
console.log(`${"page".padEnd(width)}  first-load JS (gzip)  budget  chunks`);
for (const row of rows) {
  const size = `${row.kib.toFixed(1)} KiB`.padStart(20);
  const budget = `${row.budget} KiB`.padStart(7);
  console.log(
    `${row.route.padEnd(width)}  ${size} ${budget}  ${String(row.chunks).padStart(6)}${row.over ? "  OVER" : ""}`,
  );
}
const polyfills = polyfillFiles.reduce((sum, chunk) => sum + gzipSize(chunk), 0);
console.log(
  `(not counted: nomodule polyfills, ${(polyfills / KIB).toFixed(1)} KiB, fetched only by browsers without ES modules)`,
);
const over = rows.filter((row) => row.over);
if (over.length > 0) {
  console.error(
    `\n${over.length} page(s) over budget: ${over.map((row) => `${row.route} ${row.kib.toFixed(1)} KiB > ${row.budget} KiB`).join(", ")}.` +
      " Load what the first view does not need with React.lazy or import().",
  );
  process.exit(1);
}
