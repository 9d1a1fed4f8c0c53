import "server-only";
import { Checkpoint } from "@/lib/storage/models/Checkpoint";

// A time up to which a job has done its work, kept in the database so that the next round, in this
// process or another, starts from there instead of from the beginning.

/** The checkpoint declared once by the job that keeps it; `name` tells it apart from the others. */
export function keepCheckpoint(name: string) {
  return {
    /** Where the job stands; null before its first round. */
    async read(): Promise<Date | null> {
      return (await Checkpoint.findById(name).lean())?.at ?? null;
    },

    /**
     * Moves the checkpoint to `at` unless it stands later already. Two rounds writing at once may
     * leave either time: each is one its own round reached, so neither skips any work.
     */
    async raise(at: Date): Promise<void> {
      const stored = await Checkpoint.findById(name).lean();
      if (stored && stored.at.getTime() >= at.getTime()) return;
      await Checkpoint.updateOne({ _id: name }, { $set: { at } }, { upsert: true });
    },
  };
}
