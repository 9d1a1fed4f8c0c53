// A small menu's entries, as the vehicle selector's and the catalogue's menus store them: a slug
// (what URLs and lookups use) and the name as first spelled.

export type MenuEntry = { slug: string; name: string };

export const menuEntriesField = { type: [{ _id: false, slug: { type: String, required: true }, name: { type: String, required: true } }], default: [] };
