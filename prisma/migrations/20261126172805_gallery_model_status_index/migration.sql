-- CreateIndex
CREATE INDEX "Task_model_status_submittedAt_idx" ON "Task"("model", "status", "submittedAt");

