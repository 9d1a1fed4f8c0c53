import "server-only";
import { Types } from "mongoose";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { type AddressChange, type AddressInput, MAX_ADDRESSES } from "@/lib/validation/addresses";

// The address book's rules, on the list as stored (oldest first): at most MAX_ADDRESSES, and
// exactly one default whenever there are any.

export type StoredAddress = { _id: Types.ObjectId; name: string; phone: string; address: string; isDefault: boolean };

export const ADDRESS_BOOK_FULL = `You can keep up to ${MAX_ADDRESSES} addresses; delete one before adding another.`;
export const NOT_YOUR_ADDRESS = "That address is not in your address book.";
export const DEFAULT_STAYS = "One of your addresses is always the default: make another one the default instead.";

/** The list with exactly one default: the first marked one, else the oldest (a list written past the shop may have none or several). */
export function withOneDefault(list: StoredAddress[]): StoredAddress[] {
  const chosen = Math.max(0, list.findIndex((entry) => entry.isDefault));
  return list.map((entry, index) => ({ ...entry, isDefault: index === chosen }));
}

const makeDefault = (list: StoredAddress[], id: Types.ObjectId) => list.map((entry) => ({ ...entry, isDefault: entry._id.equals(id) }));

function indexOf(list: StoredAddress[], id: string): number {
  const index = Types.ObjectId.isValid(id) ? list.findIndex((entry) => entry._id.equals(id)) : -1;
  if (index < 0) throw new NotFoundError(NOT_YOUR_ADDRESS);
  return index;
}

/** The list with a new address at its end; the first one saved is the default whatever it asks. */
export function withAdded(list: StoredAddress[], input: AddressInput): { list: StoredAddress[]; added: StoredAddress } {
  if (list.length >= MAX_ADDRESSES) throw new ConflictError(ADDRESS_BOOK_FULL);
  const added = { _id: new Types.ObjectId(), name: input.name, phone: input.phone, address: input.address, isDefault: false };
  const next = [...list, added];
  return { list: list.length === 0 || input.isDefault ? makeDefault(next, added._id) : next, added };
}

/** The list with one address changed; it can be made the default, never unmade (another is made the default instead). */
export function withChanged(list: StoredAddress[], id: string, change: AddressChange): StoredAddress[] {
  const index = indexOf(list, id);
  const old = list[index]!;
  if (change.isDefault === false && old.isDefault) throw new ConflictError(DEFAULT_STAYS);
  const changed = { ...old, name: change.name ?? old.name, phone: change.phone ?? old.phone, address: change.address ?? old.address };
  const next = list.map((entry, at) => (at === index ? changed : entry));
  return change.isDefault ? makeDefault(next, old._id) : next;
}

/** The list without one address; when it was the default, the oldest remaining one is. */
export function withRemoved(list: StoredAddress[], id: string): StoredAddress[] {
  const index = indexOf(list, id);
  return withOneDefault(list.filter((_, at) => at !== index));
}
