import { jsonBody, route, viewerOf } from "@/lib/http/handler";
import { speakToRoom } from "@/lib/server/room-service";

export const POST = route<{ id: string }>(async (req, { id }) => Response.json(await speakToRoom(await viewerOf(req), id, await jsonBody(req)), { status: 202 }));
