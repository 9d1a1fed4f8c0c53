import { jsonBody, listPage, ok, pathItem } from "@/lib/openapi/operations";
import { jsonSchemaOf } from "@/lib/openapi/components";
import { idPath, pagingParams, type Parameter } from "@/lib/openapi/parameters";
import { synonymGroupDeleteQuerySchema } from "@/lib/validation/search-synonyms";

// The admin's search synonym groups: phrases a search treats as one ("rotor", "disc", "brake disc").

const groupId = idPath("id", "The group id.");

const versionParam: Parameter = {
  name: "version",
  in: "query",
  required: true,
  description: "The version of the group being deleted, as read: a group changed since is not deleted (409).",
  schema: jsonSchemaOf(synonymGroupDeleteQuerySchema.shape.version, "output"),
};

const CONFLICT = "SynonymConflict";

export const searchSynonymPaths = {
  ...pathItem("/search-synonyms", {
    get: {
      operationId: "listSynonymGroups",
      summary: "List the search synonym groups",
      description: "One page of the synonym groups, A–Z by first phrase. Each group's phrases are folded as a search folds words (lower case, accents folded, one space between words); a search for any one also finds parts named by the others.",
      access: "public",
      parameters: pagingParams,
      replies: listPage("The groups of this page.", "SynonymGroupList"),
    },
    post: {
      operationId: "addSynonymGroup",
      summary: "Add a synonym group",
      description:
        "Add a group of 2 to 12 phrases (admin), each 1 to 40 letters, digits, spaces and hyphens, none twice. A phrase already in another group is a 409 naming that group (`groupId`); so is a list of 500 groups. Searches use the group at once.",
      access: "admin",
      body: jsonBody("SynonymGroupNew"),
      replies: { ...ok(201, "The new group, in `group`.", "SynonymGroupSaved"), ...ok(409, "Nothing added: a phrase is in another group (`groupId`), or the list is full.", CONFLICT) },
    },
  }),
  ...pathItem("/search-synonyms/{id}", {
    put: {
      operationId: "changeSynonymGroup",
      summary: "Change a synonym group",
      description:
        "Replace a group's phrases (admin), sending the `version` read with it. A group changed since (another admin's edit) is a 409 with the group as it is now (`group`), and nothing is saved; a phrase in another group is a 409 naming it (`groupId`).",
      access: "admin",
      parameters: [groupId],
      body: jsonBody("SynonymGroupChange"),
      replies: { ...ok(200, "The group after the change, its version raised.", "SynonymGroupSaved"), ...ok(409, "Nothing saved: the group changed since `version`, or a phrase is in another group.", CONFLICT) },
      outcomes: [404],
    },
    delete: {
      operationId: "deleteSynonymGroup",
      summary: "Delete a synonym group",
      description: "Delete a group (admin) at the version read (`?version=`): a group changed since is a 409 with the group as it is now. 404 once it is gone. A deleted default group is not put back by the seed.",
      access: "admin",
      parameters: [groupId, versionParam],
      replies: { ...ok(200, "The group as it was, in `group`.", "SynonymGroupSaved"), ...ok(409, "Nothing deleted: the group changed since `version`.", CONFLICT) },
      outcomes: [404],
    },
  }),
};
