import { PICTURE_CONTENT, jsonBody, listPage, ok, pathItem, pictureBody } from "@/lib/openapi/operations";
import { idPath, pagingParams, pictureIdPath, vehicleParam } from "@/lib/openapi/parameters";
import { PART_IMAGE_MAX_BYTES, PART_IMAGE_TYPES } from "@/lib/validation/part-image";
import { MAX_STOCK } from "@/lib/validation/parts";

// The catalogue's paths: parts, their stock and their pictures.

const partId = idPath("id", "The part id.");

export const cataloguePaths = {
  ...pathItem("/carparts", {
    get: {
      operationId: "listParts",
      summary: "List the catalogue",
      description: "One page of the catalogue, oldest first (newest last); with `vehicle`, the parts that fit that vehicle (its own, oldest first, then the universal parts).",
      access: "public",
      parameters: [...pagingParams, vehicleParam],
      replies: listPage("The parts of this page.", "PartList"),
    },
    post: {
      operationId: "addPart",
      summary: "Add a part",
      description: "Add a part (admin). The body's email is ignored; the session says who. Brand, category and numbers are optional; a SKU another part bears is a 409.",
      access: "admin",
      body: jsonBody("PartInput"),
      replies: ok(201, "The part was added.", "PartCreated"),
      outcomes: [409],
    },
  }),
  ...pathItem("/carparts/{id}", {
    get: {
      operationId: "getPart",
      summary: "Get a part",
      description: "One part of the catalogue, by its id.",
      access: "public",
      parameters: [partId],
      replies: ok(200, "The part, in `result`.", "PartReply"),
      outcomes: [404],
    },
    put: {
      operationId: "updatePart",
      summary: "Edit a part",
      description:
        "Edit a part (admin): any of partsname, image, price, minOrder, maxPerOrder, description, brand, category, mpn, sku, gtin, oemNumbers, with the rules of adding; fields left out are kept, and an empty brand, category or number (or [] for oemNumbers) clears it. A SKU another part bears is a 409. The stock is not set here (use PATCH /carparts/{id}/stock), so orders placed meanwhile are never overwritten.",
      access: "admin",
      parameters: [partId],
      body: jsonBody("PartUpdate"),
      replies: ok(200, "The updated part, in `result`.", "PartUpdated"),
      outcomes: [404, 409],
    },
    delete: {
      operationId: "deletePart",
      summary: "Delete a part",
      description: "Delete a part (admin). A part with open orders (placed or shipped) is kept: 409 with a message saying so.",
      access: "admin",
      parameters: [partId],
      replies: ok(200, "`deletedCount` 1.", "PartDeleted"),
      outcomes: [404, 409],
    },
  }),
  ...pathItem("/carparts/{id}/stock", {
    patch: {
      operationId: "adjustStock",
      summary: "Change a part's stock",
      description: `Add (delta > 0) or take away (delta < 0) stock (admin), under the part's stock lock. A result below 0 (or above ${MAX_STOCK}) is a 409 and changes nothing.`,
      access: "admin",
      parameters: [partId],
      body: jsonBody("StockChange"),
      replies: ok(200, "The part with its new stock, in `result`.", "PartUpdated"),
      outcomes: [404, 409],
    },
  }),
  ...pathItem("/part-images", {
    post: {
      operationId: "uploadPartImage",
      summary: "Upload a part picture",
      description: `Upload a part picture (admin): the file itself as the body, at most ${PART_IMAGE_MAX_BYTES} bytes. Its type is read from its content (${PART_IMAGE_TYPES.join(", ")}; not SVG), whatever its name or Content-Type. Put the reply's \`url\` in a part's \`image\`. The same file uploaded twice gets the same url.`,
      access: "admin",
      body: pictureBody,
      replies: ok(201, "The picture's `url`, type and size, in `result`.", "PartImageUploaded"),
    },
  }),
  ...pathItem("/part-images/{id}", {
    get: {
      operationId: "getPartImage",
      summary: "Get a part picture",
      description: "An uploaded part picture, with its content type, an ETag and a year's immutable caching.",
      access: "public",
      parameters: [pictureIdPath],
      replies: {
        "200": { description: "The picture.", content: PICTURE_CONTENT },
        "304": { description: "Not modified: the If-None-Match tag is the picture's." },
      },
      outcomes: [404],
    },
  }),
};
