/** Limits shared by the API schemas and the page's inputs. */
export const MAX_NOTES_LENGTH = 20_000;
export const MAX_TAGS_PER_ITEM = 50;
export const MAX_BULK_ITEMS = 5_000;
