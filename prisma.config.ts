// Only `prisma generate` uses this file: migrations are authored by
// scripts/create-migration.ts and applied in-process (lib/db/migrate.ts), because the
// Prisma CLI's native schema engine cannot be downloaded on these machines.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
