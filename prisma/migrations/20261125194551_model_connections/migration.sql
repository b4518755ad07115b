-- CreateTable
CREATE TABLE "model_connections" (
    "id" TEXT NOT NULL,
    "owner_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "base_url" TEXT,
    "key_sealed" TEXT,
    "key_hint" TEXT,
    "models" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "tested_at" TIMESTAMP(3),

    CONSTRAINT "model_connections_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "model_connections_owner_id_created_at_idx" ON "model_connections"("owner_id", "created_at");
