import { jsonBody, route, viewerOf } from "@/lib/http/handler";
import { critiqueArtifact } from "@/lib/server/party-service";

export const POST = route<{ id: string }>(async (req, { id }) => Response.json(await critiqueArtifact(await viewerOf(req), id, await jsonBody(req)), { status: 202 }));
