import { route, viewerOf } from "@/lib/http/handler";
import { artifactsOf } from "@/lib/server/party-service";

export const GET = route<{ id: string }>(async (req, { id }) => Response.json(await artifactsOf(await viewerOf(req), id)));
