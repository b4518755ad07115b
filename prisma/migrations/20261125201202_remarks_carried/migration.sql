-- AlterTable
ALTER TABLE "room_messages" ADD COLUMN     "answers" TEXT,
ADD COLUMN     "artifact_paths" JSONB,
ADD COLUMN     "heard_in" INTEGER;

-- CreateIndex
CREATE INDEX "room_messages_party_id_heard_in_idx" ON "room_messages"("party_id", "heard_in");

-- Remarks stored before this migration were heard in the phase they were said in.
UPDATE "room_messages" SET "heard_in" = "phase" WHERE "heard_in" IS NULL;
