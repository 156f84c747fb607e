export { createShareLink, listShareLinks, revokeShareLink, updateShareLink, toShareSummary } from "./links";
export { findShareLink, requireGrantedItem, resolveShare, type ShareGrant } from "./resolve";
export { guestSession, nameGuest, type GuestSession } from "./guest";
export { unlockShare } from "./unlock";
export { sharePage, type SharePage, type SharedItem, type SharedMedia } from "./page-data";
export { sharedMediaResponse, sharedThumbnailResponse, sharedZipResponse } from "./media";
export { shareGonePage } from "./gone-page";
