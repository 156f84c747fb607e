-- The prompt search document stored, as SQLite's FTS5 external-content table stores its index. The
-- GIN expression index on "Task" (20261123180100_prompt_search) kept no word positions, so every
-- phrase (`"neon street"`, `sci-fi`) was rechecked by recomputing studio_search_text for each
-- candidate row: hundreds of milliseconds for a frequent phrase. A stored tsvector keeps its
-- positions, and the recheck reads them. Prisma does not model this table (nor its trigger), like
-- TaskPromptFts on SQLite: scripts/db/schema-drift.test.ts allows exactly this difference.
CREATE TABLE "TaskPromptSearch" (
    "taskId" TEXT NOT NULL,
    "document" tsvector NOT NULL,

    CONSTRAINT "TaskPromptSearch_pkey" PRIMARY KEY ("taskId"),
    CONSTRAINT "TaskPromptSearch_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- The planner prices a prefix match (`'dragon':*`, the last word of every word term) at a flat 2%
-- of rows and a GIN partial-match scan as expensive, so it would rather test every document in a
-- parallel seq scan (~55 ms at 100,000 tasks) than read the index (~5 ms). Without parallel
-- workers the seq scan costs more than the index scan, and the index wins.
ALTER TABLE "TaskPromptSearch" SET (parallel_workers = 0);

-- One function for both events: an upsert, so an insert after a manual fill (or a replayed copy)
-- does not fail. Deletes follow by the foreign key's cascade.
CREATE FUNCTION "studio_task_prompt_search"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "TaskPromptSearch" ("taskId", "document")
  VALUES (NEW."id", to_tsvector('simple', "studio_search_text"(NEW."prompt")))
  ON CONFLICT ("taskId") DO UPDATE SET "document" = EXCLUDED."document";
  RETURN NULL;
END
$$;

CREATE TRIGGER "Task_prompt_search_ai" AFTER INSERT ON "Task"
  FOR EACH ROW EXECUTE FUNCTION "studio_task_prompt_search"();
-- Prisma's updates list the columns they set, not only the changed ones: skip unchanged prompts.
CREATE TRIGGER "Task_prompt_search_au" AFTER UPDATE OF "prompt" ON "Task"
  FOR EACH ROW WHEN (OLD."prompt" IS DISTINCT FROM NEW."prompt")
  EXECUTE FUNCTION "studio_task_prompt_search"();

INSERT INTO "TaskPromptSearch" ("taskId", "document")
SELECT "id", to_tsvector('simple', "studio_search_text"("prompt")) FROM "Task";

-- Built after the backfill: one pass instead of one insertion per row.
CREATE INDEX "TaskPromptSearch_document_idx" ON "TaskPromptSearch" USING GIN ("document");

DROP INDEX "Task_prompt_search_idx";
