// What the person says into the room: stored the way an answer is (an unfenced append
// under the party row lock, never the runner's lease), after the room's rules are
// checked inside the same transaction, so two messages cannot both take the last room.
import { randomBytes } from "node:crypto";
import type { StoredEvent } from "../party/events";
import { personMessageEvents, roomProblem, type RoomMessage, type RoomState } from "../party/room";
import { AppError } from "../errors/app-error";
import type { Database } from "./client";
import { appendEvents, lockParty } from "./event-log";
import type { Prisma } from "./generated/client";
import { inTransaction } from "./transaction";

type Client = Database["prisma"] | Prisma.TransactionClient;

const toMessage = (r: { id: string; phase: number; recipient: string | null; text: string; seq: number; answeredBy: unknown }): RoomMessage => ({
  messageId: r.id,
  phase: r.phase,
  to: r.recipient,
  text: r.text,
  seq: r.seq,
  answeredBy: (r.answeredBy as string[]) ?? [],
});

async function messagesOf(c: Client, partyId: string, phase: number): Promise<RoomMessage[]> {
  return (await c.roomMessage.findMany({ where: { partyId, phase }, orderBy: { seq: "asc" } })).map(toMessage);
}

export function listRoomMessages(db: Database, partyId: string, phase: number): Promise<RoomMessage[]> {
  return messagesOf(db.prisma, partyId, phase);
}

/** The room as the rules see it: the party, its current phase and that phase's messages. */
async function stateOf(c: Client, party: { id: string; status: string; mode: string | null; currentPhase: number | null }, nameOf: (agent: string) => string): Promise<RoomState> {
  const row = party.mode && party.currentPhase !== null ? await c.phase.findUnique({ where: { partyId_mode_number: { partyId: party.id, mode: party.mode, number: party.currentPhase } } }) : null;
  if (!row) return { status: party.status, mode: party.mode, phase: null, messages: [], nameOf };
  const live = await c.teamMember.findMany({ where: { partyId: party.id, phase: row.number, status: "spawned" }, select: { personaKey: true }, orderBy: { spawnedAt: "asc" } });
  const agents = row.agents as string[];
  return {
    status: party.status,
    mode: party.mode,
    phase: {
      number: row.number,
      name: row.name,
      status: row.status,
      agents,
      live: agents.filter((a) => live.some((m) => m.personaKey === a)),
      messages: row.messageCount,
      max: row.maxMessages,
      reserved: row.roomReserved,
      open: row.roomOpen,
    },
    messages: await messagesOf(c, party.id, row.number),
    nameOf,
  };
}

export async function roomStateOf(db: Database, party: { id: string; status: string; mode: string | null; currentPhase: number | null }, nameOf: (agent: string) => string): Promise<RoomState> {
  return stateOf(db.prisma, party, nameOf);
}

/** Checks the room's rules and appends the message (409/422 with nothing written otherwise). */
export async function recordRoomMessage(
  db: Database,
  partyId: string,
  m: { to: string | null; text: string },
  nameOf: (agent: string) => string,
): Promise<{ messageId: string; phase: number; stored: StoredEvent[] }> {
  return inTransaction(db, async (tx) => {
    const locked = await lockParty(tx, partyId);
    if (!locked) throw new AppError("not_found", "No party with that id.");
    const party = await tx.party.findUniqueOrThrow({ where: { id: partyId }, select: { id: true, status: true, mode: true, currentPhase: true } });
    const state = await stateOf(tx, party, nameOf);
    const problem = roomProblem(state, m.to);
    if (problem) throw new AppError(problem.code, problem.message, problem.field ? { [problem.field]: problem.message.replace(/^Invalid input — to: /, "") } : undefined);
    const messageId = `msg_user_${randomBytes(9).toString("base64url")}`;
    const phase = state.phase!.number;
    const stored = await appendEvents(tx, locked, personMessageEvents({ messageId, phase, to: m.to, text: m.text }));
    return { messageId, phase, stored };
  });
}
