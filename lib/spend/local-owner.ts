/**
 * The implicit local user's id (lib/spend/owner.ts): the spender of what was made with accounts off.
 * Browser-safe, so the spend page can name that user in its own language.
 */
export const LOCAL_OWNER = "local";
