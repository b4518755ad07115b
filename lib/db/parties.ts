// Named queries for parties, their log, inputs and artifacts. Writes that append to the
// log run in one transaction with the party row locked (see event-log.ts).
import { randomBytes } from "node:crypto";
import { tokenHash } from "../auth/link-tokens";
import { type InputRequestData, type PartyEvent, type StoredEvent, type WalkthroughStep } from "../wire/events";
import { TEAM_NAME } from "../party/party-mode";
import { AppError } from "../errors/app-error";
import type { Database } from "./client";
import { inTransaction } from "./transaction";
import { endActiveJob } from "./jobs";
import { appendEvents, lockParty, type LockedParty } from "./event-log";
import type { Prisma } from "./generated/client";
import { isTerminal, TERMINAL_STATUSES, type Mode } from "../vocabulary";

export interface NewParty {
  id: string;
  ownerId: string;
  title: string;
  description: string;
  mode: Mode | null;
  flags: string[];
  modelSettings: Record<string, unknown>;
  /** The watch link's secret: only its hash is stored. */
  watchToken: string;
  /** What the watch link is derived from (lib/auth/link-tokens.ts), to show it again. */
  watchNonce?: string;
  /** The owner link's secret (a random one when it is not given): only its hash is stored. */
  ownerToken?: string;
  ownerNonce?: string;
  /** The per-address limit's key (lib/server/admission.ts); none from the terminal. */
  clientKey?: string | null;
}

/** Stores the party and its first event. */
export async function insertParty(db: Database, p: NewParty): Promise<StoredEvent[]> {
  return inTransaction(db, async (tx) => {
    await tx.party.create({
      data: { id: p.id, ownerId: p.ownerId, title: p.title, description: p.description, mode: p.mode, flags: p.flags, modelSettings: p.modelSettings as Prisma.InputJsonValue, watchTokenHash: tokenHash(p.watchToken), watchNonce: p.watchNonce ?? null, ownerTokenHash: tokenHash(p.ownerToken ?? randomBytes(24).toString("base64url")), ownerNonce: p.ownerNonce ?? null, clientKey: p.clientKey ?? null },
    });
    const locked = (await lockParty(tx, p.id))!;
    return appendEvents(tx, locked, [{ type: "party-start", data: { mode: p.mode, title: p.title, description: p.description, flags: p.flags } }]);
  });
}

export async function countActiveParties(db: Database, ownerId: string): Promise<number> {
  return db.prisma.party.count({ where: { ownerId, status: { notIn: [...TERMINAL_STATUSES] } } });
}

/** The parties this guest created or was made an owner of (through an owner link). */
export async function listParties(db: Database, ownerId: string, limit = 50) {
  return db.prisma.party.findMany({
    where: { OR: [{ ownerId }, { coOwners: { some: { guestId: ownerId } } }] },
    orderBy: { createdAt: "desc" },
    take: limit,
    select: { id: true, title: true, mode: true, status: true, createdAt: true },
  });
}

export async function findParty(db: Database, id: string) {
  return db.prisma.party.findUnique({ where: { id } });
}

export type PartyRow = NonNullable<Awaited<ReturnType<typeof findParty>>>;

export async function listPhases(db: Database, partyId: string, mode: string) {
  return db.prisma.phase.findMany({ where: { partyId, mode }, orderBy: { number: "asc" } });
}

/** The request the party waits on, with the details only its event carries. */
export async function pendingInput(db: Database, partyId: string): Promise<InputRequestData | null> {
  const r = await db.prisma.inputRequest.findFirst({ where: { partyId, status: "pending" }, orderBy: { createdAt: "desc" } });
  if (!r) return null;
  const ev = await db.prisma.$queryRaw<Array<{ data: InputRequestData }>>`
    SELECT data FROM events WHERE party_id = ${partyId} AND type = 'input-request' AND data->>'requestId' = ${r.id} LIMIT 1`;
  return ev[0]?.data ?? { requestId: r.id, key: r.key, kind: r.kind, title: r.title, body: r.body, options: r.options as unknown as InputRequestData["options"], allowsText: r.allowsText };
}

export async function findInputRequest(db: Database, partyId: string, requestId: string) {
  return db.prisma.inputRequest.findFirst({ where: { id: requestId, partyId } });
}

async function lockOrNotFound(tx: Prisma.TransactionClient, partyId: string): Promise<LockedParty> {
  const locked = await lockParty(tx, partyId);
  if (!locked) throw new AppError("not_found", "No party with that id.");
  return locked;
}

/** Why a request cannot take an answer (unknown → 422, no longer pending → 409), or null. */
export function requestProblem(req: { status: string } | null): AppError | null {
  if (!req) return new AppError("validation_failed", "Invalid input — requestId: no such request for this party", { requestId: "must be the id of this party's pending request" });
  if (req.status !== "pending") return new AppError("conflict", `This request is ${req.status === "answered" ? "already answered" : "no longer open"}; reload to see the current one.`);
  return null;
}

/** Stores the answer and its event, if the request is still pending (else 409). */
export async function recordAnswer(db: Database, partyId: string, requestId: string, answer: { selection: string | null; text: string | null }): Promise<StoredEvent[]> {
  return inTransaction(db, async (tx) => {
    const locked = await lockOrNotFound(tx, partyId);
    const problem = requestProblem(await tx.inputRequest.findFirst({ where: { id: requestId, partyId }, select: { status: true } }));
    if (problem) throw problem;
    return appendEvents(tx, locked, [{ type: "input-response", data: { requestId, selection: answer.selection, text: answer.text } }]);
  });
}

/** Ends the party as cancelled (team cleaned up) unless it has already ended. */
export async function recordCancel(db: Database, partyId: string, reason: string): Promise<StoredEvent[]> {
  return inTransaction(db, async (tx) => {
    const locked = await lockOrNotFound(tx, partyId);
    if (isTerminal(locked.status)) throw new AppError("conflict", `The party is already ${locked.status}.`);
    const teams = await tx.event.groupBy({ by: ["type"], where: { partyId, type: { in: ["team-create", "team-delete"] } }, _count: true });
    const count = (t: string) => teams.find((g) => g.type === t)?._count ?? 0;
    // A job in flight (a revision, a critique) ends with the party: its 202 gets its failure event.
    const events: PartyEvent[] = await endActiveJob(tx, partyId, "The party was cancelled before it finished.");
    if (count("team-create") > count("team-delete")) events.push({ type: "team-delete", data: { team_name: TEAM_NAME } });
    events.push({ type: "party-status", data: { status: "cancelled", currentPhase: null } }, { type: "party-end", data: { status: "cancelled", reason } });
    return appendEvents(tx, locked, events);
  });
}

/** Appends events outside any runner (e.g. marking a party failed after a crash loop). */
export async function appendUnfenced(db: Database, partyId: string, events: PartyEvent[]): Promise<StoredEvent[]> {
  return inTransaction(db, async (tx) => {
    const locked = await lockOrNotFound(tx, partyId);
    if (isTerminal(locked.status)) return [];
    return appendEvents(tx, locked, events);
  });
}

export async function readEvents(db: Database, partyId: string, afterSeq: number, limit = 1000): Promise<StoredEvent[]> {
  const rows = await db.prisma.event.findMany({ where: { partyId, seq: { gt: afterSeq } }, orderBy: { seq: "asc" }, take: limit });
  return rows.map((r) => ({ type: r.type, data: r.data, seq: r.seq, at: r.createdAt.toISOString() }) as StoredEvent);
}

/** The party's usage events and the mode resolutions between them, in log order (what its cost summary reads). */
export async function readUsageLog(db: Database, partyId: string): Promise<StoredEvent[]> {
  const rows = await db.prisma.event.findMany({ where: { partyId, type: { in: ["usage", "mode-resolved"] } }, orderBy: { seq: "asc" } });
  return rows.map((r) => ({ type: r.type, data: r.data, seq: r.seq, at: r.createdAt.toISOString() }) as StoredEvent);
}

export async function listArtifacts(db: Database, partyId: string) {
  const rows = await db.prisma.artifact.findMany({ where: { partyId }, orderBy: [{ phase: "asc" }, { path: "asc" }] });
  return rows.map((a) => ({ path: a.path, title: a.title, producer: a.producer, phase: a.phase, version: a.version, bytes: Buffer.byteLength(a.content), content: a.content }));
}

export async function artifactPaths(db: Database, partyId: string): Promise<string[]> {
  return (await db.prisma.artifact.findMany({ where: { partyId }, select: { path: true } })).map((a) => a.path);
}

export async function findArtifact(db: Database, partyId: string, path: string) {
  return db.prisma.artifact.findUnique({ where: { partyId_path: { partyId, path } } });
}

/** The database of the stack last put to the person (the approved one, once approved). */
export async function approvedDatabase(db: Database, partyId: string): Promise<string | null> {
  const rows = await db.prisma.$queryRaw<Array<{ choice: string | null }>>`
    SELECT data->'details'->'stack'->'database'->>'choice' AS choice FROM events
    WHERE party_id = ${partyId} AND type = 'input-request' AND data->>'kind' = 'stack_approval'
    ORDER BY seq DESC LIMIT 1`;
  return rows[0]?.choice ?? null;
}

export async function tokensUsed(db: Database, partyId: string): Promise<number> {
  return (await db.prisma.party.findUnique({ where: { id: partyId }, select: { tokensUsed: true } }))?.tokensUsed ?? 0;
}

/** Critique rounds of the party (started or finished) whose round id starts with `prefix` (on-demand ones: "critique-"). */
export async function countCritiqueRounds(db: Database, partyId: string, prefix: string): Promise<number> {
  const rows = await db.prisma.$queryRaw<Array<{ n: number }>>`
    SELECT count(DISTINCT data->>'roundId')::int AS n FROM events
    WHERE party_id = ${partyId} AND type IN ('critique-start', 'critique-result') AND starts_with(data->>'roundId', ${prefix})`;
  return rows[0]?.n ?? 0;
}

/** The walkthrough's answered steps, in order (what state.json keeps of them). */
export async function walkthroughSteps(db: Database, partyId: string): Promise<WalkthroughStep[]> {
  const rows = await db.prisma.$queryRaw<Array<{ data: WalkthroughStep }>>`
    SELECT data FROM events WHERE party_id = ${partyId} AND type = 'walkthrough-step' ORDER BY seq`;
  return rows.map((r) => r.data);
}
