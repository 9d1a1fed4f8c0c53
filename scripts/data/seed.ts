// npm run seed: fills an empty shop (parts, reviews, admin); safe to run again.
import { disconnectDb } from "@/lib/storage/connect";
import { seedDatabase } from "@/lib/seed/seed";

try {
  const report = await seedDatabase();
  console.log(`[seed] parts added: ${report.partsAdded}, parts given fitment: ${report.partsFitted}, reviews added: ${report.reviewsAdded}, synonym groups added: ${report.synonymGroupsAdded}, admin: ${report.admin}`);
} catch (error) {
  console.error(`[seed] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await disconnectDb();
}
