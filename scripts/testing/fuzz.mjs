// Runs schemathesis against /openapi.json on the production server, signed in as a customer and as
// an administrator (each state-changing request carries the session cookie and the shop's Origin,
// as a browser on the shop's pages sends). Started by scripts/testing/fuzz.sh inside scripts/services/with-db.mjs.
//   node scripts/testing/fuzz.mjs [short|long]
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { startNext } from "../services/next-server.mjs";
import { repoRoot } from "../services/paths.mjs";
import { signIn } from "../services/sign-in.mjs";

const mode = process.argv[2] === "short" ? "short" : "long";
const maxExamples = Number(process.env.FUZZ_MAX_EXAMPLES ?? (mode === "short" ? 8 : 100));
const st = path.join(repoRoot, ".cache", "fuzz-venv", "bin", "st");
const CHECKS = "not_a_server_error,status_code_conformance,response_schema_conformance,content_type_conformance";

// schemathesis closes with pytest's framed summary ("=== 3 warnings in 35.73s ==="), which a reader of
// the test command's output takes for a pytest run that executed no test. Its frames are dropped so the
// command's one closing line (scripts/testing/test-summary.mjs) is the only summary there is.
function run(args) {
  return new Promise((resolve) => {
    const child = spawn(st, args, { stdio: ["ignore", "pipe", "inherit"], cwd: repoRoot });
    createInterface({ input: child.stdout }).on("line", (line) => {
      const framed = line.match(/^=+ (.*) =+$/);
      console.log(framed ? `[fuzz] ${framed[1]}` : line);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

const server = await startNext({
  port: process.env.FUZZ_PORT ? Number(process.env.FUZZ_PORT) : undefined,
  // Every sign-in of the fuzzer comes from 127.0.0.1: the per-address limits would only get in the way.
  env: { AUTH_SIGNUPS_PER_IP: "0", AUTH_SIGNIN_FAILURES_PER_IP: "0", AUTH_SIGNIN_FAILURES_PER_EMAIL_IP: "0" },
});
let failed = false;
try {
  const identities = [
    ["customer", await signIn(server.baseUrl, { email: "fuzz-customer@example.com", password: "fuzz-customer-pass", name: "Fuzz Customer" })],
    ["admin", await signIn(server.baseUrl, { email: process.env.FUZZ_ADMIN_EMAIL ?? "admin@autoparts.local", password: process.env.FUZZ_ADMIN_PASSWORD ?? "admin-dev-password" })],
  ];
  for (const [who, cookie] of identities) {
    console.log(`\n[fuzz] ${mode} run as the ${who}: up to ${maxExamples} examples per operation`);
    const code = await run([
      "--no-color",
      "run",
      `${server.baseUrl}/openapi.json`,
      "--checks",
      CHECKS,
      "--max-examples",
      String(maxExamples),
      "--header",
      `Cookie: ${cookie}`,
      "--header",
      `Origin: ${server.baseUrl}`,
      "--seed",
      process.env.FUZZ_SEED ?? "9",
      ...(mode === "short" ? ["--phases", "examples,coverage,fuzzing"] : []),
      // The test command's closing line (scripts/testing/test-summary.mjs) counts the operations from this report.
      ...(process.env.TEST_RESULTS_DIR ? ["--report", "junit", "--report-junit-path", path.join(process.env.TEST_RESULTS_DIR, `fuzz-${who}.xml`)] : []),
    ]);
    if (code !== 0) failed = true;
  }
  const errors = server.output().split("\n").filter((line) => line.includes("[api] unexpected error"));
  if (errors.length > 0) {
    console.error(`[fuzz] the server logged ${errors.length} unexpected error(s)`);
    failed = true;
  }
} finally {
  await server.stop();
}
console.log(failed ? "[fuzz] FAILED" : "[fuzz] passed");
process.exit(failed ? 1 : 0);
