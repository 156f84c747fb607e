-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "action" TEXT NOT NULL,
    "outcome" TEXT NOT NULL DEFAULT 'success',
    "actorId" TEXT,
    "actorEmail" TEXT,
    "address" TEXT,
    "targetType" TEXT,
    "targetId" TEXT,
    "targetLabel" TEXT,
    "detail" TEXT
);

-- CreateIndex
CREATE INDEX "AuditEntry_at_idx" ON "AuditEntry"("at");

-- CreateIndex
CREATE INDEX "AuditEntry_action_at_idx" ON "AuditEntry"("action", "at");

-- CreateIndex
CREATE INDEX "AuditEntry_actorId_at_idx" ON "AuditEntry"("actorId", "at");

