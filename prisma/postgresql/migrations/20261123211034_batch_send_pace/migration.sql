-- CreateTable
CREATE TABLE "BatchSendPace" (
    "key" TEXT NOT NULL,
    "nextSendAt" BIGINT NOT NULL,

    CONSTRAINT "BatchSendPace_pkey" PRIMARY KEY ("key")
);

