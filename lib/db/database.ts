// The process-wide database, chosen by the environment. Kept on globalThis because Next
// bundles instrumentation, route handlers and server components separately: a module
// variable would open PGlite twice.
import { env } from "../env";
import { openDatabase, type Database } from "./client";
import { busyMessage, checkPgliteFree } from "./pglite-guard";

const g = globalThis as { __inceptionDb?: Promise<Database> };

export function getDb(): Promise<Database> {
  if (!g.__inceptionDb) {
    const e = env();
    g.__inceptionDb = e.DATABASE_URL ? openDatabase({ url: e.DATABASE_URL }) : openEmbedded(e.DATA_DIR);
    // The caller gets the rejection; this only forgets it, so the next call opens again.
    g.__inceptionDb.catch(() => {
      g.__inceptionDb = undefined;
    });
  }
  return g.__inceptionDb;
}

/** PGlite takes no lock of its own: refuse a folder another process has open. */
async function openEmbedded(dataDir: string): Promise<Database> {
  const free = await checkPgliteFree(dataDir);
  if (!free.ok) throw new Error(busyMessage(dataDir, free).replace(/^Error: /, ""));
  return openDatabase({ dataDir });
}

export async function closeDb(): Promise<void> {
  const db = g.__inceptionDb;
  g.__inceptionDb = undefined;
  if (db) await (await db).close();
}

/** Tests: serve a throwaway database as the process database. */
export function useDatabase(db: Database): void {
  g.__inceptionDb = Promise.resolve(db);
}
