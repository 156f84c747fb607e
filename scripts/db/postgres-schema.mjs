#!/usr/bin/env node
// Writes prisma/postgresql/schema.prisma from prisma/schema.prisma: the one data model, with the
// PostgreSQL provider and its own client folder. `--check` exits 1 when the committed file differs.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const source = path.join(root, "prisma/schema.prisma");
const target = path.join(root, "prisma/postgresql/schema.prisma");

export function postgresSchemaFrom(sqliteSchema) {
  const replace = (text, from, to) => {
    if (!text.includes(from)) throw new Error(`prisma/schema.prisma no longer contains ${from}`);
    return text.replace(from, to);
  };
  let schema = replace(sqliteSchema, 'provider = "sqlite"', 'provider = "postgresql"');
  schema = replace(
    schema,
    'output       = "../lib/generated/prisma"',
    'output       = "../../lib/generated/prisma-pg"',
  );
  const header =
    "// GENERATED from prisma/schema.prisma by scripts/db/postgres-schema.mjs — edit that file, then run\n" +
    "// `node scripts/db/postgres-schema.mjs` (prepare does it). The PostgreSQL twin of the one data model.\n";
  return header + schema;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const expected = postgresSchemaFrom(fs.readFileSync(source, "utf8"));
  const current = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
  if (process.argv.includes("--check")) {
    if (current !== expected) {
      console.error(
        "prisma/postgresql/schema.prisma is out of date: run `node scripts/db/postgres-schema.mjs`.",
      );
      process.exit(1);
    }
  } else if (current !== expected) {
    fs.writeFileSync(target, expected);
    console.log("› wrote prisma/postgresql/schema.prisma");
  }
}
