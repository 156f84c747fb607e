-- CreateTable
CREATE TABLE "TaskDescription" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "taskId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "caption" TEXT NOT NULL DEFAULT '',
    "tags" TEXT NOT NULL DEFAULT '[]',
    "shots" TEXT NOT NULL DEFAULT '[]',
    "model" TEXT NOT NULL DEFAULT '',
    "tokens" INTEGER,
    "credits" REAL NOT NULL DEFAULT 0,
    "reason" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "editedAt" DATETIME,
    "leaseHolder" TEXT,
    "leaseUntil" BIGINT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "TaskDescription_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "TaskDescription_taskId_key" ON "TaskDescription"("taskId");

-- CreateIndex
CREATE INDEX "TaskDescription_status_leaseUntil_idx" ON "TaskDescription"("status", "leaseUntil");


-- Search by what is shown (docs/decisions/vision-library.md): an FTS5 table of its own (not external
-- content: its text comes from two tables) with one row per described task, rowid = the task's rowid,
-- holding the prompt with the caption and tags, so a query's terms may match in any of them.
-- Prisma does not model it, like TaskPromptFts.
CREATE VIRTUAL TABLE "TaskShownFts" USING fts5(prompt, caption, tags, tokenize='unicode61 remove_diacritics 2');
CREATE TRIGGER "TaskDescription_shown_ai" AFTER INSERT ON "TaskDescription" BEGIN
  INSERT INTO "TaskShownFts"(rowid, prompt, caption, tags)
  SELECT t.rowid, t."prompt", new."caption", new."tags" FROM "Task" t WHERE t."id" = new."taskId";
END;
CREATE TRIGGER "TaskDescription_shown_au" AFTER UPDATE OF "caption", "tags" ON "TaskDescription" BEGIN
  DELETE FROM "TaskShownFts" WHERE rowid = (SELECT t.rowid FROM "Task" t WHERE t."id" = new."taskId");
  INSERT INTO "TaskShownFts"(rowid, prompt, caption, tags)
  SELECT t.rowid, t."prompt", new."caption", new."tags" FROM "Task" t WHERE t."id" = new."taskId";
END;
CREATE TRIGGER "TaskDescription_shown_ad" AFTER DELETE ON "TaskDescription" BEGIN
  DELETE FROM "TaskShownFts" WHERE rowid = (SELECT t.rowid FROM "Task" t WHERE t."id" = old."taskId");
END;
-- A task deleted first (the cascade runs after its row is gone): its row goes by its own rowid.
CREATE TRIGGER "Task_shown_ad" AFTER DELETE ON "Task" BEGIN
  DELETE FROM "TaskShownFts" WHERE rowid = old.rowid;
END;
CREATE TRIGGER "Task_shown_au" AFTER UPDATE OF "prompt" ON "Task" BEGIN
  UPDATE "TaskShownFts" SET prompt = new."prompt" WHERE rowid = new.rowid;
END;
