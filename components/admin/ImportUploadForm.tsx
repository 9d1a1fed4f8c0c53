import { IMPORT_UPLOAD_MAX_BYTES } from "@/lib/validation/import-upload";

/** A plain form post (works without JavaScript): POST /imports answers 303 to the job's page. */
export function ImportUploadForm() {
  return (
    <form method="post" action="/imports" encType="multipart/form-data" className="grid max-w-xl gap-3">
      <label className="grid gap-1">
        <span className="font-medium">Kind of file</span>
        <select name="kind" defaultValue="parts" className="rounded border border-slate-400 p-2">
          <option value="parts">Parts</option>
          <option value="fitment">Fitment</option>
        </select>
      </label>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="mode" value="replace" />
        <span>{"Replace each part's fitment (fitment files only)"}</span>
      </label>
      <label className="grid gap-1">
        <span className="font-medium">CSV file (at most {IMPORT_UPLOAD_MAX_BYTES / 1024 ** 3} GB)</span>
        <input type="file" name="file" accept=".csv,text/csv" required className="rounded border border-slate-400 p-2" />
      </label>
      <button type="submit" className="w-fit rounded bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800">
        Upload and import
      </button>
    </form>
  );
}
