import { json, route, viewerOf } from "@/lib/http/handler";
import { stateSchema } from "@/lib/wire/state";
import { stateOf } from "@/lib/server/party-service";

export const GET = route<{ id: string }>(async (req, { id }) => json(stateSchema, await stateOf(await viewerOf(req), id)));
