// The person speaking to the team (POST /api/parties/:id/messages): validate, check
// access, place and store the remark in one transaction, publish it, and start the
// revision it became when the party is free. A remark is refused only when the party is
// over for good (cancelled, failed) or past the per-phase bound.
import { parseOrThrow } from "../errors/app-error";
import type { Viewer } from "../auth/viewer";
import { recordRoomMessage } from "../db/room-messages";
import { deliverySentence } from "../party/room";
import { roomMessageSchema, type RoomMessageAccepted } from "../wire/room";
import { access, agentNames } from "./party-service";
import { startWaitingRemark } from "./remark-service";
import { getServices } from "./services";

/** 202 {messageId, phase, delivery, carried}: `delivery` says, in plain words, where the remark went. */
export async function speakToRoom(viewer: Viewer, partyId: string, body: unknown): Promise<RoomMessageAccepted> {
  const party = await access(viewer, partyId, true);
  const input = parseOrThrow(roomMessageSchema, body);
  const { bus } = await getServices();
  const r = await recordRoomMessage((await getServices()).db, party.id, { to: input.to ?? null, text: input.text, ...(input.answers ? { answers: input.answers } : {}) }, agentNames);
  bus.publish(party.id, r.stored);
  if (r.placement.where === "revision" && !r.queued) void startWaitingRemark(party.id).catch((e: unknown) => console.error(`party ${party.id}: could not start the remark's revision (${(e as Error).message})`));
  return { messageId: r.messageId, phase: r.phase, delivery: deliverySentence(r.state, r.placement, r.titles, r.queued), carried: r.carried };
}
