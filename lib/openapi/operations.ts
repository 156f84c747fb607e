import { z } from "zod";
import { approvalBodySchema } from "../approvals/schema";
import { auditFilterSchema, auditListSchema } from "../audit/schema";
import { createAssetSchema, updateAssetSchema, uploadAssetSchema } from "../assets/schema";
import {
  budgetSchema,
  loginSchema,
  newUserSchema,
  resetPasswordSchema,
  setupSchema,
  userDeleteSchema,
  userPatchSchema,
} from "../auth/request-schemas";
import { uploadFileForm } from "../http/multipart";
import { mcpMessageSchema } from "../mcp/envelope";
import { videoFormSchema } from "../tasks/openai-videos";
import { generateContentRequestSchema } from "../upstream/native-schema";
import { changePasswordSchema } from "../auth/self-service";
import { newTokenSchema } from "../auth/tokens";
import { setLocaleSchema } from "../i18n/user-locale";
import { attachFromGallerySchema, editMessageSchema, sendMessageSchema } from "../chat/send-schema";
import { conversationPatchSchema } from "../chat/settings-schema";
import { commentPatchSchema, newCommentSchema } from "../comments/schema";
import { bulkActionSchema, reviewPatchSchema } from "../gallery/review";
import { zipRequestSchema } from "../gallery/zip";
import { shownEditSchema } from "../vision/description-schema";
import { improvePromptSchema } from "../vision/improve-schema";
import { scoreScopeQuery, scoreTakesSchema } from "../vision/score-schema";
import { describeSettingsSchema } from "../vision/settings-schema";
import { createWebhookSchema, updateWebhookSchema } from "../webhooks/schema";
import {
  createShareSchema,
  guestApprovalSchema,
  guestCommentSchema,
  guestNameSchema,
  unlockSchema,
  updateShareSchema,
} from "../shares/schema";
import { batchRequestSchema } from "../batches/request-schema";
import {
  addMemberSchema,
  changeRoleSchema,
  createCollectionSchema,
  itemIdsSchema,
  moveSchema,
  updateCollectionSchema,
} from "../collections/schema";
import {
  assembleSchema,
  createSequenceSchema,
  pickSchema,
  shotInputSchema,
  updateSequenceSchema,
  updateShotSchema,
} from "../sequences/schema";
import { listBatchesQuery } from "../batches/read-batches";
import { retryItemSchema } from "../batches/retry-item";
import { spendQuery } from "../spend/ledger";
import { listTasksQuery } from "../tasks/list-tasks";
import { retryDownloadSchema } from "../tasks/retry-download";
import { estimateBodySchema, taskBodySchema, v1VideoBodySchema } from "./model-bodies";
import {
  asset,
  assetList,
  batchDetail,
  batchPage,
  chatConversationDetail,
  chatMessageList,
  collectionList,
  collectionMemberList,
  collectionMember,
  collectionSummary,
  galleryFacets,
  galleryItemDetail,
  galleryPage,
  openAiVideo,
  sequenceDetail,
  sequenceList,
  spendReport,
  tagList,
  task,
  taskPage,
  v1CreateAnswer,
  webhookEndpoint,
  webhookEndpointList,
  webhookEndpointWithSecret,
} from "./schemas";

/**
 * Every /api operation, listed once (route-coverage in lib/openapi/document.test.ts fails when a
 * route file exports a method that is missing here, or the other way round). Request schemas are
 * imported from where the routes take them, so the document cannot disagree with what a route parses.
 */
export type Access = "public" | "user" | "admin" | "file";
export type Operation = {
  method: "get" | "post" | "put" | "patch" | "delete" | "head";
  path: string;
  access: Access;
  summary: string;
  query?: z.ZodObject;
  /** The JSON body. */
  body?: z.ZodType;
  /** The multipart/form-data body (text fields and file fields, z.file()). */
  form?: z.ZodType;
  /** Also takes the file as the raw body with X-File-Name (the upload routes). */
  raw?: boolean;
  /** A body may be left out. */
  bodyOptional?: boolean;
  /** The success answer: a JSON schema, "binary" for a file, or "none" for an empty answer. */
  response?: z.ZodType | "binary" | "none";
  status?: number;
};

const galleryQuery = z.object({
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  q: z.string().optional().meta({ description: "Full-text search over prompts, models and tags." }),
  type: z.enum(["video", "image", "sequence"]).optional(),
  model: z.string().optional(),
  status: z.string().optional(),
  favorite: z.string().optional(),
  rating: z.string().optional(),
  tag: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  batch: z.string().optional(),
  user: z.string().optional().meta({ description: "Admins: another user's items." }),
  sort: z.enum(["newest", "score"]).optional().meta({
    description:
      "newest (default): newest first. score: items whose take has a score (0–5) best first, ties and the rest newest first; the cursor belongs to its order.",
  }),
});

// Query schemas with cross-field transforms publish their input object (the checks still apply).
const spendInput = spendQuery.in as unknown as z.ZodObject;

const op = (
  method: Operation["method"],
  path: string,
  access: Access,
  summary: string,
  extra: Partial<Operation> = {},
): Operation => ({ method, path, access, summary, ...extra });

const bin = { response: "binary" as const };
export const OPERATIONS: Operation[] = [
  op(
    "post",
    "/api/v2/model-center/tasks",
    "user",
    "Submit a task (validated against the model's rules, then budget admission)",
    { body: taskBodySchema(), response: task },
  ),
  op(
    "get",
    "/api/v2/model-center/tasks/{id}",
    "user",
    "Get a task (refreshed from the upstream while running)",
    { response: task },
  ),
  op("get", "/api/tasks", "user", "List your tasks, newest first", {
    query: listTasksQuery,
    response: taskPage,
  }),
  op("post", "/api/tasks/estimate", "user", "Estimate a task's credits before submitting", {
    body: estimateBodySchema(),
  }),
  op("post", "/api/tasks/{id}/media/retry", "user", "Download a task's unstored result files again", {
    body: retryDownloadSchema,
    response: task,
    status: 202,
  }),
  op(
    "post",
    "/api/v1/{family}/videos",
    "user",
    "Create a video on a v1 family endpoint (JSON: the studio's task; a form, as the openai SDK sends it: OpenAI's video object)",
    { body: v1VideoBodySchema(), form: videoFormSchema, response: v1CreateAnswer },
  ),
  op("get", "/api/v1/{family}/videos/{id}", "user", "Get a v1 family video (OpenAI's video object)", {
    response: openAiVideo,
  }),
  op("get", "/api/v1/{family}/videos/{id}/content", "user", "The stored video (or ?variant=thumbnail)", bin),
  op("head", "/api/v1/{family}/videos/{id}/content", "user", "The stored video's headers", bin),
  op("get", "/api/gallery", "user", "List or search the gallery", {
    query: galleryQuery,
    response: galleryPage,
  }),
  op("get", "/api/gallery/facets", "user", "Counts per model, type and tag for the gallery filters", {
    response: galleryFacets,
  }),
  op("get", "/api/gallery/tags", "user", "Tags in use", { response: tagList }),
  op("post", "/api/gallery/bulk", "user", "Change many gallery items at once", { body: bulkActionSchema }),
  op("post", "/api/gallery/zip", "user", "Download gallery items as a zip", {
    body: zipRequestSchema,
    ...bin,
  }),
  op("get", "/api/gallery/items/{id}", "user", "A gallery item", { response: galleryItemDetail }),
  op("patch", "/api/gallery/items/{id}", "user", "Change a gallery item (favorite, rating, tags)", {
    body: reviewPatchSchema,
  }),
  op("delete", "/api/gallery/items/{id}", "user", "Delete a gallery item"),
  op("get", "/api/gallery/items/{id}/download", "user", "Download a gallery item's stored file", bin),
  op("get", "/api/gallery/items/{id}/reference", "user", "A gallery item as a reference for a new task"),
  op("get", "/api/gallery/items/{id}/shown", "user", "What the vision model saw in a gallery item"),
  op("put", "/api/gallery/items/{id}/shown", "user", "Edit a gallery item's caption and tags", {
    body: shownEditSchema,
  }),
  op("post", "/api/gallery/items/{id}/shown", "user", "Describe a gallery item now", { status: 202 }),
  op("get", "/api/gallery/items/{id}/similar", "user", "Items sharing caption words and tags with this one"),
  op("get", "/api/vision/settings", "user", "Whether results are described once stored"),
  op("put", "/api/vision/settings", "user", "Turn describing on or off (yours; an admin's: everyone's)", {
    body: describeSettingsSchema,
  }),
  op("get", "/api/vision/score", "user", "Whether a batch's or sequence shot's takes are scored", {
    query: scoreScopeQuery,
  }),
  op("put", "/api/vision/score", "user", "Score a batch's or sequence shot's takes against their prompt", {
    body: scoreTakesSchema,
  }),
  op("post", "/api/vision/improve-prompt", "user", "Propose a better prompt within a model's limits", {
    body: improvePromptSchema,
  }),
  op("get", "/api/gallery/items/{id}/comments", "user", "Comments on a gallery item"),
  op("post", "/api/gallery/items/{id}/comments", "user", "Comment on a gallery item", {
    body: newCommentSchema,
  }),
  op("patch", "/api/comments/{id}", "user", "Edit or resolve a comment", { body: commentPatchSchema }),
  op("delete", "/api/comments/{id}", "user", "Delete a comment"),
  op("get", "/api/media/{id}", "file", "A stored result file (also by signed link)", bin),
  op("head", "/api/media/{id}", "file", "A stored result file's headers", bin),
  op("get", "/api/media/{id}/thumbnail", "file", "A stored result's thumbnail", bin),
  op("head", "/api/media/{id}/thumbnail", "file", "A stored result's thumbnail headers", bin),
  op("post", "/api/uploads", "user", "Upload a reference file", {
    form: uploadFileForm,
    raw: true,
    status: 201,
  }),
  op("get", "/api/uploads/{id}", "file", "An uploaded reference file", bin),
  op("head", "/api/uploads/{id}", "file", "An uploaded reference file's headers", bin),
  op("get", "/api/batches", "user", "List your batches", { query: listBatchesQuery, response: batchPage }),
  op(
    "post",
    "/api/batches",
    "user",
    "Plan a batch of tasks (all validated first; budget admission for the whole)",
    { body: batchRequestSchema, response: batchDetail, status: 201 },
  ),
  op("get", "/api/batches/{id}", "user", "A batch with its items", { response: batchDetail }),
  op("post", "/api/batches/{id}/resume", "user", "Resume a paused batch"),
  op("post", "/api/batches/{id}/items/{itemId}/retry", "user", "Retry a batch item", {
    body: retryItemSchema,
    response: batchDetail,
  }),
  op("get", "/api/spend", "user", "Credits spent per day and model, with the budget", {
    query: spendInput,
    response: spendReport,
  }),
  op("get", "/api/activity", "user", "Recent task activity"),
  op("get", "/api/health", "public", "Liveness and dependencies"),
  op("get", "/api/health/tracker", "user", "The task tracker's health"),
  op("get", "/api/openapi.json", "public", "This document"),
  op(
    "post",
    "/api/llm/v1/models/{target}",
    "user",
    "Text models (Gemini API shape: generateContent, streamGenerateContent)",
    { body: generateContentRequestSchema },
  ),
  op("get", "/api/assets", "user", "Asset-library assets", { response: assetList }),
  op("post", "/api/assets", "user", "Register an asset", {
    body: createAssetSchema,
    form: createAssetSchema.extend({ preview: z.file().optional() }),
    response: asset,
    status: 201,
  }),
  op("post", "/api/assets/upload", "user", "Upload an asset", {
    form: uploadAssetSchema.extend({ file: z.file() }),
    response: asset,
    status: 201,
  }),
  op("patch", "/api/assets/{id}", "user", "Change an asset", { body: updateAssetSchema, response: asset }),
  op("delete", "/api/assets/{id}", "user", "Delete an asset"),
  op("get", "/api/assets/{id}/preview", "user", "An asset's preview", bin),
  op("head", "/api/assets/{id}/preview", "user", "An asset's preview headers", bin),
  op("get", "/api/collections", "user", "Your collections", { response: collectionList }),
  op("post", "/api/collections", "user", "Create a collection", {
    body: createCollectionSchema,
    response: collectionSummary,
    status: 201,
  }),
  op("get", "/api/collections/{id}", "user", "A collection", { response: collectionSummary }),
  op("patch", "/api/collections/{id}", "user", "Change a collection", {
    body: updateCollectionSchema,
    response: collectionSummary,
  }),
  op("delete", "/api/collections/{id}", "user", "Delete a collection"),
  op("get", "/api/collections/{id}/zip", "user", "A collection as a zip", bin),
  op("get", "/api/collections/{id}/items", "user", "A collection's items"),
  op("post", "/api/collections/{id}/items", "user", "Add items to a collection", { body: itemIdsSchema }),
  op("delete", "/api/collections/{id}/items", "user", "Remove items from a collection", {
    body: itemIdsSchema,
  }),
  op("post", "/api/collections/{id}/items/order", "user", "Reorder a collection's items", {
    body: moveSchema,
  }),
  op("get", "/api/collections/{id}/items/{taskId}", "user", "One item of a collection"),
  op("get", "/api/collections/{id}/items/{taskId}/approval", "user", "An item's approval state"),
  op("put", "/api/collections/{id}/items/{taskId}/approval", "user", "Approve or reject an item", {
    body: approvalBodySchema,
  }),
  op("get", "/api/collections/{id}/members", "user", "A collection's members", {
    response: collectionMemberList,
  }),
  op("post", "/api/collections/{id}/members", "user", "Add a member to a collection", {
    body: addMemberSchema,
    response: collectionMember,
    status: 201,
  }),
  op("patch", "/api/collections/{id}/members/{userId}", "user", "Change a member's role", {
    body: changeRoleSchema,
    response: collectionMember,
  }),
  op("delete", "/api/collections/{id}/members/{userId}", "user", "Remove a member"),
  op("get", "/api/shares", "user", "Your share links"),
  op("post", "/api/shares", "user", "Create a share link", { body: createShareSchema }),
  op("patch", "/api/shares/{id}", "user", "Change a share link", { body: updateShareSchema }),
  op("delete", "/api/shares/{id}", "user", "Revoke a share link"),
  op("get", "/api/s/{token}", "public", "A shared collection (the token is the credential)"),
  op("post", "/api/s/{token}/unlock", "public", "Unlock a password-protected share", { body: unlockSchema }),
  op("put", "/api/s/{token}/guest", "public", "Name the guest of a share", { body: guestNameSchema }),
  op("get", "/api/s/{token}/zip", "public", "A shared collection as a zip", bin),
  op("get", "/api/s/{token}/media/{mediaId}", "public", "A shared file", bin),
  op("head", "/api/s/{token}/media/{mediaId}", "public", "A shared file's headers", bin),
  op("get", "/api/s/{token}/media/{mediaId}/thumbnail", "public", "A shared file's thumbnail", bin),
  op("head", "/api/s/{token}/media/{mediaId}/thumbnail", "public", "A shared thumbnail's headers", bin),
  op("get", "/api/s/{token}/items/{taskId}/comments", "public", "Comments on a shared item"),
  op("post", "/api/s/{token}/items/{taskId}/comments", "public", "Comment on a shared item", {
    body: guestCommentSchema,
    status: 201,
  }),
  op("get", "/api/s/{token}/items/{taskId}/approval", "public", "A shared item's approval state"),
  op("put", "/api/s/{token}/items/{taskId}/approval", "public", "Approve or reject a shared item", {
    body: guestApprovalSchema,
  }),
  op("patch", "/api/s/{token}/comments/{commentId}", "public", "Edit a guest comment", {
    body: commentPatchSchema,
  }),
  op("delete", "/api/s/{token}/comments/{commentId}", "public", "Delete a guest comment"),
  op("get", "/api/chat/conversations", "user", "Your conversations"),
  op("post", "/api/chat/conversations", "user", "Start a conversation", { body: conversationPatchSchema }),
  op("get", "/api/chat/conversations/{id}", "user", "A conversation", { response: chatConversationDetail }),
  op("patch", "/api/chat/conversations/{id}", "user", "Rename a conversation", {
    body: conversationPatchSchema,
  }),
  op("delete", "/api/chat/conversations/{id}", "user", "Delete a conversation"),
  op("get", "/api/chat/conversations/{id}/messages", "user", "A conversation's messages", {
    response: chatMessageList,
  }),
  op("post", "/api/chat/conversations/{id}/messages", "user", "Send a message (streamed answer)", {
    body: sendMessageSchema,
  }),
  op("post", "/api/chat/conversations/{id}/regenerate", "user", "Regenerate the last answer"),
  op("post", "/api/chat/messages/{id}/edit", "user", "Edit a message and answer again", {
    body: editMessageSchema,
  }),
  op("post", "/api/chat/messages/{id}/stop", "user", "Stop a streaming answer"),
  op("post", "/api/chat/attachments", "user", "Attach a file to a chat", {
    form: uploadFileForm,
    raw: true,
    status: 201,
  }),
  op("post", "/api/chat/attachments/from-gallery", "user", "Attach a gallery item to a chat", {
    body: attachFromGallerySchema,
  }),
  op("get", "/api/chat/attachments/{id}", "file", "A chat attachment", bin),
  op("delete", "/api/chat/attachments/{id}", "user", "Delete a chat attachment"),
  op("get", "/api/auth/session", "public", "Who is signed in"),
  op("post", "/api/auth/login", "public", "Sign in (sets the session cookie)", { body: loginSchema }),
  op("post", "/api/auth/sso", "public", "Start single sign-on (303 to the identity provider)", {
    status: 303,
  }),
  op(
    "get",
    "/api/auth/sso/callback",
    "public",
    "Single sign-on's return (303 home, or to /login?sso_error=…)",
    {
      status: 303,
    },
  ),
  op("post", "/api/auth/logout", "public", "Sign out"),
  op("post", "/api/auth/setup", "public", "Create the first admin", {
    body: setupSchema,
    status: 201,
  }),
  op("post", "/api/account/password", "user", "Change your password (session only)", {
    body: changePasswordSchema,
  }),
  op("put", "/api/account/locale", "public", "Choose the interface language (account and cookie)", {
    body: setLocaleSchema,
  }),
  op("get", "/api/account/tokens", "user", "Your API tokens (session only)"),
  op("post", "/api/account/tokens", "user", "Create an API token (session only)", { body: newTokenSchema }),
  op("delete", "/api/account/tokens/{id}", "user", "Revoke an API token (session only)"),
  op("get", "/api/admin/users", "admin", "Users (session only)"),
  op("post", "/api/admin/users", "admin", "Create a user (session only)", {
    body: newUserSchema,
    status: 201,
  }),
  op("patch", "/api/admin/users/{id}", "admin", "Change a user (session only)", {
    body: userPatchSchema,
  }),
  op("delete", "/api/admin/users/{id}", "admin", "Delete a user (session only)", {
    body: userDeleteSchema,
    bodyOptional: true,
  }),
  op("post", "/api/admin/users/{id}/password", "admin", "Set a user's password (session only)", {
    body: resetPasswordSchema,
  }),
  op("put", "/api/admin/users/{id}/budget", "admin", "Set a user's budget (session only)", {
    body: budgetSchema,
  }),
  // Observability (issue 26): liveness beside readiness, for load balancers.
  op("get", "/api/health/live", "public", "200 while the process answers; asks no dependency"),
  op("get", "/api/admin/audit", "admin", "Audit log entries, newest first", {
    query: auditListSchema,
  }),
  op("get", "/api/admin/audit/export", "admin", "The audit log as CSV", {
    query: auditFilterSchema,
    ...bin,
  }),
  // Faults (issue 20), continue from the last frame and sequences (issue 22), MCP and webhooks (issue 23).
  op("get", "/api/health/ready", "public", "200 while the database and the media store answer, else 503"),
  op(
    "post",
    "/api/gallery/items/{id}/last-frame",
    "user",
    "The last frame of a stored video, as a signed link",
  ),
  op("post", "/api/mcp", "user", "MCP over Streamable HTTP (stateless JSON answers)", {
    body: mcpMessageSchema,
  }),
  op("get", "/api/mcp", "user", "405: a stateless MCP server has no stream"),
  op("delete", "/api/mcp", "user", "405: a stateless MCP server has no session"),
  op("get", "/api/sequences", "user", "Your sequences", { response: sequenceList }),
  op("post", "/api/sequences", "user", "Create a sequence", {
    body: createSequenceSchema,
    response: sequenceDetail,
    status: 201,
  }),
  op("get", "/api/sequences/{id}", "user", "A sequence with its shots, takes and assemblies", {
    response: sequenceDetail,
  }),
  op("patch", "/api/sequences/{id}", "user", "Change a sequence", {
    body: updateSequenceSchema,
    response: sequenceDetail,
  }),
  op("delete", "/api/sequences/{id}", "user", "Delete a sequence"),
  op("post", "/api/sequences/{id}/duplicate", "user", "Duplicate a sequence"),
  op("post", "/api/sequences/{id}/run", "user", "Run a sequence (admitted against the budget as a whole)"),
  op("delete", "/api/sequences/{id}/run", "user", "Stop a sequence's run"),
  op("post", "/api/sequences/{id}/shots", "user", "Add a shot", { body: shotInputSchema }),
  op("patch", "/api/sequences/{id}/shots/{shotId}", "user", "Change a shot", { body: updateShotSchema }),
  op("delete", "/api/sequences/{id}/shots/{shotId}", "user", "Remove a shot"),
  op("post", "/api/sequences/{id}/shots/{shotId}/pick", "user", "Pick a take", { body: pickSchema }),
  op("post", "/api/sequences/{id}/shots/{shotId}/retry", "user", "Make a shot's takes again"),
  op("get", "/api/sequences/{id}/assemblies", "user", "A sequence's assemblies"),
  op("post", "/api/sequences/{id}/assemblies", "user", "Assemble the picked takes into one film", {
    body: assembleSchema,
  }),
  op("get", "/api/sequences/{id}/assemblies/{assemblyId}", "user", "An assembly's state and progress"),
  op("delete", "/api/sequences/{id}/assemblies/{assemblyId}", "user", "Cancel an assembly"),
  op("get", "/api/webhooks", "user", "Your webhook endpoints (session only)", {
    response: webhookEndpointList,
  }),
  op("post", "/api/webhooks", "user", "Add a webhook endpoint; its secret is shown once (session only)", {
    body: createWebhookSchema,
    response: webhookEndpointWithSecret,
    status: 201,
  }),
  op("get", "/api/webhooks/{id}", "user", "A webhook endpoint (session only)", {
    response: webhookEndpoint,
  }),
  op("patch", "/api/webhooks/{id}", "user", "Change a webhook endpoint (session only)", {
    body: updateWebhookSchema,
    response: webhookEndpoint,
  }),
  op("delete", "/api/webhooks/{id}", "user", "Delete a webhook endpoint (session only)"),
  op("post", "/api/webhooks/{id}/rotate", "user", "A new signing secret, shown once (session only)"),
  op("post", "/api/webhooks/{id}/test", "user", "Send a webhook.test event (session only)"),
  op("get", "/api/webhooks/{id}/deliveries", "user", "An endpoint's deliveries and attempts (session only)"),
  op("post", "/api/webhooks/deliveries/{id}/redeliver", "user", "Send a delivery again, same webhook-id"),
];
