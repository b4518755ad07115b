// The one on-demand job per party (a critique round the person asked for, or a revision):
// what a resume needs to find it, and the material a revision reads.
import type { JobStart } from "../party/on-demand-job";
import type { RevisionMaterial } from "../party/revision";
import type { PartyEvent, StoredEvent } from "../wire/events";
import type { Database } from "./client";
import { appendEvents, lockParty } from "./event-log";
import type { Prisma } from "./generated/client";
import { inTransaction } from "./transaction";

export interface UnfinishedJob {
  partyId: string;
  start: JobStart;
}

/** Jobs that started and have no runner (it died): the scan resumes them. */
export async function unfinishedJobs(db: Database, limit = 20): Promise<UnfinishedJob[]> {
  const rows = await db.prisma.$queryRaw<Array<{ partyId: string; type: JobStart["type"]; data: JobStart["data"] }>>`
    SELECT p.id AS "partyId", s.type, s.data
    FROM parties p
    LEFT JOIN runner_leases l ON l.party_id = p.id
    JOIN events s ON s.party_id = p.id
      AND ((s.type = 'critique-start' AND s.data->>'roundId' = p.active_job)
        OR (s.type = 'revision-start' AND s.data->>'revisionId' = p.active_job))
    WHERE p.active_job IS NOT NULL AND p.status NOT IN ('cancelled', 'failed')
      AND (l.party_id IS NULL OR l.expires_at < now())
    ORDER BY p.updated_at
    LIMIT ${limit}`;
  return rows.map((r) => ({ partyId: r.partyId, start: { type: r.type, data: r.data } as JobStart }));
}

/** The job in flight on the party, if any (its id). */
export async function activeJob(db: Database, partyId: string): Promise<string | null> {
  return (await db.prisma.party.findUnique({ where: { id: partyId }, select: { activeJob: true } }))?.activeJob ?? null;
}

/** Revisions the party has had (started or finished): the next one is numbered after them. */
export async function countRevisions(db: Database, partyId: string): Promise<number> {
  const rows = await db.prisma.$queryRaw<Array<{ n: number }>>`
    SELECT count(DISTINCT data->>'revisionId')::int AS n FROM events WHERE party_id = ${partyId} AND type = 'revision-start'`;
  return rows[0]?.n ?? 0;
}

/** The project as it stands: what a revision (or a resumed critique) reads. */
export async function jobMaterial(db: Database, partyId: string): Promise<RevisionMaterial | null> {
  const party = await db.prisma.party.findUnique({ where: { id: partyId }, select: { title: true, description: true, mode: true } });
  if (!party) return null;
  const [artifacts, stack] = await Promise.all([
    db.prisma.artifact.findMany({ where: { partyId }, select: { path: true, content: true } }),
    db.prisma.$queryRaw<Array<{ stack: unknown }>>`
      SELECT data->'details'->'stack' AS stack FROM events
      WHERE party_id = ${partyId} AND type = 'input-request' AND data->>'kind' = 'stack_approval'
      ORDER BY seq DESC LIMIT 1`,
  ]);
  return {
    mode: party.mode === "classic" ? "classic" : "party",
    title: party.title,
    description: party.description,
    techStack: stack[0]?.stack ? JSON.stringify(stack[0].stack, null, 2) : null,
    artifacts: Object.fromEntries(artifacts.map((a) => [a.path, a.content])),
  };
}

/**
 * Makes `jobId` the party's one on-demand job, in one conditional update: two requests
 * at once cannot both pass (the row is the arbiter, not a read followed by a write).
 * A fresh job needs no job in flight and an id never started before (two requests that
 * numbered themselves alike: the second is refused rather than replaying the first); a
 * resumed one must be the job in flight. The caller holds the party's lease, so a
 * reservation without a live lease and without a start event is a dead one
 * (`clearDeadReservations`).
 */
export async function reserveJob(db: Database, partyId: string, jobId: string, fresh: boolean): Promise<boolean> {
  const rows = await db.prisma.$queryRaw<Array<{ id: string }>>`
    UPDATE parties SET active_job = ${jobId}, updated_at = now()
    WHERE id = ${partyId} AND status NOT IN ('cancelled', 'failed')
      AND (CASE WHEN ${fresh} THEN active_job IS NULL AND NOT EXISTS (
             SELECT 1 FROM events e WHERE e.party_id = ${partyId} AND e.type IN ('critique-start', 'revision-start')
               AND (e.data->>'roundId' = ${jobId} OR e.data->>'revisionId' = ${jobId}))
           ELSE active_job = ${jobId} END)
    RETURNING id`;
  return rows.length === 1;
}

/** Frees the party of `jobId` if it is still the job in flight (a job that never wrote its start, or one that ended without a result). */
export async function releaseJob(db: Database, partyId: string, jobId: string): Promise<void> {
  await db.prisma.$executeRaw`UPDATE parties SET active_job = NULL WHERE id = ${partyId} AND active_job = ${jobId}`;
}

/** Reservations whose runner died before the job's start event: nothing would ever resume or clear them. */
export async function clearDeadReservations(db: Database): Promise<number> {
  return db.prisma.$executeRaw`
    UPDATE parties p SET active_job = NULL
    WHERE p.active_job IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM runner_leases l WHERE l.party_id = p.id AND l.expires_at >= now())
      AND NOT EXISTS (SELECT 1 FROM events e WHERE e.party_id = p.id AND e.type IN ('critique-start', 'revision-start')
        AND (e.data->>'roundId' = p.active_job OR e.data->>'revisionId' = p.active_job))`;
}

/**
 * Ends the job in flight with its failure event (a revision-result or critique-result
 * whose status is "failed", with `reason`), so the person who got a 202 sees how it
 * ended; frees the party. Nothing when no job is in flight.
 */
export async function failActiveJob(db: Database, partyId: string, reason: string): Promise<StoredEvent[]> {
  return inTransaction(db, async (tx) => {
    const locked = await lockParty(tx, partyId);
    if (!locked) return [];
    return appendEvents(tx, locked, await endActiveJob(tx, partyId, reason));
  });
}

/**
 * Inside a transaction that holds the party row: frees the party of its job in flight and
 * returns the job's failure event for the caller to append (none when no job had started).
 */
export async function endActiveJob(tx: Prisma.TransactionClient, partyId: string, reason: string): Promise<PartyEvent[]> {
  const jobId = (await tx.party.findUnique({ where: { id: partyId }, select: { activeJob: true } }))?.activeJob;
  if (!jobId) return [];
  const [start] = await tx.$queryRaw<Array<{ type: JobStart["type"]; data: JobStart["data"] }>>`
    SELECT type, data FROM events WHERE party_id = ${partyId} AND type IN ('critique-start', 'revision-start')
      AND (data->>'roundId' = ${jobId} OR data->>'revisionId' = ${jobId}) ORDER BY seq LIMIT 1`;
  await tx.party.update({ where: { id: partyId }, data: { activeJob: null } });
  if (!start) return [];
  if (start.type === "revision-start") {
    const d = start.data as RevisionStartData;
    return [{ type: "revision-result", data: { revisionId: jobId, artifactPath: d.artifactPath, status: "failed", version: null, changesSummary: null, reason } }];
  }
  const d = start.data;
  return [
    {
      type: "critique-result",
      data: { roundId: jobId, artifactPath: d.artifactPath, phase: d.phase, status: "failed", reason, verdict: "failed", severity: "none", averageRating: 0, ratings: [], recommendation: reason, recordPath: "", actionItems: [] },
    },
  ];
}

type RevisionStartData = Extract<JobStart, { type: "revision-start" }>["data"];
