import { jsonBody, route, viewerOf } from "@/lib/http/handler";
import { requestRevision } from "@/lib/server/revision-service";

export const POST = route<{ id: string }>(async (req, { id }) => Response.json(await requestRevision(await viewerOf(req), id, await jsonBody(req)), { status: 202 }));
