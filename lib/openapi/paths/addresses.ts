import { jsonBody, ok, pathItem } from "@/lib/openapi/operations";
import { idPath } from "@/lib/openapi/parameters";
import { MAX_ADDRESSES } from "@/lib/validation/addresses";

// The signed-in customer's saved delivery addresses (My Profile; checkout delivers to one).

const addressId = idPath("id", "The address's id, as GET /user/addresses gives it.");

export const addressPaths = {
  ...pathItem("/user/addresses", {
    get: {
      operationId: "listAddresses",
      summary: "List your saved addresses",
      description: "Your own saved delivery addresses, oldest first; exactly one is the default when there are any.",
      access: "signedIn",
      replies: ok(200, "Your addresses.", "AddressList"),
    },
    post: {
      operationId: "addAddress",
      summary: "Save an address",
      description: `Save a delivery address: \`name\`, \`phone\` and \`address\` with the purchase form's rules and messages. The first address saved is the default whatever \`isDefault\` says; a later one sent with \`isDefault: true\` becomes it. At most ${MAX_ADDRESSES} per account: the next is a 409.`,
      access: "signedIn",
      body: jsonBody("AddressInput"),
      replies: ok(201, "The saved address and every address after the change.", "AddressSaved"),
      outcomes: [409],
    },
  }),
  ...pathItem("/user/addresses/{id}", {
    patch: {
      operationId: "changeAddress",
      summary: "Change a saved address",
      description: "Change any of `name`, `phone` and `address` of one of your addresses, or make it the default with `isDefault: true` (the one before stops being it). `isDefault: false` on the default is a 409: make another one the default instead. An id that is not one of your addresses is a 404.",
      access: "signedIn",
      parameters: [addressId],
      body: jsonBody("AddressChange"),
      replies: ok(200, "The changed address and every address after the change.", "AddressSaved"),
      outcomes: [404, 409],
    },
    delete: {
      operationId: "deleteAddress",
      summary: "Delete a saved address",
      description: "Delete one of your addresses; when it was the default, the oldest remaining one becomes the default. An id that is not one of your addresses is a 404.",
      access: "signedIn",
      parameters: [addressId],
      replies: ok(200, "The addresses that remain.", "AddressDeleted"),
      outcomes: [404],
    },
  }),
};
