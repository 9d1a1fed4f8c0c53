import { jsonBody, listPage, ok, pathItem } from "@/lib/openapi/operations";
import { emailPath, pagingParams } from "@/lib/openapi/parameters";
import { PASSWORD_MIN_LENGTH } from "@/lib/validation/auth";

// The users' paths: registration, roles, profiles and passwords.

export const userPaths = {
  ...pathItem("/admin/{email}", {
    get: {
      operationId: "isAdmin",
      summary: "Check a user's role",
      description: "Whether that user is an admin (that user or an admin).",
      access: "self",
      parameters: [emailPath("email", "The user's email.")],
      replies: ok(200, "`admin` true or false.", "AdminReply"),
    },
  }),
  ...pathItem("/user", {
    get: {
      operationId: "listUsers",
      summary: "List the users",
      description: "One page of users with their role, oldest account first (admin).",
      access: "admin",
      parameters: pagingParams,
      replies: listPage("The users of this page.", "UserList"),
    },
  }),
  ...pathItem("/user/{email}", {
    put: {
      operationId: "registerUser",
      summary: "Register the signed-in user",
      description: "Make sure the signed-in user is registered (idempotent; only that user). The body is optional.",
      access: "self",
      parameters: [emailPath("email", "The signed-in user's email.")],
      body: jsonBody("RegisterInput", false),
      replies: ok(200, "`created` says whether the user was new.", "RegisterReply"),
    },
  }),
  ...pathItem("/user/admin/{email}", {
    put: {
      operationId: "promoteUser",
      summary: "Make a user an admin",
      description: "Make that user an admin (admin). No body. Counts on the user's next request.",
      access: "admin",
      parameters: [emailPath("email", "The user to promote.")],
      replies: ok(200, "`modifiedCount` 1 when promoted, 0 when already an admin.", "PromoteReply"),
      outcomes: [404],
    },
  }),
  ...pathItem("/user/password", {
    put: {
      operationId: "changePassword",
      summary: "Change your password",
      description: `Change your own password (SPEC 8): \`currentPassword\` and \`newPassword\` (at least ${PASSWORD_MIN_LENGTH} characters, not one of the most common passwords). An account without a password (made by a Google sign-in) sets its first one by leaving \`currentPassword\` out. Every other session of the account ends; the reply renews this session's cookie. Without a session: 401 "No user is logged in"; a wrong current password: 403.`,
      access: "signedIn",
      body: jsonBody("PasswordChange"),
      replies: ok(200, "The password is saved.", "PasswordChanged"),
      outcomes: [429],
    },
  }),
  ...pathItem("/user/profile/{email}", {
    get: {
      operationId: "getProfile",
      summary: "Get a profile",
      description: "A list whose first item is the user's profile (that user or an admin).",
      access: "self",
      parameters: [emailPath("email", "The user's email.")],
      replies: ok(200, "[profile].", "ProfileList"),
      outcomes: [404],
    },
    put: {
      operationId: "updateProfile",
      summary: "Update your profile",
      description: 'Update your own profile; every field optional ("" clears one); the path\'s email wins over the body\'s.',
      access: "self",
      parameters: [emailPath("email", "The signed-in user's email.")],
      body: jsonBody("ProfileInput"),
      replies: ok(200, "The updated profile, in `result`.", "ProfileUpdated"),
      outcomes: [404],
    },
  }),
};
