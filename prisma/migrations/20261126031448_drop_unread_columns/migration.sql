/*
  Warnings:

  - You are about to drop the column `ended_at` on the `team_members` table. All the data in the column will be lost.
  - You are about to drop the column `model` on the `team_members` table. All the data in the column will be lost.
  - You are about to drop the column `retries` on the `team_members` table. All the data in the column will be lost.
  - You are about to drop the column `persona` on the `token_usage` table. All the data in the column will be lost.
  - You are about to drop the column `phase` on the `token_usage` table. All the data in the column will be lost.
  - You are about to drop the column `step_key` on the `token_usage` table. All the data in the column will be lost.

*/
-- AlterTable
ALTER TABLE "team_members" DROP COLUMN "ended_at",
DROP COLUMN "model",
DROP COLUMN "retries";

-- AlterTable
ALTER TABLE "token_usage" DROP COLUMN "persona",
DROP COLUMN "phase",
DROP COLUMN "step_key";
