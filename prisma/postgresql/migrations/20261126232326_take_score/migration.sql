-- AlterTable
ALTER TABLE "TaskDescription" ADD COLUMN     "score" INTEGER,
ADD COLUMN     "scoreReason" TEXT;

