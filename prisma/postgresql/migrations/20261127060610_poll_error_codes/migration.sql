-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "lastPollErrorCode" TEXT,
ADD COLUMN     "lastPollErrorParams" TEXT;

