// Prints one closing line for the whole test command, "N passed, N failed, N skipped", from the
// JSON reports of vitest (SQLite and PostgreSQL runs) and Playwright, so CI logs show what ran.
// Arguments: report files; a name ending in "playwright.json" is read as Playwright's.
import fs from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;

for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  if (file.endsWith("playwright.json")) {
    const { stats } = report;
    passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
    failed += stats?.unexpected ?? 0;
    skipped += stats?.skipped ?? 0;
  } else {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
