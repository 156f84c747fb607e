-- This is an empty migration.

-- One search row per task (issues 24 and 25, docs/decisions/gallery.md "Search"): the FTS5 table of
-- described tasks (TaskShownFts: prompt, caption, tags) now holds every task, renamed TaskSearchFts,
-- and replaces the prompt-only external-content index TaskPromptFts. A search read two indexes'
-- lists (a task matched on its prompt row, or on its shown row) and merged them; now it is one
-- MATCH, and `-word` one NOT inside it. Its own content (the text comes from two tables), rowid =
-- the task's rowid, as before: a migration that rebuilds Task (new rowids) must refill it (see the
-- decisions). PostgreSQL: prisma/postgresql/migrations/20261127022447_task_search_document.
DROP TRIGGER "Task_fts_ai";
DROP TRIGGER "Task_fts_ad";
DROP TRIGGER "Task_fts_au";
DROP TABLE "TaskPromptFts";
DROP TRIGGER "TaskDescription_shown_ai";
DROP TRIGGER "TaskDescription_shown_au";
DROP TRIGGER "TaskDescription_shown_ad";
DROP TRIGGER "Task_shown_ad";
DROP TRIGGER "Task_shown_au";
ALTER TABLE "TaskShownFts" RENAME TO "TaskSearchFts";

CREATE TRIGGER "Task_search_ai" AFTER INSERT ON "Task" BEGIN
  INSERT INTO "TaskSearchFts"(rowid, prompt, caption, tags) VALUES (new.rowid, new."prompt", '', '');
END;
CREATE TRIGGER "Task_search_au" AFTER UPDATE OF "prompt" ON "Task" BEGIN
  UPDATE "TaskSearchFts" SET prompt = new."prompt" WHERE rowid = new.rowid;
END;
CREATE TRIGGER "Task_search_ad" AFTER DELETE ON "Task" BEGIN
  DELETE FROM "TaskSearchFts" WHERE rowid = old.rowid;
END;
CREATE TRIGGER "TaskDescription_search_ai" AFTER INSERT ON "TaskDescription" BEGIN
  UPDATE "TaskSearchFts" SET caption = new."caption", tags = new."tags"
  WHERE rowid = (SELECT t.rowid FROM "Task" t WHERE t."id" = new."taskId");
END;
CREATE TRIGGER "TaskDescription_search_au" AFTER UPDATE OF "caption", "tags" ON "TaskDescription" BEGIN
  UPDATE "TaskSearchFts" SET caption = new."caption", tags = new."tags"
  WHERE rowid = (SELECT t.rowid FROM "Task" t WHERE t."id" = new."taskId");
END;
-- A task deleted first (the cascade runs after its row is gone): nothing to clear, its row is gone.
CREATE TRIGGER "TaskDescription_search_ad" AFTER DELETE ON "TaskDescription" BEGIN
  UPDATE "TaskSearchFts" SET caption = '', tags = ''
  WHERE rowid = (SELECT t.rowid FROM "Task" t WHERE t."id" = old."taskId");
END;

-- Undescribed tasks had no row.
INSERT INTO "TaskSearchFts"(rowid, prompt, caption, tags)
SELECT t.rowid, t."prompt", '', '' FROM "Task" t
WHERE NOT EXISTS (SELECT 1 FROM "TaskSearchFts" s WHERE s.rowid = t.rowid);
