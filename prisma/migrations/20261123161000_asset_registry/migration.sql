-- Asset registry (issue 11): ids of the upstream's asset library, with a label, kind, preview and
-- the review state as the user knows it (docs/decisions/assets.md). Unique per owner: two users may
-- record the same upstream id. Rows nobody owns (accounts off) are kept unique by lib/assets, not by
-- an index: a deleted user's rows become unowned too and must never make the deletion fail.
-- CreateTable
CREATE TABLE "Asset" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "assetId" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "reviewState" TEXT NOT NULL DEFAULT 'unknown',
    "notes" TEXT NOT NULL DEFAULT '',
    "origin" TEXT NOT NULL DEFAULT 'recorded',
    "previewPath" TEXT,
    "previewType" TEXT,
    "previewSize" INTEGER,
    "previewSha256" TEXT,
    "previewSource" TEXT,
    "userId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Asset_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Asset_userId_createdAt_idx" ON "Asset"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Asset_userId_assetId_key" ON "Asset"("userId", "assetId");
