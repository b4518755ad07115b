// Appending to a party's event log, inside the caller's transaction: seq numbers come
// from parties.last_seq under the row lock (gap-free, no two writers interleave), and
// every event is projected into the queryable tables in the same transaction, so the
// tables never disagree with the log.
import { type PartyEvent, type StoredEvent } from "../wire/events";
import { countsAgainstBudget } from "../party/room";
import type { Prisma } from "./generated/client";
import { isTerminal, PERSON } from "../vocabulary";

type Tx = Prisma.TransactionClient;

export interface LockedParty {
  id: string;
  mode: string | null;
  status: string;
  lastSeq: number;
}

/** Locks the party row for the rest of the transaction. */
export async function lockParty(tx: Tx, partyId: string): Promise<LockedParty | null> {
  const rows = await tx.$queryRaw<LockedParty[]>`SELECT id, mode, status, last_seq AS "lastSeq" FROM parties WHERE id = ${partyId} FOR UPDATE`;
  return rows[0] ?? null;
}

/** Appends events after `locked.lastSeq`; the party row must be locked by this transaction. */
export async function appendEvents(tx: Tx, locked: LockedParty, events: PartyEvent[]): Promise<StoredEvent[]> {
  if (events.length === 0) return [];
  const at = new Date();
  const stored = events.map((e, i) => ({ ...e, seq: locked.lastSeq + 1 + i, at: at.toISOString() }) as StoredEvent);
  await tx.event.createMany({
    data: stored.map((e) => ({ partyId: locked.id, seq: e.seq, type: e.type, data: e.data as Prisma.InputJsonValue, createdAt: at })),
  });
  locked.lastSeq += events.length;
  await tx.party.update({ where: { id: locked.id }, data: { lastSeq: locked.lastSeq } });
  for (const e of stored) await project(tx, locked, e, at);
  return stored;
}

/**
 * Events that change no table but the log: a message's stream. Token deltas are by far
 * the most frequent event, so a commit of only these takes a one-statement path
 * (party-store.ts). `project` below must leave every type listed here alone.
 */
export const STREAM_EVENT_TYPES: ReadonlySet<PartyEvent["type"]> = new Set(["message-start", "message-delta", "message-discard"]);

async function project(tx: Tx, p: LockedParty, e: StoredEvent, at: Date): Promise<void> {
  const partyId = p.id;
  switch (e.type) {
    case "party-start":
      await tx.party.update({ where: { id: partyId }, data: { startedAt: at } });
      return;
    case "mode-resolved":
      p.mode = e.data.mode;
      await tx.party.update({ where: { id: partyId }, data: { mode: e.data.mode } });
      return;
    case "task-create":
      await tx.phase.createMany({
        data: e.data.tasks.map((t) => ({ partyId, mode: e.data.mode, number: t.number, name: t.name, subject: t.subject, activeForm: t.activeForm, maxMessages: t.maxMessages })),
        skipDuplicates: true,
      });
      return;
    case "phase-start":
      await tx.phase.updateMany({
        where: { partyId, mode: p.mode ?? "party", number: e.data.phase },
        data: { status: "in_progress", agents: e.data.agents, messageCount: 0, startedAt: at, completedAt: null, roomReserved: 0, roomOpen: true },
      });
      return;
    case "room-update":
      await tx.phase.updateMany({ where: { partyId, mode: p.mode ?? "party", number: e.data.phase }, data: { roomReserved: e.data.reserved, roomOpen: e.data.open } });
      return;
    case "phase-end":
      await tx.phase.updateMany({
        where: { partyId, mode: p.mode ?? "party", number: e.data.phase },
        data: { status: e.data.status, completedAt: at },
      });
      return;
    case "message-end":
      // The agents' own debate counts against the phase's budget; the person's remarks and
      // the replies they get do not.
      if (countsAgainstBudget(e.data)) {
        await tx.phase.updateMany({ where: { partyId, mode: p.mode ?? "party", number: e.data.phase }, data: { messageCount: { increment: 1 } } });
      }
      if (e.data.sender === PERSON) {
        const c = e.data.carried;
        await tx.roomMessage.create({
          data: {
            id: e.data.messageId,
            partyId,
            phase: e.data.phase,
            heardIn: c?.where === "revision" ? null : (c?.phase ?? e.data.phase),
            ...(c?.artifactPaths ? { artifactPaths: c.artifactPaths } : {}),
            ...(e.data.answers ? { answers: e.data.answers } : {}),
            recipient: e.data.recipient,
            text: e.data.content,
            seq: e.seq,
            createdAt: at,
          },
        });
      }
      if (e.data.replyTo?.length) {
        // Appends the replying agent to each answered message (once, even if replayed).
        await tx.$executeRaw`
          UPDATE room_messages SET answered_by = answered_by || to_jsonb(${e.data.sender}::text)
          WHERE party_id = ${partyId} AND id = ANY(${e.data.replyTo}::text[]) AND NOT answered_by ? ${e.data.sender}`;
      }
      return;
    case "remark-carried":
      await tx.roomMessage.updateMany({
        where: { partyId, id: e.data.messageId },
        // Handed on to other agents: it is for all of them.
        data: { recipient: null, heardIn: e.data.where === "revision" ? null : (e.data.phase ?? null), ...(e.data.artifactPaths ? { artifactPaths: e.data.artifactPaths } : {}) },
      });
      return;
    case "agent-spawn":
      await tx.teamMember.upsert({
        where: { partyId_phase_personaKey: { partyId, phase: e.data.phase, personaKey: e.data.agent } },
        create: { partyId, phase: e.data.phase, personaKey: e.data.agent, status: "spawned" },
        update: { status: "spawned" },
      });
      return;
    case "agent-failure":
      if (e.data.final) await tx.teamMember.updateMany({ where: { partyId, phase: e.data.phase, personaKey: e.data.agent }, data: { status: "failed" } });
      return;
    case "agent-shutdown":
      await tx.teamMember.updateMany({ where: { partyId, phase: e.data.phase, personaKey: e.data.agent, status: { not: "failed" } }, data: { status: "shut_down" } });
      return;
    case "input-request":
      await tx.inputRequest.createMany({
        data: [{ id: e.data.requestId, partyId, key: e.data.key, kind: e.data.kind, title: e.data.title, body: e.data.body, options: e.data.options as unknown as Prisma.InputJsonValue, allowsText: e.data.allowsText }],
        skipDuplicates: true,
      });
      return;
    case "input-response":
      await tx.inputRequest.updateMany({ where: { id: e.data.requestId, partyId }, data: { status: "answered", selection: e.data.selection, text: e.data.text, answeredAt: at } });
      return;
    case "artifact-write": {
      const { path, title, producer, phase, content } = e.data;
      const a = await tx.artifact.upsert({
        where: { partyId_path: { partyId, path } },
        create: { partyId, path, title, producer, phase, content },
        update: { title, producer, phase, content, version: { increment: 1 } },
        select: { version: true },
      });
      await tx.artifactVersion.create({
        data: { partyId, path, version: a.version, title, content, producer, phase, reason: e.data.reason ?? null, revisionId: e.data.revisionId ?? null, createdAt: at },
      });
      return;
    }
    case "artifact-discard": {
      const where = e.data.paths.includes("*") ? { partyId } : { partyId, path: { in: e.data.paths } };
      await tx.artifact.deleteMany({ where });
      await tx.artifactVersion.deleteMany({ where });
      return;
    }
    case "artifact-missing":
      await tx.$executeRaw`UPDATE parties SET missing_artifacts = missing_artifacts || ${JSON.stringify([e.data])}::jsonb WHERE id = ${partyId}`;
      return;
    // The one on-demand job in flight: a critique round the person asked for, or a revision.
    case "critique-start":
      if (e.data.onDemand) await tx.party.update({ where: { id: partyId }, data: { activeJob: e.data.roundId } });
      return;
    case "critique-result":
      await tx.party.updateMany({ where: { id: partyId, activeJob: e.data.roundId }, data: { activeJob: null } });
      return;
    case "revision-start":
      if (e.data.onDemand) await tx.party.update({ where: { id: partyId }, data: { activeJob: e.data.revisionId } });
      return;
    case "revision-result":
      await tx.party.updateMany({ where: { id: partyId, activeJob: e.data.revisionId }, data: { activeJob: null } });
      return;
    case "usage":
      await tx.tokenUsage.create({
        data: { partyId, model: e.data.model, inputTokens: e.data.inputTokens, outputTokens: e.data.outputTokens },
      });
      await tx.party.update({ where: { id: partyId }, data: { tokensUsed: { increment: e.data.inputTokens + e.data.outputTokens } } });
      return;
    case "party-status":
      if (isTerminal(p.status)) return;
      p.status = e.data.status;
      await tx.party.update({ where: { id: partyId }, data: { status: e.data.status, ...(e.data.currentPhase !== null ? { currentPhase: e.data.currentPhase } : {}) } });
      return;
    case "party-end":
      p.status = e.data.status;
      await tx.party.update({
        where: { id: partyId },
        data: {
          status: e.data.status,
          completedAt: at,
          error: e.data.status === "completed" ? null : (e.data.reason ?? null),
          // A cancelled or failed party takes no more work: no job stays in flight on it.
          ...(e.data.status === "completed" ? {} : { activeJob: null }),
          ...(e.data.discovery_context ? { discoveryContext: e.data.discovery_context as Prisma.InputJsonValue } : {}),
        },
      });
      // Nothing is left to answer once the party is over.
      await tx.inputRequest.updateMany({ where: { partyId, status: "pending" }, data: { status: "cancelled" } });
      return;
    default:
      return;
  }
}
