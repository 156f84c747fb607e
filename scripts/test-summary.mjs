// Prints one closing line for the whole test command, "N passed, N failed, N skipped", from the
// JSON reports of vitest and Playwright, so CI logs show what actually ran.
import fs from "node:fs";

const [vitestReport, playwrightReport] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

if (vitestReport && fs.existsSync(vitestReport)) {
  const report = JSON.parse(fs.readFileSync(vitestReport, "utf8"));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
if (playwrightReport && fs.existsSync(playwrightReport)) {
  const { stats } = JSON.parse(fs.readFileSync(playwrightReport, "utf8"));
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += stats?.unexpected ?? 0;
  skipped += stats?.skipped ?? 0;
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
