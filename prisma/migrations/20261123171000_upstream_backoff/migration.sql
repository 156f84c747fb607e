-- The tracker's shared 429/Retry-After back-off, one row per upstream, so that every studio process
-- on the database waits when one was told to (docs/decisions/multi-instance.md).
-- PostgreSQL: "floor" DOUBLE PRECISION.
CREATE TABLE "UpstreamBackoff" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "pausedUntil" BIGINT NOT NULL,
    "floor" REAL NOT NULL,
    "inARow" INTEGER NOT NULL,
    "status" INTEGER NOT NULL,
    "retryAfterSeconds" INTEGER,
    "at" BIGINT NOT NULL
);
