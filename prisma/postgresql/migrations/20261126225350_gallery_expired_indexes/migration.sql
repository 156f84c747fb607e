-- DropIndex
DROP INDEX "Task_mediaState_idx";

-- CreateIndex
CREATE INDEX "Task_mediaState_submittedAt_idx" ON "Task"("mediaState", "submittedAt");

-- CreateIndex
CREATE INDEX "Media_status_taskId_idx" ON "Media"("status", "taskId");

