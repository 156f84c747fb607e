import type { z } from "zod";
import type { AssetView } from "../assets/types";
import type { BatchDetail, BatchPage } from "../batches/types";
import type { ConversationDetail, MessageView } from "../chat/types";
import type { CollectionMemberView } from "../collections/members";
import type { CollectionSummary } from "../collections/summary";
import type { GalleryFacets, GalleryItemDetail, GalleryPage, TagCount } from "../gallery/types";
import type { SequenceDetail } from "../sequences/read-sequence";
import type { listSequences } from "../sequences/sequences";
import type { SpendReport } from "../spend/types";
import type { OpenAiVideo } from "../tasks/openai-videos";
import type { PresentedTask } from "../tasks/present-task";
import type { PresentedTaskSummary } from "../tasks/prompt-preview";
import type { createEndpoint, PresentedEndpoint } from "../webhooks/endpoints";
import type * as schemas from "./schemas";

/**
 * Compile-time half of the response checks: each route's answer type, as JSON (dates as strings),
 * must fit the schema the document publishes for it, so `tsc` fails when a type changes away from
 * its schema; the ajv tests (responses.test.ts) check the real answers at run time.
 */
type Json<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;

type Fits<T, S extends z.ZodType> = [Json<T>] extends [z.output<S>] ? true : never;

export const conforms: Record<string, true> = {
  task: true satisfies Fits<PresentedTask, typeof schemas.task>,
  taskPage: true satisfies Fits<
    { items: PresentedTaskSummary[]; nextCursor: string | null },
    typeof schemas.taskPage
  >,
  openAiVideo: true satisfies Fits<OpenAiVideo, typeof schemas.openAiVideo>,
  galleryPage: true satisfies Fits<GalleryPage, typeof schemas.galleryPage>,
  galleryItemDetail: true satisfies Fits<GalleryItemDetail, typeof schemas.galleryItemDetail>,
  batchPage: true satisfies Fits<BatchPage, typeof schemas.batchPage>,
  batchDetail: true satisfies Fits<BatchDetail, typeof schemas.batchDetail>,
  sequenceList: true satisfies Fits<
    { items: Awaited<ReturnType<typeof listSequences>> },
    typeof schemas.sequenceList
  >,
  sequenceDetail: true satisfies Fits<SequenceDetail, typeof schemas.sequenceDetail>,
  collection: true satisfies Fits<CollectionSummary, typeof schemas.collectionSummary>,
  collectionList: true satisfies Fits<{ collections: CollectionSummary[] }, typeof schemas.collectionList>,
  spendReport: true satisfies Fits<SpendReport, typeof schemas.spendReport>,
  galleryFacets: true satisfies Fits<GalleryFacets, typeof schemas.galleryFacets>,
  tagList: true satisfies Fits<{ tags: TagCount[] }, typeof schemas.tagList>,
  asset: true satisfies Fits<AssetView, typeof schemas.asset>,
  assetList: true satisfies Fits<{ assets: AssetView[] }, typeof schemas.assetList>,
  collectionMember: true satisfies Fits<CollectionMemberView, typeof schemas.collectionMember>,
  collectionMemberList: true satisfies Fits<
    { members: CollectionMemberView[] },
    typeof schemas.collectionMemberList
  >,
  chatMessageList: true satisfies Fits<{ messages: MessageView[] }, typeof schemas.chatMessageList>,
  chatConversationDetail: true satisfies Fits<ConversationDetail, typeof schemas.chatConversationDetail>,
  webhookEndpoint: true satisfies Fits<PresentedEndpoint, typeof schemas.webhookEndpoint>,
  webhookEndpointList: true satisfies Fits<
    { endpoints: PresentedEndpoint[] },
    typeof schemas.webhookEndpointList
  >,
  webhookEndpointWithSecret: true satisfies Fits<
    Awaited<ReturnType<typeof createEndpoint>>,
    typeof schemas.webhookEndpointWithSecret
  >,
};
