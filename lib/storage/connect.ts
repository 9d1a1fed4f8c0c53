import "server-only";
import mongoose from "mongoose";

// Filters built from user input can never carry query operators: a nested
// `{ $gt: "" }` is wrapped in `$eq`. Our own operators are marked with mongoose.trusted().
mongoose.set("sanitizeFilter", true);
mongoose.set("strictQuery", true);

type Cache = { promise: Promise<typeof mongoose> | null };
const globalForDb = globalThis as typeof globalThis & { __autopartsDb?: Cache };
// Kept on globalThis so `next dev` hot reloads reuse one connection.
const cache: Cache = (globalForDb.__autopartsDb ??= { promise: null });

export class DatabaseConfigError extends Error {}

export function databaseUri(): string {
  const uri = process.env.MONGODB_URI;
  if (!uri) {
    throw new DatabaseConfigError(
      "MONGODB_URI is not set. Start the shop with `npm start` (it starts the embedded database) or set MONGODB_URI.",
    );
  }
  return uri;
}

/** The one shared mongoose connection; connects on first use and again after a failure. */
export async function connectDb(): Promise<typeof mongoose> {
  if (mongoose.connection.readyState === 1) return mongoose;
  cache.promise ??= mongoose
    .connect(databaseUri(), {
      // Bounded waits: a missing database fails a request in seconds, never hangs it.
      serverSelectionTimeoutMS: 5_000,
      connectTimeoutMS: 5_000,
      socketTimeoutMS: 30_000,
      maxPoolSize: 20,
    })
    .catch((error: unknown) => {
      cache.promise = null;
      throw error;
    });
  return cache.promise;
}

export async function disconnectDb(): Promise<void> {
  cache.promise = null;
  await mongoose.disconnect();
}

/** Marks an operator object we wrote ourselves as safe from sanitizeFilter. */
export const trusted = <T extends object>(filter: T): T => mongoose.trusted(filter) as T;
