import "server-only";
import { InvalidInputError, NotFoundError } from "@/lib/errors";
import { findAddress } from "@/lib/users/addresses";
import type { DeliveryAddress } from "@/lib/validation/checkout";

/** What the customer chose: a saved address's id, or one typed in full. */
export type AddressChoice = { addressId?: string; name?: string; phone?: string; address?: string };

/** The address to deliver to; another account's id (or one deleted meanwhile) is a 404, so ids cannot be probed. */
export async function deliveryAddress(email: string, choice: AddressChoice): Promise<DeliveryAddress> {
  if (choice.addressId !== undefined) {
    const saved = await findAddress(email, choice.addressId);
    if (!saved) throw new NotFoundError("You have no saved address with this id.");
    return { name: saved.name, phone: saved.phone, address: saved.address };
  }
  if (choice.name === undefined || choice.phone === undefined || choice.address === undefined) {
    throw new InvalidInputError("Choose a saved address or type the name, phone and address to deliver to.");
  }
  return { name: choice.name, phone: choice.phone, address: choice.address };
}
