-- AlterTable
ALTER TABLE "TaskDescription" ADD COLUMN "score" INTEGER;
ALTER TABLE "TaskDescription" ADD COLUMN "scoreReason" TEXT;

