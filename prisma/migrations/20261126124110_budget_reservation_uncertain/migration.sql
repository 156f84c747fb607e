-- AlterTable
ALTER TABLE "BudgetReservation" ADD COLUMN "uncertain" BOOLEAN NOT NULL DEFAULT false;
