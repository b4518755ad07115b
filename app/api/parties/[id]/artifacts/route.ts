import { json, route, viewerOf } from "@/lib/http/handler";
import { artifactListSchema } from "@/lib/wire/artifacts";
import { artifactsOf } from "@/lib/server/party-service";

export const GET = route<{ id: string }>(async (req, { id }) => json(artifactListSchema, await artifactsOf(await viewerOf(req), id)));
