-- Written by hand, not by `migrate diff`: its table rebuild would renumber Task's rowids and drop
-- the triggers that keep the prompt search index (TaskPromptFts) in step. Adding a column needs neither.
ALTER TABLE "Task" ADD COLUMN "settledAt" DATETIME;

-- Tasks already done count as settled when they finished (nothing announces them: the feed only
-- reports what settles after a page opened).
UPDATE "Task" SET "settledAt" = "finishedAt"
WHERE "status" IN ('completed', 'failed') AND "mediaState" <> 'pending' AND "finishedAt" IS NOT NULL;

CREATE INDEX "Task_userId_settledAt_idx" ON "Task"("userId", "settledAt");
