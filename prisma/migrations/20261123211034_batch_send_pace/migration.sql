-- CreateTable
CREATE TABLE "BatchSendPace" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "nextSendAt" BIGINT NOT NULL
);

