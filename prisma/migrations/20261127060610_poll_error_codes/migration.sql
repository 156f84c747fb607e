-- AlterTable
ALTER TABLE "Task" ADD COLUMN "lastPollErrorCode" TEXT;
ALTER TABLE "Task" ADD COLUMN "lastPollErrorParams" TEXT;

