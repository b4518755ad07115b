import { jsonBody, route, viewerOf } from "@/lib/http/handler";
import { createParty, partiesOf } from "@/lib/server/party-service";

export const GET = route(async (req) => Response.json(await partiesOf(await viewerOf(req))));

export const POST = route(async (req) => Response.json(await createParty(await viewerOf(req), await jsonBody(req)), { status: 201 }));
