-- AlterTable
ALTER TABLE "Sequence" ADD COLUMN     "leaseHolder" TEXT;

-- AlterTable
ALTER TABLE "SequenceShot" ADD COLUMN     "claimedAt" TIMESTAMP(3),
ADD COLUMN     "sendingAt" TIMESTAMP(3),
ADD COLUMN     "takesStarted" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Assembly" ADD COLUMN     "leaseHolder" TEXT;

