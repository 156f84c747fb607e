-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "errorCode" TEXT,
ADD COLUMN     "errorParams" TEXT;

-- AlterTable
ALTER TABLE "Media" ADD COLUMN     "errorCode" TEXT,
ADD COLUMN     "errorParams" TEXT;

-- AlterTable
ALTER TABLE "BatchItem" ADD COLUMN     "errorCode" TEXT,
ADD COLUMN     "errorParams" TEXT;

-- AlterTable
ALTER TABLE "SequenceShot" ADD COLUMN     "errorCode" TEXT,
ADD COLUMN     "errorParams" TEXT;

-- AlterTable
ALTER TABLE "Assembly" ADD COLUMN     "errorCode" TEXT,
ADD COLUMN     "errorParams" TEXT;

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "disabledReasonCode" TEXT,
ADD COLUMN     "disabledReasonParams" TEXT;

-- AlterTable
ALTER TABLE "WebhookAttempt" ADD COLUMN     "errorCode" TEXT,
ADD COLUMN     "errorParams" TEXT;

-- AlterTable
ALTER TABLE "TaskDescription" ADD COLUMN     "reasonCode" TEXT,
ADD COLUMN     "reasonParams" TEXT;

