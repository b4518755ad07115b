// What the person says to the team: stored the way an answer is (an unfenced append
// under the party row lock, never the runner's lease), placed by the room's rules inside
// the same transaction, so two remarks cannot both take the phase's last place.
import { randomBytes } from "node:crypto";
import type { RemarkCarried, RevisionResult, StoredEvent } from "../wire/events";
import { personMessageEvents, placeRemark, type Placement, type RoomMessage, type RoomState } from "../party/room";
import { remarkTargets } from "../party/remark-targets";
import { AppError } from "../errors/app-error";
import { phasesOf, type Mode } from "../vocabulary";
import type { Database } from "./client";
import { appendEvents, lockParty } from "./event-log";
import type { Prisma } from "./generated/client";
import { inTransaction } from "./transaction";

type Client = Database["prisma"] | Prisma.TransactionClient;

const toMessage = (r: { id: string; heardIn: number | null; recipient: string | null; text: string; seq: number; answeredBy: unknown; artifactPaths: unknown; answers: string | null }): RoomMessage => ({
  messageId: r.id,
  phase: r.heardIn,
  to: r.recipient,
  text: r.text,
  seq: r.seq,
  answeredBy: (r.answeredBy as string[]) ?? [],
  ...(Array.isArray(r.artifactPaths) ? { artifactPaths: r.artifactPaths as string[] } : {}),
  ...(r.answers ? { answers: r.answers } : {}),
});

/** Every remark of the party, oldest first (what later phases read as the person's words). */
export async function listRemarks(db: Database, partyId: string): Promise<RoomMessage[]> {
  return (await db.prisma.roomMessage.findMany({ where: { partyId }, orderBy: { seq: "asc" } })).map(toMessage);
}

/** Remarks waiting to become revisions (nobody has answered them yet), oldest first. */
export async function waitingRevisionRemarks(c: Client, partyId: string): Promise<RoomMessage[]> {
  const rows = await c.roomMessage.findMany({ where: { partyId, heardIn: null }, orderBy: { seq: "asc" } });
  return rows.map(toMessage).filter((m) => m.answeredBy.length === 0);
}

/** Parties with a revision remark waiting and nothing running on them (the scan starts those). */
export async function partiesWithWaitingRemarks(db: Database, limit = 20): Promise<string[]> {
  const rows = await db.prisma.$queryRaw<Array<{ id: string }>>`
    SELECT DISTINCT p.id, p.updated_at FROM parties p
    JOIN room_messages m ON m.party_id = p.id AND m.heard_in IS NULL AND m.answered_by = '[]'::jsonb
    LEFT JOIN runner_leases l ON l.party_id = p.id
    WHERE p.status IN ('completed', 'awaiting_input') AND p.active_job IS NULL
      AND (l.party_id IS NULL OR l.expires_at < now())
    ORDER BY p.updated_at LIMIT ${limit}`;
  return rows.map((r) => r.id);
}

interface PartyRow {
  id: string;
  status: string;
  mode: string | null;
  currentPhase: number | null;
}

/** The room as the rules see it: the party, its current phase, and the remarks that bound it. */
async function stateOf(c: Client, party: PartyRow, names: { nameOf(agent: string): string; isAgent(agent: string): boolean }): Promise<RoomState> {
  const row = party.mode && party.currentPhase !== null ? await c.phase.findUnique({ where: { partyId_mode_number: { partyId: party.id, mode: party.mode, number: party.currentPhase } } }) : null;
  const live = row ? await c.teamMember.findMany({ where: { partyId: party.id, phase: row.number, status: "spawned" }, select: { personaKey: true }, orderBy: { spawnedAt: "asc" } }) : [];
  const agents = (row?.agents as string[] | undefined) ?? [];
  const [saidInPhase, waiting, heard] = await Promise.all([
    c.roomMessage.count({ where: { partyId: party.id, phase: party.currentPhase ?? 1 } }),
    waitingRevisionRemarks(c, party.id),
    row ? c.roomMessage.findMany({ where: { partyId: party.id, heardIn: row.number }, select: { answeredBy: true } }) : Promise.resolve([]),
  ]);
  const phases = phasesOf((party.mode ?? "party") as Mode);
  return {
    status: party.status,
    mode: party.mode,
    phase: row
      ? { number: row.number, name: row.name, status: row.status, agents, live: agents.filter((a) => live.some((m) => m.personaKey === a)), open: row.roomOpen, messages: row.messageCount, max: row.maxMessages, reserved: row.roomReserved }
      : null,
    owed: heard.filter((m) => !(m.answeredBy as string[]).length).length,
    saidInPhase,
    waitingRevisions: waiting.length,
    phaseName: (n) => phases.find((p) => p.number === n)?.name ?? `phase ${n}`,
    ...names,
  };
}

export async function roomStateOf(db: Database, party: PartyRow, names: { nameOf(agent: string): string; isAgent(agent: string): boolean }): Promise<RoomState> {
  return stateOf(db.prisma, party, names);
}

export interface RecordedRemark {
  messageId: string;
  phase: number;
  stored: StoredEvent[];
  placement: Placement;
  carried: RemarkCarried;
  /** Titles of the documents a revision remark concerns. */
  titles: string[];
  /** A revision remark waits behind others. */
  queued: boolean;
  state: RoomState;
}

/** Places the remark by the room's rules and appends it (409/422/429 with nothing written otherwise). */
export async function recordRoomMessage(db: Database, partyId: string, m: { to: string | null; text: string; answers?: string }, names: { nameOf(agent: string): string; isAgent(agent: string): boolean }): Promise<RecordedRemark> {
  return inTransaction(db, async (tx) => {
    const locked = await lockParty(tx, partyId);
    if (!locked) throw new AppError("not_found", "No party with that id.");
    const party = await tx.party.findUniqueOrThrow({ where: { id: partyId }, select: { id: true, status: true, mode: true, currentPhase: true, activeJob: true } });
    const state = await stateOf(tx, party, names);
    const placement = placeRemark(state, m.to, Boolean(m.answers));
    if ("code" in placement) {
      throw new AppError(placement.code, placement.message, placement.field ? { [placement.field]: placement.message.replace(/^Invalid input — to: /, "") } : undefined, placement.code === "rate_limited" ? 30 : undefined);
    }
    let carried: RemarkCarried;
    let titles: string[] = [];
    if (placement.where === "revision") {
      const docs = await tx.artifact.findMany({ where: { partyId }, select: { path: true, title: true, content: true } });
      const paths = remarkTargets(m.text, Object.fromEntries(docs.map((d) => [d.path, d.content])));
      titles = paths.map((p) => docs.find((d) => d.path === p)!.title);
      carried = { where: "revision", artifactPaths: paths };
    } else {
      carried = { where: placement.where, phase: placement.phase };
    }
    const messageId = `msg_user_${randomBytes(9).toString("base64url")}`;
    const phase = party.currentPhase ?? 1;
    const to = placement.where === "room" ? placement.to : null;
    const stored = await appendEvents(tx, locked, personMessageEvents({ messageId, phase, to, text: m.text, carried, ...(m.answers ? { answers: m.answers } : {}) }));
    const queued = placement.where === "revision" && (state.waitingRevisions > 0 || party.activeJob !== null || !["completed", "awaiting_input"].includes(party.status));
    return { messageId, phase, stored, placement, carried, titles, queued, state };
  });
}

/** The results of the revisions already made for a remark (a resumed plan skips their documents). */
export async function remarkRevisionResults(db: Database, partyId: string, messageId: string): Promise<RevisionResult[]> {
  const rows = await db.prisma.$queryRaw<Array<{ data: RevisionResult }>>`
    SELECT r.data FROM events s
    JOIN events r ON r.party_id = s.party_id AND r.type = 'revision-result' AND r.data->>'revisionId' = s.data->>'revisionId'
    WHERE s.party_id = ${partyId} AND s.type = 'revision-start' AND s.data->>'remarkId' = ${messageId}
    ORDER BY r.seq`;
  return rows.map((r) => r.data);
}
