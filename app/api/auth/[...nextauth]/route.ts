import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";

type Handler = (request: Request, context: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;

// next-auth v4's App Router handler; options are built per process on first request.
const handler: Handler = (request, context) => (NextAuth(authOptions()) as Handler)(request, context);

export { handler as GET, handler as POST };
