import { describe, expect, it } from "vitest";
import { isCommonPassword } from "@/lib/validation/common-passwords";
import { MESSAGES, signInSchema, signUpSchema } from "@/lib/validation/auth";

const account = { name: "Jane", email: "jane@example.com" };

describe("common passwords at sign-up", () => {
  it("knows the usual suspects, whatever their case", () => {
    for (const weak of ["password", "123456", "qwerty123", "iloveyou", "PassWord1", "  Letmein  ", "TRUSTNO1"]) {
      expect(isCommonPassword(weak), weak).toBe(true);
    }
    expect(isCommonPassword("secret-pass-1")).toBe(false);
    expect(isCommonPassword("correct horse battery")).toBe(false);
  });

  it("refuses a common password at sign-up with a clear message, and keeps the 6-character rule first", () => {
    const common = signUpSchema.safeParse({ ...account, password: "Password1" });
    expect(common.success).toBe(false);
    expect(common.error?.issues.map((i) => i.message)).toEqual([MESSAGES.passwordCommon]);
    const short = signUpSchema.safeParse({ ...account, password: "abc" });
    expect(short.error?.issues[0]?.message).toBe("Must be 6 characters or longer");
    expect(signUpSchema.safeParse({ ...account, password: "secret-pass-1" }).success).toBe(true);
  });

  it("still lets an existing account with a common password sign in", () => {
    expect(signInSchema.safeParse({ email: account.email, password: "password" }).success).toBe(true);
  });
});
