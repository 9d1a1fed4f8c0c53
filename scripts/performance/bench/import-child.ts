// One import job run to its end in a process of its own, as a server's import worker runs it beside
// the shop: the bench's "shop during an import" rows start it, measure, and kill it.
//   tsx --conditions=react-server import-child.ts parts|fitment FILE   (MONGODB_URI, IMPORTS_DIR set)
import { createImportJob } from "@/lib/imports/import-jobs";
import { runImport } from "@/lib/imports/run-import";
import { disconnectDb } from "@/lib/storage/connect";

const [kind, file] = process.argv.slice(2);
if ((kind !== "parts" && kind !== "fitment") || !file) {
  console.error("usage: import-child.ts parts|fitment FILE");
  process.exit(2);
}
const id = await createImportJob(kind, file);
console.log(`running ${id}`);
await runImport(id);
console.log(`done ${id}`);
await disconnectDb();
