import { route, viewerOf } from "@/lib/http/handler";
import { cancelParty } from "@/lib/server/party-service";

export const POST = route<{ id: string }>(async (req, { id }) => Response.json(await cancelParty(await viewerOf(req), id), { status: 202 }));
