-- The watch and owner links' secrets are no longer stored: only their SHA-256 (hex).
-- Existing rows are converted in place, so every link already handed out keeps working;
-- their nonces stay null (such a link can no longer be shown: a new link replaces it).

-- AlterTable
ALTER TABLE "parties" ADD COLUMN "owner_nonce" TEXT,
ADD COLUMN     "owner_token_hash" TEXT,
ADD COLUMN     "watch_nonce" TEXT,
ADD COLUMN     "watch_token_hash" TEXT;

UPDATE "parties" SET
  "watch_token_hash" = encode(sha256(convert_to("watch_token", 'UTF8')), 'hex'),
  "owner_token_hash" = encode(sha256(convert_to("owner_token", 'UTF8')), 'hex');

ALTER TABLE "parties" ALTER COLUMN "owner_token_hash" SET NOT NULL,
ALTER COLUMN "watch_token_hash" SET NOT NULL;

-- DropIndex
DROP INDEX "parties_owner_token_key";

-- DropIndex
DROP INDEX "parties_watch_token_key";

-- AlterTable
ALTER TABLE "parties" DROP COLUMN "owner_token",
DROP COLUMN "watch_token";

-- CreateIndex
CREATE UNIQUE INDEX "parties_watch_token_hash_key" ON "parties"("watch_token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "parties_owner_token_hash_key" ON "parties"("owner_token_hash");
