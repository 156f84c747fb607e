-- Budget admission across studio processes (docs/decisions/multi-instance.md). "BudgetAdmission":
-- one row per spender, written first by each admission transaction so that checks of one spender
-- run one at a time (SQLite: the write lock; PostgreSQL: the row's lock until commit).
-- "BudgetReservation": what an admitted submission reserves until its task rows are stored, so the
-- next check counts it; it expires if its process dies. No foreign key: the spender may be the
-- implicit local user, which is no User row. PostgreSQL: "credits" DOUBLE PRECISION.
CREATE TABLE "BudgetAdmission" (
    "spender" TEXT NOT NULL PRIMARY KEY,
    "at" BIGINT NOT NULL
);

CREATE TABLE "BudgetReservation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "spender" TEXT NOT NULL,
    "credits" REAL NOT NULL,
    "expiresAt" BIGINT NOT NULL
);

CREATE INDEX "BudgetReservation_spender_expiresAt_idx" ON "BudgetReservation"("spender", "expiresAt");
