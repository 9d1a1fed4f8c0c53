import mongoose, { Schema, type InferSchemaType, type Model } from "mongoose";
import { dueMailSchema } from "./due-mail";

export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

const userSchema = new Schema(
  {
    email: { type: String, required: true, unique: true, trim: true, lowercase: true, maxlength: 254 },
    role: { type: String, enum: ROLES, required: true, default: "user" },
    /** The spec's displayName and photoURL. */
    displayName: { type: String, trim: true, maxlength: 120, default: "" },
    photoURL: { type: String, trim: true, maxlength: 2048, default: "" },
    /** scrypt hash; absent for accounts that only sign in with Google. Never selected by default. */
    passwordHash: { type: String, select: false },
    /**
     * A session token carries the version it was issued under; raising it ends every session of the
     * account at once (sign-out, a password change, a demotion). Absent on older accounts: 0.
     */
    sessionVersion: { type: Number, default: 0, min: 0 },
    /**
     * The SHA-256 digest of the one password-reset link in force and when it expires (lib/auth/password-reset.ts);
     * the link itself is never kept. Indexed: the link finds its account by the digest.
     */
    resetTokenHash: { type: String, select: false, index: true },
    resetTokenExpires: { type: Date, select: false },
    /** SHA-256 digests of the marks of the browsers its owner signed in with, newest last (lib/auth/known-browser.ts). */
    knownBrowsers: { type: [String], select: false, default: undefined },
    /** Set once a session of the account acted as admin, so a demotion, however it is made, ends those sessions. */
    adminSessions: { type: Boolean, default: false },
    // Profile fields of SPEC section 3 (linkdedin is spelled as the spec spells it).
    name: { type: String, trim: true, maxlength: 120, default: "" },
    education: { type: String, trim: true, maxlength: 200, default: "" },
    linkdedin: { type: String, trim: true, maxlength: 2048, default: "" },
    location: { type: String, trim: true, maxlength: 200, default: "" },
    phoneNumber: { type: String, trim: true, maxlength: 40, default: "" },
    /** My Garage (lib/garage/): the customer's vehicles, as lib/garage/chosen-vehicle.ts writes them, with their names. */
    garage: { type: [{ _id: false, vehicle: { type: String, required: true }, label: { type: String, required: true } }], default: [] },
    /** The garage's vehicle the shop filters by; "" when the customer shops every part. */
    activeVehicle: { type: String, default: "" },
    /**
     * Saved delivery addresses (lib/users/addresses.ts), oldest first, at most ten; exactly one is
     * the default whenever there are any. Each keeps its own _id, which checkout refers to.
     */
    addresses: {
      type: [
        {
          name: { type: String, required: true, trim: true, maxlength: 120 },
          phone: { type: String, required: true, trim: true, maxlength: 40 },
          address: { type: String, required: true, trim: true, maxlength: 500 },
          isDefault: { type: Boolean, default: false },
        },
      ],
      default: undefined,
    },
    /** Mails recorded as due with this account's changes and not yet queued (models/due-mail.ts). */
    mailsDue: { type: [dueMailSchema], default: undefined, select: false },
  },
  { timestamps: true, collection: "users" },
);

// Make Admin and GET /user read the list "users:all" (lib/users/list.ts), not an index; email's own
// unique index serves every other read. The mail sweep finds accounts with mail recorded lately by mailsDue.at
// (lib/mail/relay.ts).
userSchema.index({ "mailsDue.at": 1 });

export type UserFields = InferSchemaType<typeof userSchema>;

export const User: Model<UserFields> = (mongoose.models.User as Model<UserFields>) ?? mongoose.model("User", userSchema);
