// What the address form's server action answers with when it does not redirect. No server
// imports: the form uses it too.

export type AddressField = "name" | "phone" | "address";

export type AddressFormState = {
  /** A refusal of the whole form (the book is full, the address is gone), shown above the buttons. */
  error: string | null;
  /** SPEC 5's message per field, as the server's check found them. */
  fieldErrors: Partial<Record<AddressField, string>>;
  /** What was typed, so a form drawn again by the server keeps it. */
  values: Partial<Record<AddressField, string>> & { isDefault?: boolean };
};

export const EMPTY_ADDRESS_FORM: AddressFormState = { error: null, fieldErrors: {}, values: {} };
