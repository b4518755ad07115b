import { json, jsonBody, route, viewerOf } from "@/lib/http/handler";
import { revisionAcceptedSchema } from "@/lib/wire/revisions";
import { requestRevision } from "@/lib/server/revision-service";

export const POST = route<{ id: string }>(async (req, { id }) => json(revisionAcceptedSchema, await requestRevision(await viewerOf(req), id, await jsonBody(req)), { status: 202 }));
