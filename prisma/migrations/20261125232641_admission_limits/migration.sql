-- AlterTable
ALTER TABLE "parties" ADD COLUMN     "client_key" TEXT;

-- CreateIndex
CREATE INDEX "parties_client_key_status_idx" ON "parties"("client_key", "status");

-- CreateIndex
CREATE INDEX "token_usage_created_at_idx" ON "token_usage"("created_at");
