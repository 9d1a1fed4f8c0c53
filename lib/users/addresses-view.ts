/** A saved delivery address as pages, replies and checkout get it. */
export type AddressView = { _id: string; name: string; phone: string; address: string; isDefault: boolean };
