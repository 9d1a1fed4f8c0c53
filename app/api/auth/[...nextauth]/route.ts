import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { locationOnVisitorsHost } from "@/lib/auth/redirects";
import { BROWSER_ORIGIN_HEADER } from "@/lib/http/origin";

type Handler = (request: Request, context: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;

// next-auth v4's App Router handler; options are built per process on first request.
const handler: Handler = async (request, context) =>
  locationOnVisitorsHost(await (NextAuth(authOptions()) as Handler)(request, context), request.headers.get(BROWSER_ORIGIN_HEADER));

export { handler as GET, handler as POST };
