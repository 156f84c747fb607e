-- This is an empty migration.

-- One search document per task (issues 24 and 25, docs/decisions/postgresql-search.md): the
-- prompt, and for a described task its caption and tags, in TaskPromptSearch's one tsvector. A
-- search had to read two indexes (TaskPromptSearch, TaskShownSearch) and merge their matches into
-- an array before sorting them (110 ms for a caption-only word at 100,000 tasks); now every search
-- is one index, walked in gallery order or looked up as the prompt search was. The caption is
-- weight B and the tags weight C (the prompt keeps the default D), so Find similar can ask for
-- caption and tag words alone (`'lantern':BC`). A gap of one position between the parts keeps a
-- phrase from running from the prompt's last word into the caption's first, as FTS5's columns do:
-- `||` places its right side after the left's last position, so a placeholder lexeme (`-`, which
-- studio_search_text never leaves in a text) takes one position and is deleted again.
CREATE FUNCTION "studio_search_document"(prompt TEXT, caption TEXT, tags TEXT) RETURNS tsvector
LANGUAGE SQL IMMUTABLE CALLED ON NULL INPUT PARALLEL SAFE AS $$
  SELECT CASE WHEN caption IS NULL AND tags IS NULL
    THEN to_tsvector('simple', "studio_search_text"(prompt))
    ELSE ts_delete(
      to_tsvector('simple', "studio_search_text"(prompt)) || '''-'':1'::tsvector
        || setweight(to_tsvector('simple', "studio_search_text"(coalesce(caption, ''))), 'B')
        || '''-'':1'::tsvector
        || setweight(to_tsvector('simple', "studio_search_text"(coalesce(tags, ''))), 'C'),
      '-')
  END
$$;

-- Task inserted or its prompt changed: the document from the prompt and the description, if any.
CREATE OR REPLACE FUNCTION "studio_task_prompt_search"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "TaskPromptSearch" ("taskId", "document")
  SELECT NEW."id", "studio_search_document"(NEW."prompt", d."caption", d."tags")
  FROM (SELECT 1) AS one LEFT JOIN "TaskDescription" d ON d."taskId" = NEW."id"
  ON CONFLICT ("taskId") DO UPDATE SET "document" = EXCLUDED."document";
  RETURN NULL;
END
$$;

-- A description written or its caption or tags changed.
CREATE OR REPLACE FUNCTION "studio_task_shown_search"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "TaskPromptSearch" s SET "document" = "studio_search_document"(t."prompt", NEW."caption", NEW."tags")
  FROM "Task" t WHERE t."id" = NEW."taskId" AND s."taskId" = NEW."taskId";
  RETURN NULL;
END
$$;

-- A description deleted: the prompt alone (nothing when the task itself is being deleted).
CREATE OR REPLACE FUNCTION "studio_task_shown_drop"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "TaskPromptSearch" s SET "document" = "studio_search_document"(t."prompt", NULL, NULL)
  FROM "Task" t WHERE t."id" = OLD."taskId" AND s."taskId" = OLD."taskId";
  RETURN NULL;
END
$$;

DROP TRIGGER "Task_shown_search_au" ON "Task";
DROP FUNCTION "studio_task_shown_prompt"();
DROP TABLE "TaskShownSearch";

UPDATE "TaskPromptSearch" s SET "document" = "studio_search_document"(t."prompt", d."caption", d."tags")
FROM "Task" t JOIN "TaskDescription" d ON d."taskId" = t."id" WHERE s."taskId" = t."id";
