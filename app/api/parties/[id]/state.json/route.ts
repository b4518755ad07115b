import { route, viewerOf } from "@/lib/http/handler";
import { stateOf } from "@/lib/server/party-service";

export const GET = route<{ id: string }>(async (req, { id }) => Response.json(await stateOf(await viewerOf(req), id)));
