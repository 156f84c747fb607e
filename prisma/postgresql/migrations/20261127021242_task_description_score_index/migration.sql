-- CreateIndex
CREATE INDEX "TaskDescription_score_idx" ON "TaskDescription"("score");

