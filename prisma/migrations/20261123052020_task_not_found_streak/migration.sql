-- Written by hand, not by `migrate diff`: its table rebuild would renumber Task's rowids and drop
-- the triggers that keep the prompt search index (TaskPromptFts) in step. Adding columns needs neither.
ALTER TABLE "Task" ADD COLUMN "notFoundCount" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Task" ADD COLUMN "notFoundSince" DATETIME;
