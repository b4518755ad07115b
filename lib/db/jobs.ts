// The one on-demand job per party (a critique round the person asked for, or a revision):
// what a resume needs to find it, and the material a revision reads.
import type { JobStart } from "../party/on-demand-job";
import type { RevisionMaterial } from "../party/revision";
import type { Database } from "./client";

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
