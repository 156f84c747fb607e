-- CreateTable
CREATE TABLE "TaskDescription" (
    "id" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "caption" TEXT NOT NULL DEFAULT '',
    "tags" TEXT NOT NULL DEFAULT '[]',
    "shots" TEXT NOT NULL DEFAULT '[]',
    "model" TEXT NOT NULL DEFAULT '',
    "tokens" INTEGER,
    "credits" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "reason" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "editedAt" TIMESTAMP(3),
    "leaseHolder" TEXT,
    "leaseUntil" BIGINT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TaskDescription_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TaskDescription_taskId_key" ON "TaskDescription"("taskId");

-- CreateIndex
CREATE INDEX "TaskDescription_status_leaseUntil_idx" ON "TaskDescription"("status", "leaseUntil");

-- AddForeignKey
ALTER TABLE "TaskDescription" ADD CONSTRAINT "TaskDescription_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Search by what is shown (docs/decisions/vision-library.md): one document per described task, the
-- prompt with the caption and tags, made as TaskPromptSearch's (studio_search_text, 'simple'), so a
-- query's terms may match in any of them. Prisma does not model it, like TaskPromptSearch.
CREATE TABLE "TaskShownSearch" (
    "taskId" TEXT NOT NULL,
    "document" tsvector NOT NULL,

    CONSTRAINT "TaskShownSearch_pkey" PRIMARY KEY ("taskId"),
    CONSTRAINT "TaskShownSearch_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
ALTER TABLE "TaskShownSearch" SET (parallel_workers = 0);

CREATE FUNCTION "studio_task_shown_search"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "TaskShownSearch" ("taskId", "document")
  SELECT t."id", to_tsvector('simple', "studio_search_text"(t."prompt" || ' ' || NEW."caption" || ' ' || NEW."tags"))
  FROM "Task" t WHERE t."id" = NEW."taskId"
  ON CONFLICT ("taskId") DO UPDATE SET "document" = EXCLUDED."document";
  RETURN NULL;
END
$$;
CREATE TRIGGER "TaskDescription_shown_ai" AFTER INSERT ON "TaskDescription"
  FOR EACH ROW EXECUTE FUNCTION "studio_task_shown_search"();
CREATE TRIGGER "TaskDescription_shown_au" AFTER UPDATE OF "caption", "tags" ON "TaskDescription"
  FOR EACH ROW WHEN (OLD."caption" IS DISTINCT FROM NEW."caption" OR OLD."tags" IS DISTINCT FROM NEW."tags")
  EXECUTE FUNCTION "studio_task_shown_search"();

CREATE FUNCTION "studio_task_shown_drop"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "TaskShownSearch" WHERE "taskId" = OLD."taskId";
  RETURN NULL;
END
$$;
CREATE TRIGGER "TaskDescription_shown_ad" AFTER DELETE ON "TaskDescription"
  FOR EACH ROW EXECUTE FUNCTION "studio_task_shown_drop"();

CREATE FUNCTION "studio_task_shown_prompt"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "TaskShownSearch" s SET "document" =
    to_tsvector('simple', "studio_search_text"(NEW."prompt" || ' ' || d."caption" || ' ' || d."tags"))
  FROM "TaskDescription" d WHERE d."taskId" = NEW."id" AND s."taskId" = NEW."id";
  RETURN NULL;
END
$$;
CREATE TRIGGER "Task_shown_search_au" AFTER UPDATE OF "prompt" ON "Task"
  FOR EACH ROW WHEN (OLD."prompt" IS DISTINCT FROM NEW."prompt")
  EXECUTE FUNCTION "studio_task_shown_prompt"();

CREATE INDEX "TaskShownSearch_document_idx" ON "TaskShownSearch" USING GIN ("document");
