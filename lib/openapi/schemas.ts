import { z } from "zod";
import { APPROVAL_STATUSES } from "../approvals/statuses";
import { ASSET_KINDS, REVIEW_STATES } from "../assets/kinds";
import { ITEM_STATES } from "../batches/types";
import { MEMBER_ROLES } from "../collections/labels";
import { TASK_STATUSES } from "../tasks/status";

/**
 * Response shapes the document publishes. Every field clients rely on is required with its type, so
 * the ajv response tests (lib/openapi/responses.test.ts) fail when a route drops, renames or retypes
 * one; objects stay open, so the studio may add fields. lib/openapi/conforms.ts checks at compile
 * time that each route's TypeScript answer type fits its schema.
 */
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();
const isoTime = z.string().meta({ description: "ISO 8601 date-time." });
const MEDIA_STATES = ["none", "pending", "stored", "partial", "expired", "failed"] as const;

/**
 * A kept failure's code and params beside its English sentence (`<column>`), so a client can word
 * it in another language (lib/errors.ts Failure; the studio's messages `failures.<code>`).
 */
const failureCode = (column: string, examples: string) =>
  nullable(z.string()).meta({
    description: `\`${column}\`'s stable code, e.g. ${examples}; "text" for a sentence kept before codes were. Null when there is none.`,
  });
const failureParams = (column: string) =>
  nullable(z.record(z.string(), z.unknown())).meta({
    description: `What \`${column}\` names, by name (a nested failure is an object with code, message, params). Null when it names nothing.`,
  });
const mediaFailure = {
  errorCode: failureCode("error", "download_url_expired, download_not_media, download_gave_up"),
  errorParams: failureParams("error"),
};
const taskFailure = {
  errorCode: failureCode(
    "error",
    "task_upstream_failed (the upstream's own words, shown as written), tracker_upstream_lost",
  ),
  errorParams: failureParams("error"),
};

export const errorBody = z
  .object({
    error: z.looseObject({
      code: z
        .string()
        .meta({ description: "A stable code (lib/errors.ts ErrorCode), e.g. invalid_request." }),
      message: z.string(),
      issues: z
        .array(
          z.object({
            path: z.string(),
            message: z
              .string()
              .meta({ description: "The rule in English, e.g. must be one of 6, 10 (got 7)." }),
            code: z.string().meta({
              description:
                "A stable code of the rule (lib/catalog/issues.ts), e.g. not_one_of, range, required, too_long; invalid when the rule has none.",
            }),
            params: z
              .record(z.string(), z.unknown())
              .meta({ description: "What the rule names, by code, e.g. { allowed: [6, 10], got: 7 }." }),
          }),
        )
        .optional()
        .meta({
          description:
            "One entry per field that breaks a rule: its path, the rule in English, and its code and params for wording it in another language.",
        }),
    }),
  })
  .meta({ id: "Error" });

export const taskMedia = z
  .looseObject({
    id: z.string(),
    role: z.string().meta({ description: "result | last_frame | extra" }),
    status: z.string().meta({ description: "pending | downloading | stored | expired | failed" }),
    fields: z.array(z.string()),
    contentType: nullable(z.string()),
    size: nullable(z.number()),
    sha256: nullable(z.string()),
    width: nullable(z.number()),
    height: nullable(z.number()),
    durationSec: nullable(z.number()),
    url: nullable(z.string()),
    thumbnailUrl: nullable(z.string()),
    error: nullable(z.string()),
    ...mediaFailure,
    storedAt: nullable(isoTime),
    retryable: z.boolean(),
  })
  .meta({ id: "TaskMedia" });

const taskFields = {
  id: z.string(),
  object: z.string(),
  model: z.string(),
  status: z.enum(TASK_STATUSES),
  progress: nullable(z.number()),
  amount: nullable(z.number()),
  actualDuration: nullable(z.number()),
  error: nullable(z.string()),
  ...taskFailure,
  created: z.number().int().meta({ description: "Unix seconds." }),
  result_url: z.string().optional(),
  video_url: z.string().optional(),
  image_url: z.string().optional(),
  last_frame_url: z.string().optional(),
  upstream_result_urls: z.record(z.string(), z.string()),
};

const taskStudio = {
  submittedAt: isoTime,
  startedAt: nullable(isoTime),
  finishedAt: nullable(isoTime),
  mediaState: z.enum(MEDIA_STATES),
  lastPollError: nullable(z.string()),
  lastPollErrorCode: failureCode(
    "lastPollError",
    "upstream_unreachable, upstream_rejected, tracker_unexpected",
  ),
  lastPollErrorParams: failureParams("lastPollError"),
  awaitingResultUrls: z.boolean(),
  media: z.array(taskMedia),
};

export const task = z
  .looseObject({
    ...taskFields,
    studio: z.looseObject({ ...taskStudio, request: z.record(z.string(), z.unknown()) }),
  })
  .meta({ id: "Task" });

export const taskPage = z
  .looseObject({
    items: z.array(
      z
        .looseObject({
          ...taskFields,
          studio: z.looseObject({ ...taskStudio, prompt: z.string(), promptTruncated: z.boolean() }),
        })
        .meta({ id: "TaskSummary" }),
    ),
    nextCursor: nullable(z.string()),
  })
  .meta({ id: "TaskPage" });

/** OpenAI's video object (what the openai SDK reads), the studio's task fields kept alongside. */
export const openAiVideo = z
  .looseObject({
    ...taskFields,
    object: z.literal("video"),
    status: z.enum(["queued", "in_progress", "completed", "failed"]),
    progress: z.number().min(0).max(100),
    created_at: z.number().int(),
    completed_at: nullable(z.number().int()),
    expires_at: z.null(),
    prompt: z.string(),
    seconds: z.string(),
    size: z.string(),
    error: nullable(z.looseObject({ code: z.string(), message: z.string() })),
    studio: z.looseObject({ ...taskStudio, request: z.record(z.string(), z.unknown()) }),
  })
  .meta({ id: "OpenAiVideo" });

export const v1CreateAnswer = z.union([task, openAiVideo]).meta({
  description: "A JSON body answers the studio's Task; a form (the openai SDK) answers OpenAiVideo.",
});

export const galleryMedia = z
  .looseObject({
    id: z.string(),
    role: z.string(),
    contentType: nullable(z.string()),
    size: nullable(z.number()),
    status: z.string(),
    url: z.string(),
    thumbnailUrl: nullable(z.string()),
    width: nullable(z.number()),
    height: nullable(z.number()),
    durationSec: nullable(z.number()),
  })
  .meta({ id: "GalleryMedia" });

const galleryItemFields = {
  id: z.string().meta({ description: "The task id." }),
  model: z.string(),
  v1Family: nullable(z.string()),
  kind: z.string().meta({ description: "video | image" }),
  status: z.string().meta({ description: TASK_STATUSES.join(" | ") }),
  mediaState: z.string().meta({ description: MEDIA_STATES.join(" | ") }),
  expired: z.boolean(),
  prompt: z.string(),
  promptTruncated: z.boolean(),
  favorite: z.boolean(),
  rating: nullable(z.number().int()),
  tags: z.array(z.string()),
  submittedAt: isoTime,
  error: nullable(z.string()),
  ...taskFailure,
};

export const galleryItem = z
  .looseObject({
    ...galleryItemFields,
    media: z.array(galleryMedia),
    shown: z
      .object({ caption: z.string(), tags: z.array(z.string()), highlight: z.array(z.string()) })
      .optional()
      .meta({ description: "With a search: the caption and tags, when a searched word was found there." }),
    takeScore: z
      .object({ score: z.number().int(), reason: z.string() })
      .optional()
      .meta({ description: "With sort=score: the take's score against its prompt (0–5) and why." }),
  })
  .meta({ id: "GalleryItem" });

export const galleryItemDetail = z
  .looseObject({
    ...galleryItemFields,
    media: z.array(
      galleryMedia.extend({
        fields: z.array(z.string()),
        sha256: nullable(z.string()),
        sourceUrl: z.string(),
        error: nullable(z.string()),
        ...mediaFailure,
        storedAt: nullable(isoTime),
        downloadUrl: z.string(),
        retryable: z.boolean(),
      }),
    ),
    request: nullable(z.record(z.string(), z.unknown())),
    requestText: z.string(),
    progress: nullable(z.number()),
    amount: nullable(z.number()),
    actualDuration: nullable(z.number()),
    startedAt: nullable(isoTime),
    finishedAt: nullable(isoTime),
    notes: z.string(),
    prevId: nullable(z.string()),
    nextId: nullable(z.string()),
  })
  .meta({ id: "GalleryItemDetail" });

export const galleryPage = z
  .looseObject({
    items: z.array(galleryItem),
    nextCursor: nullable(z.string()),
    total: nullable(z.number().int()).meta({ description: "Sent with the first page only." }),
    totalIsEstimate: z.boolean().optional().meta({
      description: "`total` is an estimate (more than 10,000 matches, or too many to count quickly).",
    }),
  })
  .meta({ id: "GalleryPage" });

const batchSummaryFields = {
  id: z.string(),
  title: z.string(),
  createdAt: isoTime,
  userId: nullable(z.string()),
  variations: z.number().int(),
  intervalMs: z.number().int(),
  models: z.array(z.string()),
  counts: z.looseObject({
    total: z.number().int(),
    items: z.record(z.enum(ITEM_STATES), z.number().int()),
    tasks: z.record(z.string(), z.number().int()),
    stored: z.number().int(),
    settled: z.number().int(),
  }),
  done: z.boolean(),
};

export const batchSummary = z.looseObject(batchSummaryFields).meta({ id: "BatchSummary" });

export const batchPage = z
  .looseObject({ items: z.array(batchSummary), nextCursor: nullable(z.string()) })
  .meta({ id: "BatchPage" });

export const batchDetail = z
  .looseObject({
    ...batchSummaryFields,
    plan: nullable(z.record(z.string(), z.unknown())),
    items: z.array(
      z
        .looseObject({
          id: z.string(),
          index: z.number().int(),
          model: z.string(),
          variation: z.number().int(),
          state: z.enum(ITEM_STATES),
          error: nullable(z.string()).meta({
            description:
              "Why the item was rejected, has an unknown outcome, waits to be sent again or is held, in English.",
          }),
          errorCode: nullable(z.string()).meta({
            description:
              "A stable code of `error`: batch_… (e.g. batch_not_sent_yet, batch_held_budget, batch_send_interrupted) or the send's own error code (e.g. upstream_rejected); text when the item was written before codes were kept.",
          }),
          errorParams: nullable(z.record(z.string(), z.unknown())).meta({
            description:
              "What `error` names, by code, e.g. { cause: { code, message, params }, seconds: 5 }; a param may be a nested failure of the same shape.",
          }),
          attempts: z.number().int(),
          body: z.record(z.string(), z.unknown()),
          sentAt: nullable(isoTime),
          task: nullable(galleryItem.extend({ progress: nullable(z.number()) })),
          earlierTaskIds: z.array(z.string()),
          retry: nullable(z.enum(["retry", "send_again"])),
        })
        .meta({ id: "BatchItem" }),
    ),
  })
  .meta({ id: "BatchDetail" });

const sequenceState = z.string().meta({ description: "draft | running | paused | done | failed" });

export const sequenceList = z
  .looseObject({
    items: z.array(
      z.looseObject({
        id: z.string(),
        name: z.string(),
        state: sequenceState,
        updatedAt: isoTime,
        shots: z.number().int(),
      }),
    ),
  })
  .meta({ id: "SequenceList" });

export const sequenceDetail = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    state: sequenceState,
    autoPick: z.boolean(),
    output: z.record(z.string(), z.unknown()),
    updatedAt: isoTime,
    estimate: z.looseObject({ credits: z.number(), takes: z.number().int(), uncertain: z.boolean() }),
    shots: z.array(
      z.looseObject({
        id: z.string(),
        model: z.string(),
        body: z.record(z.string(), z.unknown()),
        takes: z.number().int(),
        chained: z.boolean(),
        pickedTaskId: nullable(z.string()),
        trimIn: nullable(z.number()),
        trimOut: nullable(z.number()),
        muted: z.boolean(),
        state: z.string(),
        error: nullable(z.string()),
        errorCode: nullable(z.string()).meta({
          description:
            "The code of error (lib/errors.ts Failure; messages failures.<code>), text for a sentence kept before codes.",
        }),
        errorParams: nullable(z.record(z.string(), z.unknown())).meta({
          description:
            "What error names, by its code; a param may itself be a failure { code, message, params }.",
        }),
        takeList: z.array(
          z.looseObject({
            id: z.string(),
            status: z.string(),
            progress: nullable(z.number()),
            error: nullable(z.string()),
            errorCode: nullable(z.string()),
            errorParams: nullable(z.record(z.string(), z.unknown())),
            mediaState: z.string(),
            url: nullable(z.string()),
            durationSec: nullable(z.number()),
            score: nullable(z.number().int()),
            scoreReason: nullable(z.string()),
            describe: nullable(
              z.looseObject({
                status: z.string(),
                reason: nullable(z.string()),
                reasonCode: nullable(z.string()),
                reasonParams: nullable(z.record(z.string(), z.unknown())),
              }),
            ),
          }),
        ),
        scoring: z.boolean(),
      }),
    ),
    assemblies: z.array(
      z.looseObject({
        id: z.string(),
        state: z.string(),
        progress: nullable(z.number()),
        error: nullable(z.string()),
        errorCode: nullable(z.string()),
        errorParams: nullable(z.record(z.string(), z.unknown())),
        taskId: nullable(z.string()),
        createdAt: isoTime,
        filmUrl: nullable(z.string()),
      }),
    ),
  })
  .meta({ id: "SequenceDetail" });

export const collectionSummary = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    ownerId: nullable(z.string()),
    ownerName: nullable(z.string()),
    power: z.enum(["owner", "editor", "commenter", "viewer"]),
    itemCount: z.number().int(),
    coverTaskId: nullable(z.string()),
    coverThumbnailUrl: nullable(z.string()),
    progress: z.looseObject({
      ...Object.fromEntries(APPROVAL_STATUSES.map((s) => [s, z.number().int()])),
      total: z.number().int(),
    }),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: "Collection" });

export const collectionList = z
  .looseObject({ collections: z.array(collectionSummary) })
  .meta({ id: "CollectionList" });

const periodSpend = z.looseObject({
  period: z.string(),
  limit: nullable(z.number()),
  spent: z.number(),
  running: z.number(),
  resetsAt: isoTime,
});

export const spendReport = z
  .looseObject({
    from: z.string(),
    to: z.string(),
    user: nullable(z.looseObject({ id: z.string(), label: z.string() })),
    totals: z.looseObject({
      credits: z.number(),
      tasks: z.number().int(),
      running: z.number().int(),
      chatTokens: z.number().int(),
      textTokens: z.number().int(),
      textCredits: z.number(),
      textCalls: z.number().int(),
    }),
    days: z.array(
      z.looseObject({
        day: z.string(),
        credits: z.number(),
        tasks: z.number().int(),
        byModel: z.record(z.string(), z.number()),
      }),
    ),
    models: z.array(z.looseObject({ model: z.string(), credits: z.number(), tasks: z.number().int() })),
    users: nullable(
      z.array(
        z.looseObject({
          userId: z.string(),
          label: z.string(),
          credits: z.number(),
          tasks: z.number().int(),
        }),
      ),
    ),
    chat: z.looseObject({ days: z.array(z.unknown()), models: z.array(z.unknown()) }),
    text: z.looseObject({ days: z.array(z.unknown()), models: z.array(z.unknown()) }),
    budget: nullable(z.looseObject({ periods: z.array(periodSpend) })),
    textBudget: nullable(z.array(z.unknown())),
  })
  .meta({ id: "SpendReport" });

const chatFailureParams = nullable(z.record(z.string(), z.unknown()));

const chatMessageError = z
  .looseObject({
    code: z.string().meta({
      description:
        "The kind of failure: a studio error code (e.g. upstream_rejected, upstream_unreachable) or the chat's own (timeout, empty_stream, stream_incomplete, stream_broken, client_disconnected, interrupted, internal).",
    }),
    status: z
      .number()
      .int()
      .optional()
      .meta({ description: "The HTTP status of the failure, when it has one." }),
    message: z.string().meta({ description: "What went wrong, in English." }),
    messageCode: z.string().meta({
      description:
        "A stable code of `message`: chat_… (e.g. chat_idle_timeout, chat_stream_broken) or the studio error's code; text when the answer was stored before codes were kept (show `message` as it is).",
    }),
    messageParams: chatFailureParams.meta({
      description:
        'What `message` names, by code, e.g. { seconds: 30 } or { cause: "terminated" }; a param may be a nested failure { code, message, params }.',
    }),
  })
  .meta({ id: "ChatMessageError" });

export const chatMessage = z
  .looseObject({
    id: z.string(),
    conversationId: z.string(),
    role: z.enum(["user", "model"]),
    parts: z.array(z.record(z.string(), z.unknown())).meta({
      description: "{ text } | { attachmentId } | { fileData: { mimeType, fileUri } }",
    }),
    text: z.string().meta({ description: "The text parts joined." }),
    attachments: z.array(
      z.looseObject({
        id: z.string(),
        kind: z.enum(["image", "video"]),
        mimeType: z.string(),
        size: z.number().int(),
        name: z.string(),
        url: z.string(),
        sourceMediaId: nullable(z.string()),
      }),
    ),
    model: nullable(z.string()),
    finishReason: nullable(z.string()),
    usage: nullable(
      z.looseObject({
        promptTokenCount: nullable(z.number().int()),
        candidatesTokenCount: nullable(z.number().int()),
        totalTokenCount: nullable(z.number().int()),
      }),
    ),
    status: z.enum(["complete", "streaming", "stopped", "interrupted", "error"]),
    error: nullable(chatMessageError),
    notices: z.array(z.string()).meta({
      description:
        "What the user should know about how this answer was asked (e.g. an earlier file left out), in English.",
    }),
    noticeCodes: z.array(z.string()).meta({
      description:
        "Each notice's stable code, in `notices`' order: chat_… (e.g. chat_attachment_unavailable); text for one stored before codes were kept.",
    }),
    noticeParams: z.array(chatFailureParams).meta({
      description:
        'Each notice\'s params (or null), in `notices`\' order, e.g. { name: "clip.mp4", limit: "7 MB" }.',
    }),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: "ChatMessage" });

export const chatMessageList = z
  .looseObject({ messages: z.array(chatMessage) })
  .meta({ id: "ChatMessageList" });

export const chatConversationDetail = z
  .looseObject({
    id: z.string(),
    title: z.string(),
    model: z.string(),
    systemInstruction: z.string(),
    createdAt: isoTime,
    updatedAt: isoTime,
    messages: z.array(chatMessage),
  })
  .meta({ id: "ChatConversationDetail" });

const tagCount = z.looseObject({ name: z.string(), count: z.number().int() });

export const galleryFacets = z
  .looseObject({
    models: z.array(z.looseObject({ id: z.string(), count: z.number().int() })),
    tags: z.array(tagCount),
    users: z
      .array(z.looseObject({ id: z.string(), label: z.string(), count: z.number().int() }))
      .optional()
      .meta({ description: "Admins only (accounts on): whose items the gallery holds." }),
  })
  .meta({ id: "GalleryFacets" });

export const tagList = z.looseObject({ tags: z.array(tagCount) }).meta({ id: "TagList" });

export const asset = z
  .looseObject({
    id: z.string(),
    assetId: z.string(),
    reference: z.string().meta({ description: "assetId://{assetId}: what media fields take." }),
    label: z.string(),
    kind: z.enum(ASSET_KINDS),
    reviewState: z.enum(REVIEW_STATES),
    notes: z.string(),
    origin: z.enum(["recorded", "uploaded"]),
    previewUrl: nullable(z.string()),
    previewType: nullable(z.string()),
    previewSource: nullable(z.string()),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: "Asset" });

export const assetList = z.looseObject({ assets: z.array(asset) }).meta({ id: "AssetList" });

export const collectionMember = z
  .looseObject({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(MEMBER_ROLES),
    createdAt: isoTime,
  })
  .meta({ id: "CollectionMember" });

export const collectionMemberList = z
  .looseObject({ members: z.array(collectionMember) })
  .meta({ id: "CollectionMemberList" });

const webhookEndpointFields = {
  id: z.string(),
  userId: nullable(z.string()),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  disabledReason: nullable(z.string()),
  disabledReasonCode: nullable(z.string()).meta({
    description:
      "The code of disabledReason (lib/errors.ts Failure; messages failures.<code>), text for a reason kept before codes.",
  }),
  disabledReasonParams: nullable(z.record(z.string(), z.unknown())).meta({
    description:
      "What disabledReason names, by its code; a param may itself be a failure { code, message, params }.",
  }),
  failingSince: nullable(isoTime),
  global: z.boolean().meta({ description: "An admin's endpoint for every user's events." }),
  createdAt: isoTime,
  updatedAt: isoTime,
};

export const webhookEndpoint = z.looseObject(webhookEndpointFields).meta({ id: "WebhookEndpoint" });

export const webhookEndpointList = z
  .looseObject({ endpoints: z.array(webhookEndpoint) })
  .meta({ id: "WebhookEndpointList" });

export const webhookEndpointWithSecret = z
  .looseObject({
    ...webhookEndpointFields,
    secret: z.string().meta({ description: "The signing secret: shown only here, once." }),
  })
  .meta({ id: "WebhookEndpointWithSecret" });
