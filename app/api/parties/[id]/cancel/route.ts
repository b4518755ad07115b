import { json, route, viewerOf } from "@/lib/http/handler";
import { cancelledSchema } from "@/lib/wire/parties";
import { cancelParty } from "@/lib/server/party-service";

export const POST = route<{ id: string }>(async (req, { id }) => json(cancelledSchema, await cancelParty(await viewerOf(req), id), { status: 202 }));
