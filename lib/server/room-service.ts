// The person speaking into the room (POST /api/parties/:id/messages): validate, check
// access, store the message with the room's rules applied in the same transaction, and
// publish it. Nothing needs to run for it: the team reads the room before each turn.
import { parseOrThrow } from "../errors/app-error";
import type { Viewer } from "../auth/viewer";
import { pendingInput } from "../db/parties";
import { recordRoomMessage } from "../db/room-messages";
import { roomMessageSchema, type RoomMessageAccepted } from "../wire/room";
import { access, nameOf } from "./party-service";
import { getServices } from "./services";

/** 202 {messageId, phase, delivery}: `delivery` says when the team will read it. */
export async function speakToRoom(viewer: Viewer, partyId: string, body: unknown): Promise<RoomMessageAccepted> {
  const party = await access(viewer, partyId, true);
  const input = parseOrThrow(roomMessageSchema, body);
  const { db, bus } = await getServices();
  const { messageId, phase, stored } = await recordRoomMessage(db, party.id, { to: input.to ?? null, text: input.text }, nameOf);
  bus.publish(party.id, stored);
  const who = input.to ? nameOf(input.to) : "every agent of the phase";
  const waiting = party.status === "awaiting_input" ? (await pendingInput(db, party.id))?.title : null;
  return {
    messageId,
    phase,
    delivery: waiting
      ? `Stored. The party waits for your answer to "${waiting}": ${who} will answer your message when it resumes.`
      : `Stored. ${who === "every agent of the phase" ? "Every agent of the phase answers it" : `${who} answers it`} before ${input.to ? "its" : "their"} next turn.`,
  };
}

