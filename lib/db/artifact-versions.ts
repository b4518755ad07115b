// Every version of every artifact (artifacts holds the latest): the version list the API
// shows beside each artifact, and one version's text.
import type { Database } from "./client";

export interface VersionInfo {
  version: number;
  at: string;
  producer: string;
  reason: string | null;
  revisionId: string | null;
}

/** path → its versions, oldest first (without their text). */
export async function listVersions(db: Database, partyId: string): Promise<Map<string, VersionInfo[]>> {
  const rows = await db.prisma.artifactVersion.findMany({
    where: { partyId },
    select: { path: true, version: true, createdAt: true, producer: true, reason: true, revisionId: true },
    orderBy: [{ path: "asc" }, { version: "asc" }],
  });
  const out = new Map<string, VersionInfo[]>();
  for (const r of rows) {
    out.set(r.path, [...(out.get(r.path) ?? []), { version: r.version, at: r.createdAt.toISOString(), producer: r.producer, reason: r.reason, revisionId: r.revisionId }]);
  }
  return out;
}

export async function findVersion(db: Database, partyId: string, path: string, version: number) {
  return db.prisma.artifactVersion.findUnique({ where: { partyId_path_version: { partyId, path, version } } });
}
