-- Tasks created through the video-family v1 endpoints remember their family path: they are
-- queried at GET /v1/{family}/videos/{id}, not at the task API. Null for every earlier task (v2).
ALTER TABLE "Task" ADD COLUMN "v1Family" TEXT;
