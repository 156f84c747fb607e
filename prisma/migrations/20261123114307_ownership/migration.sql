-- Ownership (issue 10 part 3): who made each task, batch, conversation and attachment.
-- Columns are added with ALTER TABLE … ADD COLUMN (a rebuilt Task table would renumber its rowids and
-- lose the prompt-search triggers). Existing rows keep a null owner: made before accounts or with
-- accounts off, seen by admins only (docs/decisions/ownership.md). Deleting a user clears the owner.
ALTER TABLE "Task" ADD COLUMN "userId" TEXT CONSTRAINT "Task_userId_fkey" REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Conversation" ADD COLUMN "userId" TEXT CONSTRAINT "Conversation_userId_fkey" REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Attachment" ADD COLUMN "userId" TEXT CONSTRAINT "Attachment_userId_fkey" REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Batch" ADD COLUMN "userId" TEXT CONSTRAINT "Batch_userId_fkey" REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
-- Batch.createdBy was a placeholder for this column and was never set.
ALTER TABLE "Batch" DROP COLUMN "createdBy";

CREATE INDEX "Task_userId_submittedAt_idx" ON "Task"("userId", "submittedAt");
CREATE INDEX "Conversation_userId_updatedAt_idx" ON "Conversation"("userId", "updatedAt");
CREATE INDEX "Attachment_userId_idx" ON "Attachment"("userId");
CREATE INDEX "Batch_userId_createdAt_idx" ON "Batch"("userId", "createdAt");
