-- AlterTable
ALTER TABLE "Task" ADD COLUMN "errorCode" TEXT;
ALTER TABLE "Task" ADD COLUMN "errorParams" TEXT;

-- AlterTable
ALTER TABLE "Media" ADD COLUMN "errorCode" TEXT;
ALTER TABLE "Media" ADD COLUMN "errorParams" TEXT;

-- AlterTable
ALTER TABLE "BatchItem" ADD COLUMN "errorCode" TEXT;
ALTER TABLE "BatchItem" ADD COLUMN "errorParams" TEXT;

-- AlterTable
ALTER TABLE "SequenceShot" ADD COLUMN "errorCode" TEXT;
ALTER TABLE "SequenceShot" ADD COLUMN "errorParams" TEXT;

-- AlterTable
ALTER TABLE "Assembly" ADD COLUMN "errorCode" TEXT;
ALTER TABLE "Assembly" ADD COLUMN "errorParams" TEXT;

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN "disabledReasonCode" TEXT;
ALTER TABLE "WebhookEndpoint" ADD COLUMN "disabledReasonParams" TEXT;

-- AlterTable
ALTER TABLE "WebhookAttempt" ADD COLUMN "errorCode" TEXT;
ALTER TABLE "WebhookAttempt" ADD COLUMN "errorParams" TEXT;

-- AlterTable
ALTER TABLE "TaskDescription" ADD COLUMN "reasonCode" TEXT;
ALTER TABLE "TaskDescription" ADD COLUMN "reasonParams" TEXT;

