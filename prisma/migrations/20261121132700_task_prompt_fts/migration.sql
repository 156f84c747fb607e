-- Full-text search over prompts (SQLite FTS5, external content on "Task"). Prisma does not model
-- virtual tables; lib/gallery queries it with raw SQL. Triggers keep it in step with "Task".
CREATE VIRTUAL TABLE "TaskPromptFts" USING fts5(prompt, content='Task', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
CREATE TRIGGER "Task_fts_ai" AFTER INSERT ON "Task" BEGIN
  INSERT INTO "TaskPromptFts"(rowid, prompt) VALUES (new.rowid, new.prompt);
END;
CREATE TRIGGER "Task_fts_ad" AFTER DELETE ON "Task" BEGIN
  INSERT INTO "TaskPromptFts"("TaskPromptFts", rowid, prompt) VALUES ('delete', old.rowid, old.prompt);
END;
CREATE TRIGGER "Task_fts_au" AFTER UPDATE OF prompt ON "Task" BEGIN
  INSERT INTO "TaskPromptFts"("TaskPromptFts", rowid, prompt) VALUES ('delete', old.rowid, old.prompt);
  INSERT INTO "TaskPromptFts"(rowid, prompt) VALUES (new.rowid, new.prompt);
END;
