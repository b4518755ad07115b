import { json, route, viewerOf } from "@/lib/http/handler";
import { partySummarySchema } from "@/lib/wire/parties";
import { partySummary } from "@/lib/server/party-service";

export const GET = route<{ id: string }>(async (req, { id }) => json(partySummarySchema, await partySummary(await viewerOf(req), id)));
