-- Written by hand, not by `migrate diff`: its table rebuild would renumber Task's rowids and drop
-- the triggers that keep the prompt search index (TaskPromptFts) in step. Adding columns needs neither.
ALTER TABLE "Task" ADD COLUMN "pollLeaseUntil" DATETIME;
ALTER TABLE "Media" ADD COLUMN "expiresAt" DATETIME;
ALTER TABLE "Media" ADD COLUMN "leaseUntil" DATETIME;
