import { createInterface } from "node:readline";
import { wakeLockWaitersThroughRedis } from "@/lib/redis/lock-waker";
import { closeRedis, connectRedis } from "@/lib/redis/connection.mjs";
import { disconnectDb } from "@/lib/storage/connect";
import { withLock } from "@/lib/storage/lock";

// Another server process holding a lock (tests/integration/lock-wakes.test.ts): takes the lock named
// by its argument, prints "held", lets it go on the line "release" (printing "released"), and ends
// on "exit" or when its input ends. Run with tsx --conditions=react-server; MONGODB_URI and REDIS_URL
// from its environment.

const key = process.argv[2]!;
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const nextLine = async () => {
  const line = await lines.next();
  // The test is gone: so is its lock holder.
  if (line.done) process.exit(0);
  return String(line.value).trim();
};

await connectRedis();
wakeLockWaitersThroughRedis();
await withLock(key, "busy", async () => {
  console.log("held");
  while ((await nextLine()) !== "release");
});
console.log("released");
while ((await nextLine()) !== "exit");
await Promise.all([disconnectDb(), closeRedis()]);
