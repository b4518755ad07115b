import { json, jsonBody, route, viewerOf } from "@/lib/http/handler";
import { roomMessageAcceptedSchema } from "@/lib/wire/room";
import { speakToRoom } from "@/lib/server/room-service";

export const POST = route<{ id: string }>(async (req, { id }) => json(roomMessageAcceptedSchema, await speakToRoom(await viewerOf(req), id, await jsonBody(req)), { status: 202 }));
