import { route, viewerOf } from "@/lib/http/handler";
import { partySummary } from "@/lib/server/party-service";

export const GET = route<{ id: string }>(async (req, { id }) => Response.json(await partySummary(await viewerOf(req), id)));
