import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDb } from "@/lib/storage/connect";
import { findReviewOf, listReviews, reviewStats } from "@/lib/reviews/queries";
import { reindexReviews } from "@/lib/reviews/reindex";
import { listUsers } from "@/lib/users/queries";
import { reindexUsers } from "@/lib/users/reindex";
import { MAX_PAGE_SIZE } from "@/lib/validation/common";
import { Review } from "@/models/Review";
import { User } from "@/models/User";
import { describeQuery, problemsOf, queriesOf, startQueryRecorder, stopQueryRecorder } from "@/tests/support/query-audit";

// Every read of reviews and accounts that a request makes, against more rows than a page: each must
// be engine-shaped (tests/support/query-audit.ts) and send a fixed number of queries for its page,
// one directory read, the one or two chunks the page covers, then one read by _id per row shown.
const ROWS = 250; // the reindex cuts lists into chunks of 200: two chunks, so a page may span both
const REVIEWS_PAGE = 12; // /customer-reviews
const LAST_REVIEWS_PAGE_SKIP = Math.floor((ROWS - 1) / REVIEWS_PAGE) * REVIEWS_PAGE;

type Audited = { call: string; run: () => Promise<unknown>; queries: number; rows?: number };

const pageOf = (chunks: number, rows: number) => ({ queries: 1 + chunks + rows, rows });

const AUDITED: Audited[] = [
  { call: "listReviews() (GET /reviews without limit)", run: () => listReviews(), ...pageOf(2, MAX_PAGE_SIZE) },
  { call: "listReviews({ limit: 6 }) (home page)", run: () => listReviews({ limit: 6, skip: 0 }), ...pageOf(1, 6) },
  { call: "listReviews page 1 (/customer-reviews)", run: () => listReviews({ limit: REVIEWS_PAGE, skip: 0 }), ...pageOf(1, REVIEWS_PAGE) },
  { call: "listReviews page 2 (/customer-reviews?page=2)", run: () => listReviews({ limit: REVIEWS_PAGE, skip: REVIEWS_PAGE }), ...pageOf(1, REVIEWS_PAGE) },
  { call: "listReviews last page (/customer-reviews)", run: () => listReviews({ limit: REVIEWS_PAGE, skip: LAST_REVIEWS_PAGE_SKIP }), ...pageOf(1, ROWS - LAST_REVIEWS_PAGE_SKIP) },
  { call: "listReviews across two chunks (Manage Reviews page 3)", run: () => listReviews({ limit: 20, skip: 40 }), ...pageOf(2, 20) },
  { call: "reviewStats() (kept on write: one read)", run: () => reviewStats(), queries: 1 },
  { call: "findReviewOf(email) (Add Review)", run: () => findReviewOf("r7@example.com"), queries: 1 },
  { call: "listUsers() (GET /user without limit)", run: () => listUsers(), ...pageOf(1, MAX_PAGE_SIZE) },
  { call: "listUsers({ limit: 51 }) page 1 (Make Admin)", run: () => listUsers({ limit: 51, skip: 0 }), ...pageOf(1, 51) },
  { call: "listUsers({ limit: 51, skip: 51 }) page 2 (GET /user?limit=51&page=2)", run: () => listUsers({ limit: 51, skip: 51 }), ...pageOf(1, 51) },
  { call: "listUsers last page (GET /user?limit=51&page=5)", run: () => listUsers({ limit: 51, skip: 204 }), ...pageOf(1, ROWS - 204) },
  { call: "listUsers across two chunks (GET /user?limit=20&skip=190)", run: () => listUsers({ limit: 20, skip: 190 }), ...pageOf(2, 20) },
];

beforeAll(async () => {
  await connectDb();
  const base = Date.UTC(2026, 0, 1);
  const at = (i: number) => new Date(base + i * 60_000);
  // Straight into the collections, as an operator's import would, then reindexed.
  await Review.insertMany(Array.from({ length: ROWS }, (_, i) => ({ rating: i % 6, name: `Reviewer ${i}`, email: `r${i}@example.com`, createdAt: at(i) })));
  await User.insertMany(Array.from({ length: ROWS }, (_, i) => ({ email: `user${i}@example.com`, createdAt: at(i) })));
  await reindexReviews();
  await reindexUsers();
  startQueryRecorder();
}, 120_000);

afterAll(() => stopQueryRecorder());

describe("query audit of reviews and accounts: engine-shaped reads, a fixed number per page", () => {
  it.each(AUDITED)("$call", async ({ call, run, queries: expected, rows }) => {
    const { queries, result } = await queriesOf(run);
    expect(problemsOf(call, queries), call).toEqual([]);
    expect(queries.map(describeQuery), `${call} sends ${expected} queries`).toHaveLength(expected);
    if (rows !== undefined) expect((result as unknown[]).length, `${call} returns its page`).toBe(rows);
  });

  it("pages come in the list's order: reviews newest first, accounts oldest first, the last page ending the list", async () => {
    const reviews = await listReviews({ limit: REVIEWS_PAGE, skip: LAST_REVIEWS_PAGE_SKIP });
    expect(reviews.at(-1)?.name).toBe("Reviewer 0");
    expect((await listReviews({ limit: 2, skip: 0 })).map((r) => r.name)).toEqual([`Reviewer ${ROWS - 1}`, `Reviewer ${ROWS - 2}`]);
    expect((await listUsers({ limit: 2, skip: 199 })).map((u) => u.email)).toEqual(["user199@example.com", "user200@example.com"]);
    expect(await findReviewOf("r7@example.com")).toMatchObject({ name: "Reviewer 7" });
  });
});
