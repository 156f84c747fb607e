// The closing lines of the test command: a table of its stages (wall seconds, tests) so a slow
// stage is seen at once, and "Tests: N passed, N failed, N skipped" over every JSON report.
// Arguments: the stages file scripts/test.sh writes (name, milliseconds, report or "-", exit code,
// CPU seconds or "-", tab-separated) and the run's start in nanoseconds since the epoch. A report whose name ends in
// "playwright.json" is read as Playwright's, any other as vitest's.
import fs from "node:fs";

const [stagesFile, startedNs] = process.argv.slice(2);

function countsOf(file) {
  if (!file || file === "-" || !fs.existsSync(file)) return null;
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  if (file.endsWith("playwright.json")) {
    const { stats } = report;
    return {
      passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
      failed: stats?.unexpected ?? 0,
      skipped: stats?.skipped ?? 0,
    };
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

const rows = fs
  .readFileSync(stagesFile, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const [name, ms, report, rc, cpu = "-"] = line.split("\t");
    return { name, seconds: Number(ms) / 1000, cpu, counts: countsOf(report), ok: rc === "0" };
  });

const total = { passed: 0, failed: 0, skipped: 0 };
const table = [["stage", "seconds", "cpu s", "tests", ""]];
let cpuTotal = 0;
for (const row of rows) {
  const c = row.counts;
  if (c) for (const key of Object.keys(total)) total[key] += c[key];
  const tests = c ? `${c.passed + c.failed + c.skipped} (${c.failed} failed, ${c.skipped} skipped)` : "-";
  if (row.cpu !== "-") cpuTotal += Number(row.cpu);
  table.push([row.name, row.seconds.toFixed(1), row.cpu, tests, row.ok ? "" : "FAILED"]);
}
const wallSeconds = startedNs ? Number(BigInt(Date.now()) * 1000000n - BigInt(startedNs)) / 1e9 : null;
if (wallSeconds !== null)
  table.push(["whole run (stages overlap)", wallSeconds.toFixed(1), cpuTotal.toFixed(1), "", ""]);

const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
console.log("");
for (const [i, r] of table.entries()) {
  console.log(
    r
      .map((cell, j) => (j === 1 || j === 2 ? cell.padStart(widths[j]) : cell.padEnd(widths[j])))
      .join("  ")
      .trimEnd(),
  );
  if (i === 0)
    console.log(
      widths
        .map((w) => "-".repeat(w))
        .join("  ")
        .trimEnd(),
    );
}
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
const complete = rows.every((row) => row.ok);
process.exit(complete && total.failed === 0 && total.passed > 0 ? 0 : 1);
