import AxeBuilder from "@axe-core/playwright";
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import mongoose from "mongoose";
import { ADMIN, e2eDatabaseUri, expirePublicCache, submitSignIn } from "./support";

// An admin uploads a parts file and then a fitment file from Dashboard → Imports, watches each job's
// page until the counts show, downloads the refused rows (the formula cell neutralised), and finds an
// imported part by its number in the header's search and on its vehicle's page. Once without JavaScript too.

const stamp = Date.now().toString(36).toUpperCase();
const PARTS = [
  "sku,mpn,name,description,price,stock,image_url",
  `E2E-IMP-${stamp}-1,IM-${stamp}-A,Imported Hub Bearing ${stamp},A wheel hub bearing.,41.5,7,https://example.com/hub.png`,
  `E2E-IMP-${stamp}-2,IM-${stamp}-B,Imported Tie Rod ${stamp},A tie rod end.,19.9,4,https://example.com/rod.png`,
  `=1+2,,Formula part,Refused: no price.,,1,https://example.com/x.png`,
].join("\n");
const MAKE = `Impcar${stamp.toLowerCase()}`;
const FITMENT = ["part_number,make,model,year_from,year_to", `E2E-IMP-${stamp}-1,${MAKE},Roadster,2020,2021`].join("\n");

async function toImports(page: Page): Promise<void> {
  await page.goto("/signin");
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "DashBoard" }).click();
  await page.getByRole("link", { name: "Imports" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Imports" })).toBeVisible();
}

async function upload(page: Page, kind: "Parts" | "Fitment", name: string, content: string): Promise<void> {
  await page.getByLabel("Kind of file").selectOption({ label: kind });
  await page.getByLabel(/^CSV file/).setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(content) });
  await page.getByRole("button", { name: "Upload and import" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Import of ${name}` })).toBeVisible();
}

// Other specs count the catalogue: once this file's jobs have ended, the parts they added are
// deleted as an admin deletes them (DELETE /carparts/{id}), which takes them out of every list too.
test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto("/signin");
  await submitSignIn(page, ADMIN.email, ADMIN.password);
  await expect(page).not.toHaveURL(/\/signin/);
  const jobsRunning = async () => ((await (await page.request.get("/imports?limit=20")).json()) as { jobs: { status: string }[] }).jobs.some((job) => job.status === "queued" || job.status === "running");
  await expect.poll(jobsRunning, { timeout: 90_000 }).toBe(false);
  const connection = await mongoose.createConnection(e2eDatabaseUri(), { directConnection: true }).asPromise();
  const parts = await connection.collection("parts").find({ sku: { $regex: `^E2E-IMP-${stamp}` } }, { projection: { _id: 1 } }).toArray();
  await connection.close();
  const origin = new URL(page.url()).origin;
  for (const { _id } of parts) expect((await page.request.delete(`/carparts/${String(_id)}`, { headers: { Origin: origin } })).status()).toBe(200);
  await page.close();
  await expirePublicCache();
});

test("an admin uploads a parts and a fitment file, watches them run, downloads the refused rows and finds the part", async ({ page }) => {
  test.setTimeout(180_000);
  await toImports(page);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await upload(page, "Parts", "parts.csv", PARTS);
  await expect(page.getByRole("progressbar")).toBeVisible();
  // The page updates itself: no reload.
  await expect(page.getByRole("status")).toHaveText("Status: done", { timeout: 90_000 });
  await expect(page.getByText(/^Rows done: 3/)).toBeVisible();
  await expect(page.getByRole("row", { name: /^4 / })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download refused rows (CSV)" }).click()]);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.split("\n")[0]).toBe("line,reason,row");
  expect(csv).toContain("'=1+2");

  await page.getByRole("link", { name: "Back to Imports" }).click();
  await expect(page.getByRole("link", { name: "parts.csv" }).first()).toBeVisible();
  await upload(page, "Fitment", "fitment.csv", FITMENT);
  await expect(page.getByRole("status")).toHaveText("Status: done", { timeout: 90_000 });

  const box = page.getByRole("combobox", { name: "Search the shop" });
  await box.fill(`IM-${stamp}-A`);
  await box.press("Enter");
  await expect(page.getByRole("link", { name: `Imported Hub Bearing ${stamp}`, exact: true }).first()).toBeVisible();
  await page.goto(`/vehicles/2021/${MAKE.toLowerCase()}/roadster`);
  await expect(page.getByRole("link", { name: `Imported Hub Bearing ${stamp}`, exact: true }).first()).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the upload form posts and the job's page renders on the server", async ({ page }) => {
    await toImports(page);
    await upload(page, "Parts", "nojs.csv", PARTS.replaceAll(stamp, `${stamp}N`));
    await expect(page.getByRole("status")).toContainText("Status: ");
  });
});
