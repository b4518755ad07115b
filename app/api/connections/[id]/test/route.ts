import { json, route, viewerOf } from "@/lib/http/handler";
import { retestConnection } from "@/lib/server/connection-service";
import { connectionTestSchema } from "@/lib/wire/models";

export const POST = route<{ id: string }>(async (req, { id }) => json(connectionTestSchema, await retestConnection(await viewerOf(req), id)));
