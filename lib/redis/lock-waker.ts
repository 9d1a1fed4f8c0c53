import "server-only";
import { listenRedis, onRedis, redisConfigured, redisNamespace } from "@/lib/redis/connection.mjs";
import { hearNothingMore, hearReleased, chooseLockWaker } from "@/lib/storage/lock-wakes";

// The storage layer's locks (lib/storage/lock.ts) woken through Redis: a process that lets a lock go
// publishes its key, every process hears it, and its waiter for that lock tries again at once. Processes
// polling the database for one part's lock made two processes slower than one on the order path.

const channel = () => `locks:${redisNamespace()}:released`;

/** Hands the lock layer a Redis waker, when REDIS_URL is set (at server start). */
export function wakeLockWaitersThroughRedis(): void {
  if (!redisConfigured()) return;
  const listening = listenRedis(channel(), (message) => hearReleased(keysIn(message)), hearNothingMore);
  chooseLockWaker({
    listening,
    announce(keys) {
      void onRedis((client) => client.publish(channel(), JSON.stringify(keys)));
    },
  });
}

function keysIn(message: string): string[] {
  try {
    const keys: unknown = JSON.parse(message);
    return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === "string") : [];
  } catch {
    return [];
  }
}
