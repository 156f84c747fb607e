-- Task gains its batch link by ADD COLUMN (a rebuilt Task table would lose the prompt-search triggers).
-- AlterTable
ALTER TABLE "Task" ADD COLUMN "batchId" TEXT;
ALTER TABLE "Task" ADD COLUMN "batchItemId" TEXT;

-- CreateTable
CREATE TABLE "Batch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "title" TEXT NOT NULL DEFAULT '',
    "plan" TEXT NOT NULL,
    "variations" INTEGER NOT NULL DEFAULT 1,
    "intervalMs" INTEGER NOT NULL,
    "createdBy" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "BatchItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "batchId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "model" TEXT NOT NULL,
    "variation" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'planned',
    "taskId" TEXT,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sendingAt" DATETIME,
    "sentAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "BatchItem_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "Batch" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Batch_createdAt_id_idx" ON "Batch"("createdAt", "id");

-- CreateIndex
CREATE INDEX "BatchItem_state_nextAttemptAt_idx" ON "BatchItem"("state", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "BatchItem_batchId_index_key" ON "BatchItem"("batchId", "index");

-- CreateIndex
CREATE INDEX "Task_batchId_submittedAt_idx" ON "Task"("batchId", "submittedAt");

-- CreateIndex
CREATE INDEX "Task_batchItemId_idx" ON "Task"("batchItemId");

