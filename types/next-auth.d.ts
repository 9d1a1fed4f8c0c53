import type { DefaultSession } from "next-auth";
import type { Role } from "@/models/User";

declare module "next-auth" {
  interface Session {
    user: { email: string; name: string; image: string; role: Role } & Omit<DefaultSession["user"], "email" | "name" | "image">;
  }
  interface User {
    role?: Role;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    role?: Role;
    /** The account's session version when this session was issued (lib/auth/session-versions.ts). */
    sessionVersion?: number;
  }
}
