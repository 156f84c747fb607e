// Which vitest files open a database, and which of those must also run on PostgreSQL. The rule
// (docs/decisions/testing.md): a database test runs on both databases when the code it runs — its
// own text, or any module it reaches through imports, past the database plumbing every such test
// passes through — contains raw SQL, a dialect branch or a lease column. Search is raw SQL on both
// (FTS5 / tsvector) and row locks are dialect branches (forUpdate…), so both are covered.
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

export const MARKERS = {
  "raw SQL": /\$(?:queryRaw|executeRaw)(?:Unsafe)?\b/,
  "a dialect branch":
    /\bsqlDialect\(|\bforUpdate(?:SkipLocked)?\(|\bcontainsIgnoringCase\(|\bpostgresTestSettings\(|["']postgresql["']/,
  "a lease": /\b(?:pollLeaseUntil|leaseUntil|answerLeaseId|answerLeaseUntil)\b/,
  // Leases, counters, paces and turns written once for both databases (lib/coordination/): their
  // users' tests run on both, as they did when each user wrote its own SQL.
  "a coordination primitive": /["'][^"']*\/coordination\/[\w-]+["']/,
};

// Modules every database test reaches (they define the dialect helpers and open the client): a
// marker here says nothing about the test, so the import walk stops at them.
const PLUMBING = [/^lib\/db(?:-client|-dialect)?\.ts$/, /^lib\/testing\//, /^lib\/generated\//];
const TEMP_DB = "lib/testing/temp-db.ts";

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const importsCache = new Map();
/** Relative and "@/" imports of a file, as repository-relative paths of files that exist. */
export function importsOf(file) {
  if (importsCache.has(file)) return importsCache.get(file);
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+|@\/[^"']+)["']/g)];
  const found = specifiers
    .map(([, spec]) => {
      const base = spec.startsWith("@/")
        ? path.join(root, spec.slice(2))
        : path.resolve(path.dirname(path.join(root, file)), spec);
      return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
        (f) => fs.existsSync(f) && fs.statSync(f).isFile(),
      );
    })
    .filter(Boolean)
    .map((f) => path.relative(root, f));
  importsCache.set(file, found);
  return found;
}

export function testFiles() {
  return ["lib", "app", "scripts", "components"]
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .map((f) => path.relative(root, f))
    .filter((f) => f.endsWith(".test.ts"))
    .sort();
}

function reaches(file, target, seen = new Set()) {
  if (file === target) return true;
  if (seen.has(file)) return false;
  seen.add(file);
  return importsOf(file).some((dep) => reaches(dep, target, seen));
}

/** Test files that open a database (lib/testing/temp-db.ts, directly or through a fixture). */
export function databaseTestFiles() {
  return testFiles().filter((f) => reaches(f, TEMP_DB));
}

/** The folder a file's code belongs to: lib/<area>/ (or the lib file itself), app/, scripts/, components/. */
export function areaOf(file) {
  const parts = file.split("/");
  return parts[0] === "lib" && parts.length > 2
    ? `lib/${parts[1]}/`
    : parts.length > 2 || parts[0] !== "lib"
      ? `${parts[0]}/`
      : file;
}

// Comments may name a lease or a query; only code counts.
function codeOf(file) {
  return fs
    .readFileSync(path.join(root, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1");
}

/**
 * Why a test file is dialect-sensitive ("raw SQL in lib/tasks/claims.ts"), or null: a marker in the
 * test itself or in code of its own area that it reaches through imports (the code it tests). Code of
 * other areas is tested, on both databases where it needs it, by those areas' own tests.
 */
export function dialectReason(testFile) {
  const area = areaOf(testFile);
  const seen = new Set();
  const queue = [testFile];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file) || (file !== testFile && PLUMBING.some((p) => p.test(file)))) continue;
    if (file !== testFile && !file.startsWith(area) && file !== area) continue;
    seen.add(file);
    const text = codeOf(file);
    for (const [what, marker] of Object.entries(MARKERS)) {
      if (marker.test(text)) return `${what} in ${file}`;
    }
    queue.push(...importsOf(file));
  }
  return null;
}

/**
 * Suites that pick their databases themselves and meet PostgreSQL in every run: the move from
 * SQLite to PostgreSQL always reads a SQLite source (it sets STUDIO_TEST_DB="" for it) and writes a
 * PostgreSQL target (TEST_POSTGRES_URL), whichever run it is in, so a second run would repeat the
 * first to the letter (two minutes of CI for nothing). The meta-test holds each to that evidence.
 */
export const BOTH_DATABASES_IN_EVERY_RUN = [
  "lib/migrate-data/migrate-data.test.ts",
  "lib/migrate-data/self-references.test.ts",
];

/** The database tests the rule puts on PostgreSQL too. */
export function dialectSensitiveTestFiles() {
  return databaseTestFiles().filter(
    (f) => dialectReason(f) !== null && !BOTH_DATABASES_IN_EVERY_RUN.includes(f),
  );
}

export const POSTGRES_LIST = "scripts/db/postgresql-test-files.txt";

/** The checked-in list scripts/test.sh runs on PostgreSQL ("#" starts a comment). */
export function postgresTestList() {
  return fs
    .readFileSync(path.join(root, POSTGRES_LIST), "utf8")
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter(Boolean);
}
