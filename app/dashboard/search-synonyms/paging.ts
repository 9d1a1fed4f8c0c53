/** Groups per page of the Search Synonyms page. */
export const SYNONYM_PAGE_SIZE = 20;
