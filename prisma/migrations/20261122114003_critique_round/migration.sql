-- AlterTable
ALTER TABLE "parties" ADD COLUMN     "critique_round" TEXT;
