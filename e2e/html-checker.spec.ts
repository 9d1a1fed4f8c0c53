import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { PAGE_TYPES, type Reader, firstPartId, pathOf, signedInState } from "./page-types";

// The Nu Html Checker (the W3C's validator, its jar from the vnu-jar package, run by the machine's
// Java) on the HTML the server sends for every kind of page, as a crawler fetches it. It runs
// once over all the pages, so one JVM start serves them all.

/**
 * A crawler that reads metadata from the head only: Next.js sends such readers the whole head
 * first. A browser may get a page's title and meta tags streamed into the body when its metadata
 * is slow to read (a busy server), which browsers take alike but a validator does not.
 */
const CRAWLER = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";

/** One message of vnu's JSON report. */
type Message = { type: "error" | "info" | "non-document-error"; subType?: string; url: string; message: string; lastLine?: number; extract?: string };

const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

function runChecker(files: string[]): Promise<Message[]> {
  return new Promise((resolve, reject) => {
    // Exit status 1 means "problems found"; the JSON report on stdout is the verdict.
    execFile("java", ["-jar", VNU_JAR, "--format", "json", "--stdout", ...files], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      try {
        resolve((JSON.parse(stdout) as { messages: Message[] }).messages);
      } catch {
        reject(new Error(`the checker gave no report: ${error?.message ?? ""}\n${stderr}`));
      }
    });
  });
}

/**
 * What fails the test: every error, and every warning too. Each warning the checker gave these
 * pages was a real fault of ours (a section without a heading, which screen-reader users meet
 * as a nameless region); with none left, a new one is worth a look before it ships.
 */
const isProblem = (message: Message) => (message.type !== "info" || message.subType === "warning") && !isStreamingPlaceholder(message);

/**
 * React streams a long table's later rows as `<template id="P:n">` placeholders inside their `<tr>`,
 * which the script sent right after them fills; the checker reads the stream as sent, so such a row
 * looks empty to it. Only that shape is passed over: any other table fault still fails.
 */
const isStreamingPlaceholder = (message: Message) =>
  /table row|row group/i.test(message.message) && /<template id="P:|\/template><\/tr>/.test(message.extract ?? "");

test("every kind of page is valid HTML to the Nu Html Checker, without an error or a warning", async ({ browser }) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), "html-checker-"));
  const pages = new Map<string, string>();
  try {
    for (const reader of ["visitor", "customer", "admin"] as Reader[]) {
      const context = await browser.newContext({ extraHTTPHeaders: { "user-agent": CRAWLER }, ...(reader === "visitor" ? {} : { storageState: await signedInState(browser, reader) }) });
      const partId = await firstPartId(context.request);
      for (const [index, page] of PAGE_TYPES.entries()) {
        if (page.as !== reader) continue;
        const address = pathOf(page, partId);
        const reply = await context.request.get(address, { maxRedirects: 0 });
        expect(reply.status(), `${page.name} (${address})`).toBe(page.status ?? 200);
        writeFileSync(path.join(dir, `${index}.html`), await reply.body());
        pages.set(`${index}.html`, `${page.name} (${address} as ${reader})`);
      }
      await context.close();
    }
    const messages = await runChecker([...pages.keys()].map((name) => path.join(dir, name)));
    const problems = messages.filter(isProblem).map((m) => `${pages.get(path.basename(m.url)) ?? m.url}, line ${m.lastLine ?? "?"}: ${m.subType ?? m.type}: ${m.message}${m.extract ? ` [${m.extract.trim()}]` : ""}`);
    expect(problems).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
