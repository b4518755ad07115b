// A throwaway database for integration tests: a fresh database on the real server when
// TEST_DATABASE_URL is set (CI does that), otherwise an in-memory PGlite.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../client";
import { processDatabase } from "../database";

export interface TestDatabase extends Database {
  /** Closes and, on a real server, drops the database. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({ memory: true });
    return { ...db, destroy: () => db.close() };
  }
  const name = `ip_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString() });
  return {
    ...db,
    async destroy() {
      await db.close();
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** Serves `db` as the process database (getDb), so routes and services under test use it. */
export function useDatabase(db: Database): void {
  processDatabase.__inceptionDb = Promise.resolve(db);
}
