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
// command's one closing line (scripts/testing/test-summary.mjs) is the only summary there is. The runs
// go side by side, so each line says whose run it comes from.
function run(who, args) {
  return new Promise((resolve) => {
    const child = spawn(st, args, { stdio: ["ignore", "pipe", "pipe"], cwd: repoRoot });
    const print = (line) => {
      const framed = line.match(/^=+ (.*) =+$/);
      console.log(`[fuzz ${who}] ${framed ? framed[1] : line}`);
    };
    createInterface({ input: child.stdout }).on("line", print);
    createInterface({ input: child.stderr }).on("line", print);
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
  // Side by side: each run waits on the server as much as it works, and the two together take about
  // two thirds of one after the other. Whatever the admin's run changes (parts deleted, stock, the
  // shop's settings), the customer's must still get answers that are no server error and that the
  // description allows; a failure found so may need both runs to be seen again.
  for (const [who] of identities) console.log(`[fuzz ${who}] ${mode} run as the ${who}: up to ${maxExamples} examples per operation`);
  const codes = await Promise.all(identities.map(([who, cookie]) =>
    run(who, [
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
      // Each run its own examples, kept for that run only: a store shared on disk would make one run
      // replay what the other found, depending on which got there first.
      "--generation-database",
      ":memory:",
      // A request that hangs fails its operation rather than the whole step waiting without a word.
      "--request-timeout",
      "30",
      ...(mode === "short" ? ["--phases", "examples,coverage,fuzzing"] : []),
      // The test command's closing line (scripts/testing/test-summary.mjs) counts the operations from this report.
      ...(process.env.TEST_RESULTS_DIR ? ["--report", "junit", "--report-junit-path", path.join(process.env.TEST_RESULTS_DIR, `fuzz-${who}.xml`)] : []),
    ]),
  ));
  if (codes.some((code) => code !== 0)) failed = true;
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
