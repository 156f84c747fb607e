/** Collections (issue 21, docs/decisions/review.md): named, ordered, shareable sets of gallery items. */
export { collectionAccess, itemAccess, can, visibleTaskWhere } from "./access";
export type { CollectionAction, CollectionPower } from "./access";
export { createCollection, deleteCollection, getCollection, listCollections, updateCollection } from "./crud";
export { addItems, removeItems } from "./items";
export { listCollectionItems, collectionItemsQuerySchema } from "./item-page";
export type { CollectionItemView, CollectionItemsPage, CollectionItemsQuery } from "./item-page";
export { addMember, changeMemberRole, listMembers, removeMember } from "./members";
export type { CollectionMemberView } from "./members";
export { moveItem, POSITION_STEP } from "./order";
export type { CollectionSummary, ApprovalProgress } from "./summary";
export { collectionZipResponse } from "./zip";
export { getCollectionItem } from "./item-detail";
export type { CollectionItemDetail } from "./item-detail";
