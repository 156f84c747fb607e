export { addComment, commentTaskId, deleteComment, editComment, listComments, setResolved } from "./comments";
export { userActor } from "./actor";
export { mayComment } from "./reach";
export * from "./schema";
export type * from "./types";
