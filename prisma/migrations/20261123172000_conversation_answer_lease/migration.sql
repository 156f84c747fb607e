-- One answer per conversation across every studio process (docs/decisions/multi-instance.md):
-- a lease claimed atomically, renewed while the answer streams, expiring if its process dies;
-- and the stop button's request for an answer streaming in another process. Times are epoch ms.
ALTER TABLE "Conversation" ADD COLUMN "answerLeaseId" TEXT;
ALTER TABLE "Conversation" ADD COLUMN "answerLeaseUntil" BIGINT;
ALTER TABLE "Conversation" ADD COLUMN "answerMessageId" TEXT;
ALTER TABLE "Conversation" ADD COLUMN "answerStopAt" BIGINT;
