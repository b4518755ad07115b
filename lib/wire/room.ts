// POST /api/parties/:id/messages: the person speaking into the room (docs/steering.md).
import { z } from "zod";
import { MAX_MESSAGE_CHARS } from "../vocabulary/input-rules";
import { remarkCarriedSchema } from "./events";

export const roomMessageSchema = z.strictObject({
  text: z
    .string({ error: "is required and must be a string" })
    .trim()
    .min(1, "must not be empty: say something to the team")
    .max(MAX_MESSAGE_CHARS, `must be at most ${MAX_MESSAGE_CHARS} characters`),
  to: z
    .string({ error: "must be a string: an agent's persona key" })
    .regex(/^[a-z][a-z_]{0,39}$/, "must be an agent's persona key, such as nadia or liam")
    .nullish(),
  /** The team's question this answers (a follow-up id from a request's details). */
  answers: z.string({ error: "must be a string: a question's id" }).regex(/^q_[a-f0-9]{12}$/, "must be the id of one of the team's questions, such as q_0123456789ab").nullish(),
});
export type RoomMessageInput = z.input<typeof roomMessageSchema>;

/** 202: `delivery` says where the remark went, in plain words; `carried` says it for programs. */
export const roomMessageAcceptedSchema = z.object({ messageId: z.string(), phase: z.number().int(), delivery: z.string(), carried: remarkCarriedSchema });
export type RoomMessageAccepted = z.infer<typeof roomMessageAcceptedSchema>;
