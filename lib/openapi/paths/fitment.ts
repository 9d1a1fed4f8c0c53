import { csvBody, jsonBody, listPage, ok, pathItem } from "@/lib/openapi/operations";
import { fitmentRemovalParams, idPath, pagingParams, slugPath, yearPath } from "@/lib/openapi/parameters";
import { IMPORT_COLUMNS, MAX_IMPORT_ROWS } from "@/lib/vocabulary/fitment-import-format";
import { MAX_MODEL_YEARS_PER_REQUEST, MAX_ROWS_PER_REQUEST, MAX_YEARS_PER_ROW } from "@/lib/validation/fitment";

// The vehicle selector's lists and a part's fitment (lib/fitment/).

const partId = idPath("id", "The part id.");
const make = slugPath("make", "The make.");
const model = slugPath("model", "The model.");

export const fitmentPaths = {
  ...pathItem("/vehicle-years", {
    get: {
      operationId: "listVehicleYears",
      summary: "List the vehicle years",
      description: "The model years of the vehicles the shop has parts for, newest first: the vehicle selector's first list.",
      access: "public",
      replies: ok(200, "The years, in `result`.", "VehicleYears"),
    },
  }),
  ...pathItem("/vehicle-years/{year}/makes", {
    get: {
      operationId: "listVehicleMakes",
      summary: "List a year's makes",
      description: "The makes of a model year, A-Z, as the vehicle selector lists them once a year is chosen.",
      access: "public",
      parameters: [yearPath],
      replies: ok(200, "`{ slug, name }` each, in `result` ([] for a year without any).", "VehicleMenu"),
    },
  }),
  ...pathItem("/vehicle-years/{year}/makes/{make}/models", {
    get: {
      operationId: "listVehicleModels",
      summary: "List a make's models",
      description: "The models of a make in a model year, A-Z, as the vehicle selector lists them once a make is chosen.",
      access: "public",
      parameters: [yearPath, make],
      replies: ok(200, "`{ slug, name }` each, in `result`.", "VehicleMenu"),
    },
  }),
  ...pathItem("/vehicle-years/{year}/makes/{make}/models/{model}/engines", {
    get: {
      operationId: "listVehicleEngines",
      summary: "List a model's engines",
      description: "The engines of a model in a model year that some part names, A-Z.",
      access: "public",
      parameters: [yearPath, make, model],
      replies: ok(200, "`{ slug, name }` each, in `result`.", "VehicleMenu"),
    },
  }),
  ...pathItem("/carparts/{id}/fitment", {
    get: {
      operationId: "listPartFitment",
      summary: "List a part's fitment",
      description: "The model years a part fits, newest first, each with its applications (engine, position, note).",
      access: "public",
      parameters: [partId, ...pagingParams],
      replies: listPage("The fitment of this page.", "FitmentList"),
      outcomes: [404],
    },
    post: {
      operationId: "addPartFitment",
      summary: "Add fitment to a part",
      description: `Add fitment rows to a part (admin): 1 to ${MAX_ROWS_PER_REQUEST} rows, each a make and model over yearFrom-yearTo (at most ${MAX_YEARS_PER_ROW} years), optionally one engine, position and note; at most ${MAX_MODEL_YEARS_PER_REQUEST} model years a request. A row the part has already (same model year, engine and position) gets the new note.`,
      access: "admin",
      parameters: [partId],
      body: jsonBody("FitmentAdd"),
      replies: ok(200, "How many were added, updated or already there.", "FitmentAdded"),
      outcomes: [404],
    },
  }),
  ...pathItem("/carparts/{id}/fitment/{year}/{make}/{model}", {
    delete: {
      operationId: "removePartFitment",
      summary: "Take fitment off a part",
      description: "Take a model year off a part's fitment (admin): all of it, or with ?engine= and/or ?position= only those applications. 404 when none matched.",
      access: "admin",
      parameters: [partId, yearPath, make, model, ...fitmentRemovalParams],
      replies: ok(200, "How many applications were removed.", "FitmentRemoved"),
      outcomes: [404],
    },
  }),
  ...pathItem("/fitment-imports", {
    post: {
      operationId: "importFitment",
      summary: "Import fitment from a CSV file",
      description: `Import fitment from a CSV file (admin), sent as the raw body: a header naming the columns (${IMPORT_COLUMNS.join(", ")}; the first four required, any order), then at most ${MAX_IMPORT_ROWS} rows, one per part number and make/model over year_from-year_to. A part number is a part's SKU, or a number (MPN, GTIN, OEM) one part alone bears. Each bad row is refused with its line and reason and changes nothing; the good rows are added as by POST /carparts/{id}/fitment. A file that cannot be read (no or wrong header, an unclosed quote, not UTF-8, too many rows) is a 400.`,
      access: "admin",
      body: csvBody,
      replies: ok(200, "How many rows were added, and each refused row's line and reason.", "FitmentImported"),
    },
  }),
  ...pathItem("/carparts/{id}/universal", {
    put: {
      operationId: "setPartUniversal",
      summary: "Mark a part universal",
      description: "Mark a part universal, fitting every vehicle (a vehicle's list then shows it after the vehicle's own parts), or take the mark off (admin).",
      access: "admin",
      parameters: [partId],
      body: jsonBody("UniversalChange"),
      replies: ok(200, "The part's new state.", "UniversalChanged"),
      outcomes: [404],
    },
  }),
};
