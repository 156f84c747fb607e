-- The per-user submit rate limit, shared by every studio process on the database
-- (docs/decisions/multi-instance.md): one fixed one-minute window per key.
CREATE TABLE "SubmitRateWindow" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "points" INTEGER NOT NULL,
    "resetAt" BIGINT NOT NULL
);
