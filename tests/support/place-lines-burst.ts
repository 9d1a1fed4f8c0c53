// A burst of checkouts of three parts each, in a process of its own, so a test can kill it with
// SIGKILL mid-burst (tests/integration/place-lines-crash.test.ts). Prints "placed <order id>" as
// each order is acknowledged, as a reply would be sent. Run with tsx --conditions=react-server;
// MONGODB_URI names the database; the arguments are the parts' ids.
import { connectDb } from "@/lib/storage/connect";
import { placeOrderLines } from "@/lib/orders/place-lines";

const partIds = process.argv.slice(2);
const WORKERS = 12;

function threeParts(): { partId: string; quantity: number }[] {
  const chosen = new Set<string>();
  while (chosen.size < 3) chosen.add(partIds[Math.floor(Math.random() * partIds.length)]!);
  return [...chosen].map((partId) => ({ partId, quantity: 1 + Math.floor(Math.random() * 3) }));
}

async function worker(n: number): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      const { order } = await placeOrderLines({
        email: `burst${n}@example.com`,
        name: "Burst Buyer",
        phone: "555-0100",
        address: "1 Burst Road",
        lines: threeParts(),
        deliveryMethod: "standard",
        priceDelivery: () => ({ price: 5, by: new Date() }),
        paymentMethod: "bank-transfer",
        idempotencyKey: `burst-${n}-${i}`,
      });
      process.stdout.write(`placed ${order._id}\n`);
    } catch {
      // Refused (short stock, a busy part): nothing acknowledged.
    }
  }
}

await connectDb();
process.stdout.write("ready\n");
await Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n)));
