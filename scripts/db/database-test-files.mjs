#!/usr/bin/env node
// Prints the vitest files scripts/test.sh runs a second time on PostgreSQL: the checked-in list
// scripts/db/postgresql-test-files.txt, which scripts/db/postgresql-test-files.test.ts holds to the
// rule of scripts/db/test-files.mjs. `--required` prints what the rule asks for, with the reason.
import { dialectReason, dialectSensitiveTestFiles, postgresTestList } from "./test-files.mjs";

if (process.argv.includes("--required")) {
  for (const file of dialectSensitiveTestFiles()) console.log(`${file}\t${dialectReason(file)}`);
} else {
  console.log(postgresTestList().join("\n"));
}
