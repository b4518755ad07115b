// The process-wide database, chosen by the environment. Kept on globalThis because Next
// bundles instrumentation, route handlers and server components separately: a module
// variable would open PGlite twice.
import { env } from "../env";
import { openDatabase, type Database } from "./client";
import { busyMessage, checkPgliteFree } from "./pglite-guard";

/** Where the process database is kept (a test puts its own there: lib/db/testing). */
export const processDatabase = globalThis as { __inceptionDb?: Promise<Database> };

export function getDb(): Promise<Database> {
  if (!processDatabase.__inceptionDb) {
    const e = env();
    processDatabase.__inceptionDb = e.DATABASE_URL ? openDatabase({ url: e.DATABASE_URL }) : openEmbedded(e.DATA_DIR);
    // The caller gets the rejection; this only forgets it, so the next call opens again.
    processDatabase.__inceptionDb.catch(() => {
      processDatabase.__inceptionDb = undefined;
    });
  }
  return processDatabase.__inceptionDb;
}

/** PGlite takes no lock of its own: refuse a folder another process has open. */
async function openEmbedded(dataDir: string): Promise<Database> {
  const free = await checkPgliteFree(dataDir);
  if (!free.ok) throw new Error(busyMessage(dataDir, free).replace(/^Error: /, ""));
  return openDatabase({ dataDir });
}

export async function closeDb(): Promise<void> {
  const db = processDatabase.__inceptionDb;
  processDatabase.__inceptionDb = undefined;
  if (db) await (await db).close();
}
