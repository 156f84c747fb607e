-- AlterTable
ALTER TABLE "Budget" ADD COLUMN "dailyTokens" INTEGER;
ALTER TABLE "Budget" ADD COLUMN "monthlyTokens" INTEGER;

-- CreateTable
CREATE TABLE "TextUsage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "spender" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "messageId" TEXT,
    "promptTokens" INTEGER,
    "candidatesTokens" INTEGER,
    "totalTokens" INTEGER,
    "credits" REAL NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'running',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "TextUsage_spender_createdAt_idx" ON "TextUsage"("spender", "createdAt");

-- CreateIndex
CREATE INDEX "TextUsage_createdAt_idx" ON "TextUsage"("createdAt");


-- The chat answers recorded before this ledger existed: their usage moves here, once (the ledger
-- reads text spend from TextUsage only, so chat is never counted twice). Priced 0: no price was set.
INSERT INTO "TextUsage" ("id", "spender", "source", "model", "messageId", "promptTokens", "candidatesTokens", "totalTokens", "credits", "status", "createdAt")
SELECT 'chat-' || m."id", COALESCE(c."userId", 'local'), 'chat', COALESCE(m."model", c."model"), m."id",
       m."promptTokenCount", m."candidatesTokenCount", m."totalTokenCount", 0, m."status", m."createdAt"
FROM "Message" m JOIN "Conversation" c ON c."id" = m."conversationId"
WHERE m."role" = 'model' AND (m."totalTokenCount" IS NOT NULL OR m."promptTokenCount" IS NOT NULL);
