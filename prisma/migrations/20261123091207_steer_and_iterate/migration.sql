-- Edited by hand: the critique round in flight becomes the one on-demand job in flight
-- (renamed, not dropped, so a round running during the upgrade still resumes), and
-- existing parties get their owner token (one random value per row: the default is
-- volatile) and their artifacts' current text as a first recorded version.

-- AlterTable
ALTER TABLE "parties" RENAME COLUMN "critique_round" TO "active_job";

-- AlterTable
ALTER TABLE "parties" ADD COLUMN     "missing_artifacts" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "owner_token" TEXT NOT NULL DEFAULT replace((gen_random_uuid())::text, '-'::text, ''::text);

-- AlterTable
ALTER TABLE "phases" ADD COLUMN     "room_open" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "room_reserved" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "room_messages" (
    "id" TEXT NOT NULL,
    "party_id" TEXT NOT NULL,
    "phase" INTEGER NOT NULL,
    "recipient" TEXT,
    "text" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "answered_by" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "room_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "artifact_versions" (
    "party_id" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "producer" TEXT NOT NULL,
    "phase" INTEGER NOT NULL,
    "reason" TEXT,
    "revision_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "artifact_versions_pkey" PRIMARY KEY ("party_id","path","version")
);

-- CreateTable
CREATE TABLE "party_owners" (
    "party_id" TEXT NOT NULL,
    "guest_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "party_owners_pkey" PRIMARY KEY ("party_id","guest_id")
);

-- CreateIndex
CREATE INDEX "room_messages_party_id_phase_idx" ON "room_messages"("party_id", "phase");

-- CreateIndex
CREATE INDEX "party_owners_guest_id_idx" ON "party_owners"("guest_id");

-- CreateIndex
CREATE UNIQUE INDEX "parties_owner_token_key" ON "parties"("owner_token");

-- AddForeignKey
ALTER TABLE "room_messages" ADD CONSTRAINT "room_messages_party_id_fkey" FOREIGN KEY ("party_id") REFERENCES "parties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "artifact_versions" ADD CONSTRAINT "artifact_versions_party_id_fkey" FOREIGN KEY ("party_id") REFERENCES "parties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "party_owners" ADD CONSTRAINT "party_owners_party_id_fkey" FOREIGN KEY ("party_id") REFERENCES "parties"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: the text each artifact has now is its current version.
INSERT INTO "artifact_versions" ("party_id", "path", "version", "title", "content", "producer", "phase", "created_at")
SELECT "party_id", "path", "version", "title", "content", "producer", "phase", "updated_at" FROM "artifacts";
