import { json, jsonBody, route, viewerOf } from "@/lib/http/handler";
import { critiqueAcceptedSchema } from "@/lib/wire/critique";
import { critiqueArtifact } from "@/lib/server/party-service";

export const POST = route<{ id: string }>(async (req, { id }) => json(critiqueAcceptedSchema, await critiqueArtifact(await viewerOf(req), id, await jsonBody(req)), { status: 202 }));
