// What the kickoff limits count (lib/server/admission.ts decides): parties still running
// or waiting per client address, parties running on the whole deployment, and the
// tokens models other than the built-in one spent in the last hour.
// (`cap` must be above 0.)
import { TERMINAL_STATUSES } from "../vocabulary";
import type { Database } from "./client";

/** A party the runner is working on (or about to): waiting for the person costs nothing. */
export const RUNNING_STATUSES = ["pending", "in_progress"] as const;

export async function countActivePartiesFrom(db: Database, clientKey: string): Promise<number> {
  return db.prisma.party.count({ where: { clientKey, status: { notIn: [...TERMINAL_STATUSES] } } });
}

export async function countRunningParties(db: Database): Promise<number> {
  return db.prisma.party.count({ where: { status: { in: [...RUNNING_STATUSES] } } });
}

/**
 * Tokens spent since `since` by models that cost something (the built-in offline model
 * is left out), and when enough of them will have left the window for the total to be
 * under `cap` again (null when it already is).
 */
export async function paidTokensSince(db: Database, since: Date, cap: number): Promise<{ total: number; underCapAt: Date | null }> {
  const rows = await db.prisma.$queryRaw<Array<{ created_at: Date; running: bigint | number; total: bigint | number }>>`
    SELECT created_at, running, total FROM (
      SELECT created_at,
             SUM(input_tokens + output_tokens) OVER (ORDER BY created_at, id) AS running,
             SUM(input_tokens + output_tokens) OVER () AS total
      FROM token_usage
      WHERE created_at > ${since} AND model <> 'offline' AND model NOT LIKE 'offline:%'
    ) w
    WHERE total - running < ${cap}
    ORDER BY created_at
    LIMIT 1`;
  // No row: nothing spent. Otherwise the last row always qualifies (cap > 0).
  if (!rows.length) return { total: 0, underCapAt: null };
  const total = Number(rows[0].total);
  return { total, underCapAt: total < cap ? null : rows[0].created_at };
}
