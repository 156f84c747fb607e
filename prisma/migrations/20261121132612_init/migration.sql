-- CreateTable
CREATE TABLE "Task" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "model" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "progress" REAL,
    "prompt" TEXT NOT NULL DEFAULT '',
    "request" TEXT NOT NULL,
    "upstreamTask" TEXT,
    "upstreamUrls" TEXT,
    "amount" REAL,
    "actualDuration" REAL,
    "error" TEXT,
    "upstreamCreated" INTEGER,
    "submittedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "lastPolledAt" DATETIME,
    "nextPollAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pollFailures" INTEGER NOT NULL DEFAULT 0,
    "lastPollError" TEXT,
    "mediaState" TEXT NOT NULL DEFAULT 'none',
    "favorite" BOOLEAN NOT NULL DEFAULT false,
    "rating" INTEGER,
    "notes" TEXT NOT NULL DEFAULT '',
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Media" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "taskId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "fields" TEXT NOT NULL,
    "sourceUrl" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "path" TEXT,
    "contentType" TEXT,
    "size" INTEGER,
    "sha256" TEXT,
    "width" INTEGER,
    "height" INTEGER,
    "durationSec" REAL,
    "thumbPath" TEXT,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "storedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Media_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Tag" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "TaskTag" (
    "taskId" TEXT NOT NULL,
    "tagId" TEXT NOT NULL,

    PRIMARY KEY ("taskId", "tagId"),
    CONSTRAINT "TaskTag_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TaskTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Conversation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "title" TEXT NOT NULL DEFAULT 'New chat',
    "model" TEXT NOT NULL,
    "systemInstruction" TEXT NOT NULL DEFAULT '',
    "generationConfig" TEXT NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Message" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "conversationId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "parts" TEXT NOT NULL,
    "model" TEXT,
    "generationConfig" TEXT,
    "finishReason" TEXT,
    "promptTokenCount" INTEGER,
    "candidatesTokenCount" INTEGER,
    "totalTokenCount" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'complete',
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Message_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Attachment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "messageId" TEXT,
    "kind" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "originalName" TEXT NOT NULL DEFAULT '',
    "sourceMediaId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Attachment_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Task_submittedAt_id_idx" ON "Task"("submittedAt", "id");

-- CreateIndex
CREATE INDEX "Task_status_nextPollAt_idx" ON "Task"("status", "nextPollAt");

-- CreateIndex
CREATE INDEX "Task_model_submittedAt_idx" ON "Task"("model", "submittedAt");

-- CreateIndex
CREATE INDEX "Task_kind_submittedAt_idx" ON "Task"("kind", "submittedAt");

-- CreateIndex
CREATE INDEX "Task_favorite_submittedAt_idx" ON "Task"("favorite", "submittedAt");

-- CreateIndex
CREATE INDEX "Task_rating_submittedAt_idx" ON "Task"("rating", "submittedAt");

-- CreateIndex
CREATE INDEX "Task_mediaState_idx" ON "Task"("mediaState");

-- CreateIndex
CREATE INDEX "Media_status_nextAttemptAt_idx" ON "Media"("status", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "Media_taskId_sourceUrl_key" ON "Media"("taskId", "sourceUrl");

-- CreateIndex
CREATE UNIQUE INDEX "Tag_name_key" ON "Tag"("name");

-- CreateIndex
CREATE INDEX "TaskTag_tagId_taskId_idx" ON "TaskTag"("tagId", "taskId");

-- CreateIndex
CREATE INDEX "Conversation_updatedAt_idx" ON "Conversation"("updatedAt");

-- CreateIndex
CREATE INDEX "Message_conversationId_createdAt_idx" ON "Message"("conversationId", "createdAt");

-- CreateIndex
CREATE INDEX "Attachment_messageId_idx" ON "Attachment"("messageId");
