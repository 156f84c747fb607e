-- AlterTable
ALTER TABLE "Sequence" ADD COLUMN "leaseHolder" TEXT;

-- AlterTable
ALTER TABLE "Assembly" ADD COLUMN "leaseHolder" TEXT;

-- AlterTable (added columns, not a table rebuild: the shots' rows stay as they are)
ALTER TABLE "SequenceShot" ADD COLUMN "claimedAt" DATETIME;
ALTER TABLE "SequenceShot" ADD COLUMN "takesStarted" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "SequenceShot" ADD COLUMN "sendingAt" DATETIME;
