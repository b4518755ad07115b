// Runner leases: which instance runs a party. Claiming bumps the epoch, and every runner
// write checks it (party-store.ts), so only the latest claimant can write. Times come
// from the database clock, never from the instances' own clocks.
import type { Database } from "./client";

export interface Lease {
  partyId: string;
  owner: string;
  epoch: number;
}

/**
 * Takes the lease if it is free, expired, or already ours; null when another runner holds
 * it. `reentrant: false` refuses a lease this instance holds too: an on-demand job must
 * never take the party from work already running here (taking it bumps the epoch, and
 * the running work's writes would all be refused).
 */
export async function claimLease(db: Database, partyId: string, owner: string, leaseMs: number, reentrant = true): Promise<Lease | null> {
  const rows = await db.prisma.$queryRaw<Array<{ epoch: number }>>`
    INSERT INTO runner_leases (party_id, owner, epoch, expires_at)
    VALUES (${partyId}, ${owner}, 1, now() + ${leaseMs} * interval '1 millisecond')
    ON CONFLICT (party_id) DO UPDATE
      SET owner = EXCLUDED.owner, epoch = runner_leases.epoch + 1, expires_at = EXCLUDED.expires_at
      WHERE runner_leases.expires_at < now() OR (${reentrant} AND runner_leases.owner = EXCLUDED.owner)
    RETURNING epoch`;
  return rows[0] ? { partyId, owner, epoch: rows[0].epoch } : null;
}

/** Extends the lease; false means it was lost (taken over) and the runner must stop. */
export async function renewLease(db: Database, lease: Lease, leaseMs: number): Promise<boolean> {
  const n = await db.prisma.$executeRaw`
    UPDATE runner_leases SET expires_at = now() + ${leaseMs} * interval '1 millisecond'
    WHERE party_id = ${lease.partyId} AND epoch = ${lease.epoch}`;
  return n === 1;
}

/** Lets another runner claim at once (the party is waiting for input, or done). */
export async function releaseLease(db: Database, lease: Lease): Promise<void> {
  await db.prisma.$executeRaw`
    UPDATE runner_leases SET expires_at = now() - interval '1 millisecond'
    WHERE party_id = ${lease.partyId} AND epoch = ${lease.epoch}`;
}

/**
 * Parties that need a runner and have none: not finished, no live lease, and either
 * running or waiting on a request that has since been answered. `owner`: a lease this
 * instance's id still holds counts as none — the instance restarted and lost the run, so
 * it takes its parties back at once instead of waiting for its own lease to expire.
 */
export async function orphanedParties(db: Database, owner: string | null = null, limit = 50): Promise<string[]> {
  const rows = await db.prisma.$queryRaw<Array<{ id: string }>>`
    SELECT p.id FROM parties p
    LEFT JOIN runner_leases l ON l.party_id = p.id
    WHERE p.status IN ('pending', 'in_progress', 'awaiting_input')
      AND (l.party_id IS NULL OR l.expires_at < now() OR l.owner = ${owner})
      AND (p.status <> 'awaiting_input'
           OR NOT EXISTS (SELECT 1 FROM input_requests r WHERE r.party_id = p.id AND r.status = 'pending'))
    ORDER BY p.updated_at
    LIMIT ${limit}`;
  return rows.map((r) => r.id);
}

/**
 * Milliseconds until the next lease of another runner on an unfinished party expires
 * (null: none held). A scan timed for then takes a dead runner's party over as soon as
 * its lease allows, not up to a scan interval later.
 */
export async function msUntilNextExpiry(db: Database, owner: string): Promise<number | null> {
  const rows = await db.prisma.$queryRaw<Array<{ ms: number | null }>>`
    SELECT (EXTRACT(EPOCH FROM min(l.expires_at) - now()) * 1000)::float8 AS ms
    FROM runner_leases l JOIN parties p ON p.id = l.party_id
    WHERE l.expires_at > now() AND l.owner <> ${owner} AND p.status IN ('pending', 'in_progress', 'awaiting_input')`;
  const ms = rows[0]?.ms;
  return ms === null || ms === undefined ? null : Number(ms);
}
