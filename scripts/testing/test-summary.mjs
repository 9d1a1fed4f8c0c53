// Prints the one closing line of the test command, `Tests: N passed, M failed[, K skipped]`, from the
// runners' own reports in the results folder: vitest's JSON, Playwright's JSON and schemathesis' JUnit XML.
// A step that failed without a report that says so (a lint error, a build error, a runner that crashed
// or a check outside its report, such as the fuzz step's server-log check) counts as one failed test,
// so the line can never read better than the exit code.
//   node scripts/testing/test-summary.mjs <results dir> <step>=<exit code> ...
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const [dir, ...steps] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node scripts/testing/test-summary.mjs <results dir> <step>=<exit code> ...");
  process.exit(2);
}

function readJson(file) {
  const full = path.join(dir, file);
  return existsSync(full) ? JSON.parse(readFileSync(full, "utf8")) : null;
}

function vitest() {
  const report = readJson("vitest.json");
  if (!report) return null;
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}

function playwright() {
  const report = readJson("playwright.json");
  if (!report) return null;
  const { expected, unexpected, flaky, skipped } = report.stats;
  // A flaky test passed on a retry: it passed. Errors outside any test (a failed webServer) count once.
  const outside = report.errors?.length ? 1 : 0;
  return { passed: expected + flaky, failed: unexpected + outside, skipped };
}

function junitAttribute(xml, name) {
  const suites = xml.match(/<testsuites\b[^>]*>/)?.[0] ?? "";
  const value = suites.match(new RegExp(`\\b${name}="(\\d+)"`));
  return value ? Number(value[1]) : 0;
}

function fuzz() {
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).filter((name) => name.startsWith("fuzz-") && name.endsWith(".xml"));
  if (files.length === 0) return null;
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const file of files) {
    const xml = readFileSync(path.join(dir, file), "utf8");
    const tests = junitAttribute(xml, "tests");
    const failed = junitAttribute(xml, "failures") + junitAttribute(xml, "errors");
    const skipped = junitAttribute(xml, "skipped");
    total.passed += tests - failed - skipped;
    total.failed += failed;
    total.skipped += skipped;
  }
  return total;
}

const reports = { vitest: vitest(), fuzz: fuzz(), playwright: playwright() };
const total = { passed: 0, failed: 0, skipped: 0 };
for (const step of steps) {
  const [name, code] = step.split("=");
  const report = reports[name] ?? null;
  if (report) {
    total.passed += report.passed;
    total.failed += report.failed;
    total.skipped += report.skipped;
  }
  if (Number(code) !== 0 && (!report || report.failed === 0)) {
    console.log(`[test] ${name} failed (exit ${code}) without a failed test in its report: counted as one failure`);
    total.failed += 1;
  }
}
const skipped = total.skipped > 0 ? `, ${total.skipped} skipped` : "";
console.log(`Tests: ${total.passed} passed, ${total.failed} failed${skipped}`);
