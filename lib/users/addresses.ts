import "server-only";
import { connectDb } from "@/lib/storage/connect";
import { withLock } from "@/lib/storage/lock";
import { NotFoundError } from "@/lib/errors";
import { type StoredAddress, withAdded, withChanged, withOneDefault, withRemoved } from "@/lib/users/addresses-rules";
import type { AddressView } from "@/lib/users/addresses-view";
import { normaliseEmail } from "@/lib/validation/auth";
import type { AddressChange, AddressInput } from "@/lib/validation/addresses";
import { User } from "@/models/User";

// A signed-in customer's saved delivery addresses (My Profile, checkout). The list lives on the
// account; every change reads and rewrites it under the account's address lock, because the
// embedded database's conditional update is no atomic check-and-set: two adds sent together
// would otherwise both pass the limit, or both become the default.

const BUSY = "Your addresses are being changed by another request; try again in a moment.";

const toView = (entry: StoredAddress): AddressView => ({ _id: String(entry._id), name: entry.name, phone: entry.phone, address: entry.address, isDefault: entry.isDefault });

/** The stored list, oldest first, with exactly one default; null when there is no such account. */
async function readList(email: string): Promise<StoredAddress[] | null> {
  await connectDb();
  const account = await User.findOne({ email }, { addresses: 1 }).lean<{ addresses?: StoredAddress[] }>();
  return account ? withOneDefault(account.addresses ?? []) : null;
}

async function changeList<T>(email: string, change: (list: StoredAddress[]) => { list: StoredAddress[]; result: T }): Promise<T> {
  const normalised = normaliseEmail(email);
  return withLock(`addresses:${normalised}`, BUSY, async () => {
    const list = await readList(normalised);
    if (!list) throw new NotFoundError("There is no user with this email.");
    const next = change(list);
    await User.updateOne({ email: normalised }, { $set: { addresses: next.list } });
    return next.result;
  });
}

/** The account's addresses, oldest first; [] for an account without any (or no account). */
export async function listAddresses(email: string): Promise<AddressView[]> {
  return ((await readList(normaliseEmail(email))) ?? []).map(toView);
}

/** One of the account's own addresses; null when the account has none with this id (another's id included). */
export async function findAddress(email: string, id: string): Promise<AddressView | null> {
  return (await listAddresses(email)).find((entry) => entry._id === id.toLowerCase()) ?? null;
}

/** The account's default address; null when it has none saved. */
export async function defaultAddress(email: string): Promise<AddressView | null> {
  return (await listAddresses(email)).find((entry) => entry.isDefault) ?? null;
}

/** Saves a new address (the first becomes the default); ConflictError when ten are kept already. */
export async function addAddress(email: string, input: AddressInput): Promise<{ address: AddressView; addresses: AddressView[] }> {
  return changeList(email, (list) => {
    const { list: next, added } = withAdded(list, input);
    return { list: next, result: { address: toView(next.find((entry) => entry._id.equals(added._id))!), addresses: next.map(toView) } };
  });
}

/** Changes an address of the account, or makes it the default; NotFoundError for an id it does not have. */
export async function changeAddress(email: string, id: string, change: AddressChange): Promise<{ address: AddressView; addresses: AddressView[] }> {
  return changeList(email, (list) => {
    const next = withChanged(list, id, change);
    return { list: next, result: { address: toView(next.find((entry) => entry._id.equals(id))!), addresses: next.map(toView) } };
  });
}

/** Deletes an address of the account; the oldest remaining one becomes the default when it was. Returns what remains. */
export async function removeAddress(email: string, id: string): Promise<AddressView[]> {
  return changeList(email, (list) => {
    const next = withRemoved(list, id);
    return { list: next, result: next.map(toView) };
  });
}
