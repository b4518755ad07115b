import { clientAddressOf, json, jsonBody, route, viewerOf } from "@/lib/http/handler";
import { createdPartySchema, partyListSchema } from "@/lib/wire/parties";
import { createParty, partiesOf } from "@/lib/server/party-service";

export const GET = route(async (req) => json(partyListSchema, await partiesOf(await viewerOf(req))));

export const POST = route(async (req) => json(createdPartySchema, await createParty(await viewerOf(req), await jsonBody(req), { clientAddress: clientAddressOf(req) }), { status: 201 }));
