// Every multi-statement write runs here. Prisma's defaults (wait 2 s for a connection,
// 5 s per transaction) fail parties under load: PGlite has one connection and a busy
// Postgres pool queues. Waiting longer is right for these short, ordered writes.
import type { Database } from "./client";
import type { Prisma } from "./generated/client";

export const TRANSACTION_OPTIONS = { maxWait: 30_000, timeout: 30_000 } as const;

export function inTransaction<T>(db: Database, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return db.prisma.$transaction(fn, TRANSACTION_OPTIONS);
}

/** A write that failed for lack of capacity, not because of the data: retry the run. */
export function isTransientDbError(e: unknown): boolean {
  const code = (e as { code?: string } | null)?.code;
  const msg = e instanceof Error ? e.message : "";
  return code === "P2028" || code === "P2024" || /Unable to start a transaction|Transaction already closed|Timed out fetching a new connection/i.test(msg);
}
