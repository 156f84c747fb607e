#!/usr/bin/env node
// Lists the vitest files that open a database (through lib/testing/temp-db.ts, directly or through
// a fixture that does): the suites scripts/test.sh runs a second time on PostgreSQL.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const tempDb = path.join(root, "lib/testing/temp-db.ts");

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function relativeImports(file) {
  const text = fs.readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/from\s+["'](\.{1,2}\/[^"']+|@\/[^"']+)["']/g)].map((m) => m[1]);
  return specifiers.map((spec) => {
    const base = spec.startsWith("@/")
      ? path.join(root, spec.slice(2))
      : path.resolve(path.dirname(file), spec);
    return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find(
      (f) => fs.existsSync(f) && fs.statSync(f).isFile(),
    );
  });
}

const files = ["lib", "app", "scripts"].flatMap((dir) => sourceFiles(path.join(root, dir)));
const imports = new Map(files.map((f) => [f, relativeImports(f)]));
const opensDb = new Set([tempDb]);
for (let grew = true; grew;) {
  grew = false;
  for (const [file, deps] of imports) {
    if (!opensDb.has(file) && deps.some((d) => opensDb.has(d))) {
      opensDb.add(file);
      grew = true;
    }
  }
}
const tests = [...opensDb]
  .filter((f) => f.endsWith(".test.ts"))
  .map((f) => path.relative(root, f))
  .sort();
console.log(tests.join("\n"));
