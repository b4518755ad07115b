// One database per process: embedded PGlite under DATA_DIR by default, a real
// PostgreSQL when DATABASE_URL is set. Migrations run when it opens.
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "./generated/client";
import { applyMigrations, type SqlRunner } from "./migrate";
import { openPGlite } from "./pglite-open";
import { makeDataDirPrivate, SWEEP_MS } from "./private-dir";

export interface Database {
  prisma: PrismaClient;
  kind: "pglite" | "postgres";
  /** Raw SQL outside Prisma, for LISTEN/NOTIFY and migrations. */
  sql: SqlRunner;
  close(): Promise<void>;
}

export type DatabaseConfig = { url: string } | { dataDir: string } | { memory: true };

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if ("url" in config) {
    // Migrations need one session (BEGIN/COMMIT, advisory lock): a dedicated client.
    const client = new pg.Client({ connectionString: config.url });
    await client.connect();
    try {
      await applyMigrations(pgRunner(client));
    } finally {
      await client.end();
    }
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection the server ends (restart, DROP DATABASE ... FORCE) is emitted
    // on the pool; unhandled it would crash the process. The pool replaces it.
    pool.on("error", (e) => console.error(`database: an idle connection was closed by the server (${e.message}); the pool opens a new one`));
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    return {
      prisma,
      kind: "postgres",
      sql: pgRunner(pool),
      async close() {
        await prisma.$disconnect();
        await pool.end();
      },
    };
  }
  let dir: string | undefined;
  if ("dataDir" in config) {
    dir = path.resolve(config.dataDir, "pglite");
    await makeDataDirPrivate(config.dataDir);
  }
  const lite = await openPGlite(dir);
  let sweep: NodeJS.Timeout | undefined;
  if ("dataDir" in config) {
    // A first open has just created the whole cluster, 0666.
    await makeDataDirPrivate(config.dataDir);
    sweep = setInterval(() => void makeDataDirPrivate(config.dataDir).catch((e) => console.error(`database: ${(e as Error).message}`)), SWEEP_MS);
    sweep.unref();
  }
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(lite) });
  return {
    prisma,
    kind: "pglite",
    sql: lite,
    async close() {
      clearInterval(sweep);
      await prisma.$disconnect();
      // Prisma's disconnect does not close PGlite; an open instance hangs process exit.
      if (!lite.closed) await lite.close();
      // Files PGlite created during the run (0666): owner-only again.
      if ("dataDir" in config) await makeDataDirPrivate(config.dataDir).catch((e) => console.error(`database: ${(e as Error).message}`));
    },
  };
}

function pgRunner(db: pg.Pool | pg.Client): SqlRunner {
  return {
    query: async (sql, params) => ({ rows: (await db.query(sql, params as unknown[])).rows }),
    exec: (sql) => db.query(sql),
  };
}
